/**
 * Every environment variable the shop reads, parsed once at start. A bad value stops the start
 * with one line per bad variable. `.env.example` documents each one.
 */
import path from 'node:path';
import { availableParallelism, tmpdir } from 'node:os';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUTS as DB_DEFAULTS } from './db/timeouts';
import { mailSender } from './adapters/mail/transport';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));
const optionalUrl = optionalText.pipe(z.url({ message: 'must be a URL' }).optional());
/**
 * A link of the footer: an http(s) address, 'none' (or empty) to hide it, or the demo's
 * placeholder when the variable is not set at all.
 */
const optionalProfileUrl = (placeholder: string | undefined) =>
  z
    .string()
    .trim()
    .default(placeholder ?? '')
    .transform((value) => (value === '' || value.toLowerCase() === 'none' ? undefined : value))
    .pipe(
      z.url({ protocol: /^https?$/, message: "must be an http(s) address, or 'none' to hide the link" }).optional(),
    );
const millis = (fallback: number, { off = false, max = 3_600_000 }: { off?: boolean; max?: number } = {}) =>
  z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(off ? 0 : 1, { message: off ? 'must be 0 (off) or more milliseconds' : 'must be at least 1 millisecond' })
    .max(max, { message: `must be at most ${max} milliseconds` })
    .default(fallback);
