/**
 * buildApp(config, deps) -> a ready Fastify instance. main.ts and every test build the app here,
 * passing the adapters (database, mail, images, payments, social) they want.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import * as MSG from '@shared/messages';
import type { Config } from './config';
import type { AppContext, AppDeps } from './context';
import { flows } from './flows';
import type { ModuleRoutes, ZodFastify } from './http';
import { prettyLogStream, requestLogLevel, requestLogLine } from './lib/logging';
import { resolveJwtSecret } from './lib/secrets';
import { TokenService } from './lib/tokens';
import { accessPlugin } from './plugins/access';
import { errorHandlerPlugin } from './plugins/error-handler';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textInputPlugin } from './plugins/text-input';
import { openApiPlugin } from './plugins/openapi';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { accountRoutes, privacyRoutes, sessionVersionsOf } from './modules/accounts';
import { cartRoutes } from './modules/cart';
import { checkoutRoutes } from './modules/checkout';
import { contactRoutes } from './modules/contact';
import { AnswerCache, dashboardRoutes, SharedReads } from './modules/dashboard';
import { discountAdminRoutes, discountRoutes } from './modules/discounts';
import { eventRoutes, ProductEvents } from './modules/events';
import { imageRoutes } from './modules/images';
import { mailboxRoutes, MailWorker } from './modules/mail';
import { aftercareRoutes, orderRoutes, PrintWorker, type PrintWorkerOptions } from './modules/orders';
import { CatalogueCache, ListingCache, catalogueRoutes, productAdminRoutes } from './modules/products';
import { reviewAdminRoutes, reviewRoutes } from './modules/reviews';
import { backupRoutes, Backups, RefundCheck, Retention, systemRoutes, type BackupOptions } from './modules/system';
import { wishlistRoutes } from './modules/wishlist';
import { webRoutes } from './modules/web';

export type App = ZodFastify & { ctx: AppContext };

/** Every module's routes, registered in this order (the web app's pages last: it answers every other address). */
const modules: ModuleRoutes[] = [
  systemRoutes,
  backupRoutes,
  mailboxRoutes,
  imageRoutes,
  catalogueRoutes,
  contactRoutes,
  accountRoutes,
  privacyRoutes,
  wishlistRoutes,
  cartRoutes,
  checkoutRoutes,
  productAdminRoutes,
  orderRoutes,
  aftercareRoutes,
  discountRoutes,
  dashboardRoutes,
  // After the dashboard's: the codes sent and revoking one kept their place in the API document.
  discountAdminRoutes,
  eventRoutes,
  reviewRoutes,
  reviewAdminRoutes,
  webRoutes,
];

export interface BuildOptions {
  /** Start the mail and print workers' timers. Tests that drive them themselves (`ctx.mailWorker.kick()`) pass false. */
  background?: boolean;
  /** The print worker's retry and lease times (tests and the bench shorten them). */
  printWorker?: PrintWorkerOptions;
  /** Where log lines go (default stdout, pretty or JSON by LOG_FORMAT); tests capture them (JSON) to prove no secret is logged. */
  logStream?: { write(line: string): void };
  /** How backups open their files (a test simulates a full disk). */
  backups?: BackupOptions;
}

/** Log fields that may carry a credential. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'password',
  'token',
  '*.password',
  '*.token',
];

/** Query values that are credentials (mailed tokens) never reach the log, nor do e-mail addresses in paths. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|review_token|password|code|session_id|email)=)[^&#]*/gi, '$1[redacted]')
    .replace(/\/[^/?#]*(?:@|%40)[^/?#]*/g, '/[email]');
}

/**
 * A request is one line, written when it has been answered (`GET /api/x 200 4ms`, its address
 * redacted), instead of Fastify's "incoming request" and "request completed" pair. Served static
 * files are at debug level (lib/logging.ts); Fastify's other lines (errors, streams) stay.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const url = redactUrl(request.url);
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const line = requestLogLine(request.method, url, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log[requestLogLevel(url.split('?')[0] ?? url, reply.statusCode)](fields, line);
  }
}

/** proxy-addr trust function: the first `hops` addresses from our side of the connection. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const stream = options.logStream ?? (config.LOG_FORMAT === 'pretty' ? await prettyLogStream() : undefined);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(stream ? { stream } : {}),
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    logController: new OneLinePerRequest(),
    // A hop count trusts only the addresses our own proxies appended, never the client's claims.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Slow and idle clients (decision 101). Node checks the request and headers deadlines every
    // connectionsCheckingInterval, so that is kept to a fraction of the shorter one.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(config.HTTP_HEADERS_TIMEOUT_MS / 4))),
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a path that is not valid percent-encoded UTF-8, e.g. a lone
    // surrogate's bytes, or a parameter over its length) answer in the one error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: MSG.addressTooLong });
      return reply.status(400).send({ message: MSG.badAddress });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = new TokenService(await resolveJwtSecret(config, deps.database));
  const events = new ProductEvents(deps.database);
  const catalogue = new CatalogueCache(deps.database.db);
  const ctx: AppContext = {
    ...deps,
    config,
    tokens,
    events,
    flows,
    mailWorker: new MailWorker(deps.database.db, deps.mail, app.log),
    printWorker: new PrintWorker(() => ctx, options.printWorker),
    catalogue,
    listing: new ListingCache(deps.database.db, catalogue),
    dashboardAnswers: new AnswerCache<Buffer>(config.DASHBOARD_CACHE_SECONDS * 1000),
    dashboardReads: new SharedReads(),
    sessionVersions: sessionVersionsOf(deps.database),
    backups: new Backups(() => ctx, options.backups),
    retention: new Retention(() => ctx),
    refundCheck: new RefundCheck(() => ctx),
    log: app.log,
  };
  app.decorate('ctx', ctx);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(rateLimit, {
    global: false,
    // Counters in the database: every instance spends the same budget.
    store: databaseRateLimitStore(deps.database.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(accessPlugin, { tokens, sessionVersion: (userId) => ctx.sessionVersions.current(userId) });
  await app.register(textInputPlugin);
  await app.register(openApiPlugin, { config });

  for (const register of modules) {
    await register(app, ctx);
  }

  app.addHook('onReady', async () => {
    await events.start();
    if (options.background !== false) {
      ctx.mailWorker.start();
      ctx.printWorker.start();
      ctx.backups.start();
      ctx.retention.start();
      ctx.refundCheck.start();
    }
  });
  app.addHook('onClose', async () => {
    await ctx.backups.stop();
    await ctx.retention.stop();
    await ctx.refundCheck.stop();
    await ctx.printWorker.stop();
    await ctx.mailWorker.stop();
    await events.stop();
  });

  return app as unknown as App;
}