const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /**
     * Interface to listen on. Unset: 127.0.0.1 (this machine only) outside production, so a
     * development start, with its mailbox of sign-in links, is not on the network; 0.0.0.0 in
     * production (decisions/102).
     */
    HOST: optionalText,
    /** Address shoppers reach the shop at; used in mailed links and canonical URLs. */
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * The owner's reports (the dashboard) run on a pool of their own, of this many connections, on
     * top of DATABASE_POOL_SIZE: they can never take the shop's connections (decision 132).
     */
    DATABASE_REPORTING_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(2),
    /** How long the shop waits on PostgreSQL (db/timeouts.ts, decision 100). */
    DATABASE_CONNECT_TIMEOUT_MS: millis(DB_DEFAULTS.connectMs),
    DATABASE_QUERY_TIMEOUT_MS: millis(DB_DEFAULTS.queryMs),
    DATABASE_STATEMENT_TIMEOUT_MS: millis(DB_DEFAULTS.statementMs, { off: true }),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(DB_DEFAULTS.idleInTransactionMs, { off: true }),
    DATABASE_IDLE_TIMEOUT_MS: millis(DB_DEFAULTS.idleMs),
    DATABASE_KEEPALIVE_DELAY_MS: millis(DB_DEFAULTS.keepAliveDelayMs),
    DATABASE_LISTEN_HEARTBEAT_MS: millis(DB_DEFAULTS.listenHeartbeatMs),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * pretty: one readable line per entry (pino-pretty), the default with NODE_ENV=development;
     * json: one JSON object per line, the default otherwise (log collectors, tests). Decision 096.
     */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /**
     * Reverse proxies in front of the shop. 'true' = one proxy hop (the client address is the last
     * X-Forwarded-For entry, which that proxy wrote; earlier entries are the client's own claims),
     * a number = that many hops, or a comma-separated list of proxy addresses/CIDRs. Never "trust all".
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx): false | number | string[] => {
        if (!value || value === 'false' || value === '0') return false;
        if (value === 'true') return 1;
        if (/^\d+$/.test(value)) return Number(value);
        const list = value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        if (list.every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) return list;
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true (one proxy), a number of proxies, or a list of proxy addresses',
        });
        return z.NEVER;
      }),
    /** The built web app the shop serves (npm run build); parallel test runs give each their own. */
    WEB_DIST_DIR: z.string().default('dist/web'),
    /**
     * Server-rendered pages (decision 131): the bytes the kept pages may hold (with their gzip;
     * the least recently sent is dropped first), and what a page not kept may cost: renders at
     * once, renders waiting for a turn (past it 503 with Retry-After), the percentage of the
     * process's time renders may take on average (past it 503; 100: no limit), and renders one
     * client address may start a minute, ten seconds' worth at once (past it 429).
     */
    PAGE_CACHE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 40)
      .default(64 * 1024 * 1024),
    PAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(2),
    PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
    PAGE_RENDER_TIME_SHARE: z.coerce.number().min(1).max(100).default(15),
    PAGE_RENDERS_PER_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /**
     * Threads of each shop process that render pages not kept (decision 173); 0 renders them on
     * the main thread. By default in production the cores each process has (2 for the embedded
     * database's one process on 2 cores, 1 for each of 2 processes), 0 in development and tests.
     */
    PAGE_RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    /**
     * How many shop processes share the port (decision 156): one per core by default in
     * production on PostgreSQL, 1 in development and tests; always 1 on the embedded database.
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /** A comment line on every open live-update stream this often (ms): under the usual 30 to 60 s proxy idle timeouts. */
    SSE_HEARTBEAT_MS: z.coerce.number().int().min(10).max(600_000).default(25_000),
    /**
     * Slow and idle clients (decision 101): a request must arrive whole (headers and body) within
     * HTTP_REQUEST_TIMEOUT_MS, its headers within HTTP_HEADERS_TIMEOUT_MS; a socket with nothing
     * moving is closed after HTTP_CONNECTION_TIMEOUT_MS, an idle keep-alive one after
     * HTTP_KEEP_ALIVE_TIMEOUT_MS. Event streams are answers: the request timeout does not reach them.
     */
    HTTP_REQUEST_TIMEOUT_MS: millis(120_000),
    HTTP_HEADERS_TIMEOUT_MS: millis(15_000),
    HTTP_CONNECTION_TIMEOUT_MS: millis(60_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: millis(72_000),
    /** Open event streams (GET /api/sse/notifications) per process, and per client address. */
    SSE_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
    SSE_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** How long the owner's dashboard answer for one period is reused, in seconds; 0: made for every request (decision 120). */
    DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /**
     * Backups (decision 134): the folder they are written to (unset: no backups), how often the
     * shop makes one by itself (hours; 24 by default, 0: only on demand), how many are kept, and
     * where pg_dump and pg_restore are on PostgreSQL (unset: the PATH).
     */
    BACKUP_DIR: optionalText,
    BACKUP_EVERY_HOURS: optionalText
      .transform((value) => (value === undefined ? undefined : Number(value)))
      .pipe(
        z
          .number({ message: 'must be a number of hours' })
          .min(0, { message: 'must be 0 (only on demand) or more hours' })
          .max(24 * 31, { message: 'must be at most 744 hours (31 days)' })
          .refine((hours) => hours === 0 || hours >= 0.05, {
            message: 'must be 0 (only on demand) or at least 0.05 hours (3 minutes)',
          })
          .optional(),
      ),
    BACKUP_KEEP: z.coerce
      .number({ message: 'must be a whole number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be at least 1' })
      .max(10_000)
      .default(14),
    BACKUP_PG_BIN_DIR: optionalText,
    /**
     * Retention (issue 28, decision 146): an order's name, address, phone and e-mail are redacted
     * this many years after the end of its UK tax year (HMRC: 6); contact messages and kept mail
     * bodies are deleted after these many months and days. The privacy page states them.
     */
    ORDER_RETENTION_YEARS: wholeNumber(1, 50, 6),
    CONTACT_RETENTION_MONTHS: wholeNumber(1, 240, 24),
    MAIL_RETENTION_DAYS: wholeNumber(1, 3650, 90),
    /** Seed the demo catalogue into an empty database at start. */
    SEED_DEMO: flag(true),

    JWT_SECRET: optionalText.pipe(z.string().min(32, { message: 'must be at least 32 characters' }).optional()),
    /** scrypt cost as log2(N); 17 is OWASP's recommendation. Tests lower it. */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    /**
     * Password hashes that may wait for one of the two hashing slots (login, sign-up, password
     * change); when that many already wait, the next is answered 503 with Retry-After at once.
     * 16 waiting is about 3 s of work at cost 17 (decisions/028).
     */
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
    ADMIN_PASSWORD: optionalText,

    SHOP_EMAIL: z.email({ message: 'must be an e-mail address' }).default('shop@localhost'),
    /** Sender of every mail: `Name <address>` or an address (the shop's name is then shown as the sender). */
    MAIL_FROM: z.string().trim().default('shop@localhost'),
    /** The shop's postal address, shown in the footer of every mail (one line, parts separated by commas). */
    SHOP_POSTAL_ADDRESS: z
      .string()
      .trim()
      .min(10, { message: 'must be a postal address of at least 10 characters' })
      .max(200, { message: 'must be at most 200 characters' })
      .regex(/^[^\p{Cc}<>]+$/u, { message: 'must be one line of text without < or >' })
      .default('Inkwell & Puzzle, 12 Quill Lane, Bath BA1 1AA, United Kingdom'),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
        .optional(),
    ),

    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    /** Allows the demo checkout (orders without payment) in production, for a demonstration shop. */
    DEMO_PAYMENTS: flag(false),
    /** Only for tests and local fakes: where the Stripe SDK sends its calls. */
    STRIPE_API_URL: optionalUrl,
    SALES_DASHBOARD_URL: z.url().default('https://dashboard.stripe.com/payments'),
    /**
     * Retired by decision 148: the countries the shop sends to are the owner's delivery zones
     * (admin, Delivery). Left at GB (the old default, also the default zone) it is ignored; any other
     * value stops the start, so a shop that sent abroad is not silently cut back to the UK.
     */
    SHIPPING_COUNTRIES: z
      .string()
      .optional()
      .refine((value) => value === undefined || value.trim().toUpperCase() === 'GB' || value.trim() === '', {
        message:
          'is retired: the countries the shop sends to are now its delivery zones (admin, Delivery; decision 148). Remove the variable and add the countries there.',
      }),

    /**
     * The print partner (issue: print partner; adapters/print): bookvault when BOOKVAULT_API_KEY is
     * set, else the simulated printer; manual leaves the references to the owner.
     */
    PRINT_PARTNER: z.enum(['bookvault', 'simulated', 'manual']).optional(),
    /** How often open print orders are checked with the partner: 300 s by default, 30 s with the simulated printer (the demo should move). */
    PRINT_PARTNER_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    /**
     * A submission still unanswered this long was cut off by a stop of the shop: it is handed to
     * the owner, never re-sent (modules/orders/printing/worker.ts). Keep it above the partner's time
     * limit per call (30 s), or a slow answer is taken for a stop.
     */
    PRINT_SUBMIT_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    /**
     * The cancel window (issue 26, decision 137): a paid order's print job waits this many minutes
     * before it is sent, so it can be cancelled for free; the customer may cancel it themselves
     * meanwhile. 60 by default; 5 with the simulated printer (the demo should move). 0: sent at once.
     * Whole minutes or a fraction (0.5 = 30 seconds).
     */
    PRINT_HOLD_MINUTES: z.coerce.number().min(0).max(10_080).optional(),
    /** The simulated printer's delay for each step (accepted → printed → dispatched). */
    SIMULATED_PRINTER_STEP_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
    BOOKVAULT_API_KEY: optionalText,
    BOOKVAULT_API_URL: z.url({ message: 'must be a URL' }).default('https://api.bookvault.app/v3'),
    /** How BookVault is paid for each order: Saved (the saved card), Credit (a prepaid balance) or Draft (priced, never printed). */
    BOOKVAULT_PAY_METHOD: z.enum(['Saved', 'Credit', 'Draft']).default('Saved'),
    /** BookVault's dispatch service for every order (CheapestTracked, Quickest, ...). */
    BOOKVAULT_DISPATCH_SERVICE: z.string().trim().min(1).max(60).default('CheapestTracked'),

    /**
     * Origins the products import may fetch images from although they are not https or lead to a
     * private or local network (decision 153): the tests' local image server, or an owner's own
     * image server inside their network. Comma-separated origins (`http://127.0.0.1:4567`), no paths.
     */
    IMAGE_IMPORT_ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx): string[] => {
        const entries = (value ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const origins: string[] = [];
        for (const entry of entries) {
          let url: URL | null = null;
          try {
            url = new URL(entry);
          } catch {
            url = null;
          }
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
            ctx.addIssue({
              code: 'custom',
              message: `must be a comma-separated list of origins such as https://images.example or http://127.0.0.1:4567 (no path), not "${entry}"`,
            });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,

    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
    FACEBOOK_APP_ID: optionalText,
    FACEBOOK_APP_SECRET: optionalText,
    FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
    /** Only for the browser-test server: sign-in rate limits 100 times higher. Refused in production. */
    E2E_RELAXED_RATE_LIMITS: flag(false),

    /**
     * The footer's links: each social profile's address and display name,
     * and the web developer's credit. A link left unset is hidden. The demo's placeholders name a
     * profile, never a bare home page (decision 097).
     */
    SHOP_SOCIAL_FACEBOOK_URL: optionalProfileUrl('https://www.facebook.com/inkwellandpuzzle'),
    SHOP_SOCIAL_FACEBOOK_NAME: z.string().trim().default('Inkwell & Puzzle'),
    SHOP_SOCIAL_INSTAGRAM_URL: optionalProfileUrl('https://www.instagram.com/inkwellandpuzzle/'),
    SHOP_SOCIAL_INSTAGRAM_NAME: z.string().trim().default('@inkwellandpuzzle'),
    SHOP_SOCIAL_TIKTOK_URL: optionalProfileUrl('https://www.tiktok.com/@inkwellandpuzzle'),
    SHOP_SOCIAL_TIKTOK_NAME: z.string().trim().default('@inkwellandpuzzle'),
    SHOP_CREDIT_URL: optionalProfileUrl(undefined),
    SHOP_CREDIT_NAME: z.string().trim().default(''),
    SHOP_NAME: z.string().default('Inkwell & Puzzle'),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not be more than HTTP_REQUEST_TIMEOUT_MS',
      });
    }
    if (env.DATABASE_STATEMENT_TIMEOUT_MS >= env.DATABASE_QUERY_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_STATEMENT_TIMEOUT_MS'],
        message:
          'must be less than DATABASE_QUERY_TIMEOUT_MS (the server cancels a slow statement before the shop gives up on the connection)',
      });
    }
    if (env.NODE_ENV === 'production' && env.PRINT_SUBMIT_LEASE_SECONDS < 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['PRINT_SUBMIT_LEASE_SECONDS'],
        message:
          'must be at least 60 in production (a call to the print partner may take 30 s; a shorter lease takes a slow answer for a stop)',
      });
    }
    if (env.PRINT_PARTNER === 'bookvault' && !env.BOOKVAULT_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOKVAULT_API_KEY'],
        message: 'is required when PRINT_PARTNER is bookvault',
      });
    }
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required when ADMIN_EMAIL is set' });
    }
    if (env.NODE_ENV === 'production' && env.E2E_RELAXED_RATE_LIMITS) {
      ctx.addIssue({ code: 'custom', path: ['E2E_RELAXED_RATE_LIMITS'], message: 'must not be set in production' });
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !env.DEMO_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required in production (without it orders would be made without payment); set DEMO_PAYMENTS=true only for a demonstration shop',
      });
    }
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message:
          'is required in production with DATABASE_URL (a secret kept in the shared database would let anyone who can read it sign sessions)',
      });
    }
    if (env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'must be 1 with the embedded database (it belongs to one process); set DATABASE_URL to a PostgreSQL server to run more processes',
      });
    }
    if (env.BACKUP_EVERY_HOURS !== undefined && !env.BACKUP_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_EVERY_HOURS'],
        message: 'needs BACKUP_DIR (the folder backups are written to)',
      });
    }
    if (!mailSender(env.MAIL_FROM, env.SHOP_NAME)) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'must be one e-mail address, or "Name <address>"' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (mailed links use it)',
      });
    }
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    DATA_DIR: path.resolve(env.DATA_DIR),
    BACKUP_DIR: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    /** 24 hours by default when BACKUP_DIR is set; 0 = only on demand. */
    BACKUP_EVERY_HOURS: env.BACKUP_DIR ? (env.BACKUP_EVERY_HOURS ?? 24) : undefined,
    WEB_DIST_DIR: path.resolve(env.WEB_DIST_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    /** MAIL_FROM as a display name and an address; the shop's name when MAIL_FROM has none. */
    MAIL_SENDER: mailSender(env.MAIL_FROM, env.SHOP_NAME)!,
    PRINT_PARTNER: printPartner(env),
    WEB_CONCURRENCY: webConcurrency(env),
    PAGE_RENDER_THREADS: pageRenderThreads(env),
    PRINT_PARTNER_POLL_SECONDS: env.PRINT_PARTNER_POLL_SECONDS ?? (printPartner(env) === 'simulated' ? 30 : 300),
    PRINT_HOLD_MINUTES: env.PRINT_HOLD_MINUTES ?? (printPartner(env) === 'simulated' ? 5 : 60),
  }));

/** WEB_CONCURRENCY as given, else one process per core in production on PostgreSQL, else 1 (decision 156). */
function webConcurrency(env: { WEB_CONCURRENCY?: number; NODE_ENV: string; DATABASE_URL?: string }): number {
  if (env.WEB_CONCURRENCY !== undefined) return env.WEB_CONCURRENCY;
  return env.NODE_ENV === 'production' && env.DATABASE_URL ? availableParallelism() : 1;
}

/** PAGE_RENDER_THREADS as given, else in production the cores each shop process has (at least one), else 0 (decision 173). */
function pageRenderThreads(env: {
  PAGE_RENDER_THREADS?: number;
  WEB_CONCURRENCY?: number;
  NODE_ENV: string;
  DATABASE_URL?: string;
}): number {
  if (env.PAGE_RENDER_THREADS !== undefined) return env.PAGE_RENDER_THREADS;
  if (env.NODE_ENV !== 'production') return 0;
  return Math.max(1, Math.floor(availableParallelism() / webConcurrency(env)));
}

function printPartner(env: { PRINT_PARTNER?: 'bookvault' | 'simulated' | 'manual'; BOOKVAULT_API_KEY?: string }) {
  return env.PRINT_PARTNER ?? (env.BOOKVAULT_API_KEY ? 'bookvault' : 'simulated');
}

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'config'}: ${issue.message}`));
  }
  return result.data;
}

/** A config for tests: defaults plus overrides, with a cheap password hash. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // Renders get the whole process's time: a test's pages come one after another on a busy machine
  // (the share is tested on its own, render-gate.test.ts and pages.test.ts).
  return loadConfig({
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PAGE_RENDER_TIME_SHARE: '100',
    // Orders go to the printer at once unless a test holds them (decision 137).
    PRINT_HOLD_MINUTES: '0',
    // No web build unless a test asks for one (test/web-build.ts): a suite run after a journey run
    // must not serve the dist/web that run left, whose pages are rendered and rate-limited.
    WEB_DIST_DIR: path.join(tmpdir(), 'book-shop-tests-serve-no-web-build'),
    ...overrides,
  });
}
