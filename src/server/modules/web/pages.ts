/**
 * The storefront's pages (decision 114): React Router's request handler over the web build's
 * server bundle (src/web: root.tsx, routes.ts, entry.server.tsx), served by Fastify.
 *
 * Every page is rendered the same for every visitor (the session lives in the browser), so pages
 * the routes mark as shared (`handle: { pageCache: true }`, sent as the x-page-cache header by
 * entry.server.tsx) are kept per address, with their gzip, until the next product change on any
 * instance (the same LISTEN/NOTIFY invalidation the catalogue uses). Each page's inline scripts
 * (React Router's hydration data and start-up) are allowed by their hashes in its
 * Content-Security-Policy, so no 'unsafe-inline' is needed and a kept page stays valid.
 *
 * A page loaded fresh paints before its code (decision 124): documents are rendered from the build
 * without its import preloads (withoutImportPreloads); its stylesheets are linked (decision 155).
 */
import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { normalisedQuery, pageQueryOf, type PageQuery } from '@shared/page-query';
import { RenderGate, type RenderLimits } from './render-gate';
import { isRouterRequest, renderPage, type PageHandler, type PageMaker } from './render';
import { storefrontServer } from './storefront';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The header entry.server.tsx sets on a page every visitor may be sent (never sent to browsers). */
export const PAGE_CACHE_HEADER = 'x-page-cache';
/** Bodies smaller than this are sent as they are. */
const GZIP_FROM_BYTES = 1024;

/**
 * An answer as sent: status, headers, body, and its gzip made once on first need. A kept page
 * holds only its gzip (`keepOnlyGzip`, decision 161): most browsers ask for it, and a page of
 * 75 kB is 9 kB gzipped, so pages dropped from the store under a flood of fresh addresses leave a
 * ninth of the bytes for V8 to collect. A client that does not accept gzip is sent the body
 * unzipped again.
 */
export class PageAnswer {
  private plain: Buffer | null;
  private zipped: Buffer | null = null;
  private gzipping: Promise<Buffer> | null = null;
  /** The body's length in bytes. */
  readonly length: number;
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    body: Buffer | string,
  ) {
    this.plain = typeof body === 'string' ? Buffer.from(body) : body;
    this.length = this.plain.length;
  }
  /** Worth sending gzipped (small bodies are sent as they are). */
  get zippable(): boolean {
    return this.length >= GZIP_FROM_BYTES;
  }
  /** The body (unzipped again, at once, when only the gzip is kept: tests and rare clients). */
  get body(): Buffer {
    return this.plain ?? gunzipSync(this.zipped!);
  }
  /** The body, unzipped again off the main thread when only the gzip is kept. */
  async plainBody(): Promise<Buffer> {
    return this.plain ?? gunzipAsync(this.zipped!);
  }
  gzip(): Promise<Buffer> {
    this.gzipping ??= gzipAsync(this.plain!, { level: 6 }).then((zipped) => (this.zipped = zipped));
    return this.gzipping;
  }
  /** Drops the body once its gzip is made (a page the store keeps). */
  keepOnlyGzip(): void {
    if (this.zipped) this.plain = null;
  }
  /** The bytes it holds: body and/or gzip, and headers. */
  get bytes(): number {
    return Object.entries(this.headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length,
      (this.plain?.length ?? 0) + (this.zipped?.length ?? 0),
    );
  }
}

/**
 * The path and query of a request target (RFC 9112, 3.2): an origin-form target (`/search?q=1`)
 * as it is, an absolute-form one (`http://other/search?q=1`) by its path and query (the host is
 * not ours to choose: pages are rendered at the shop's own origin). Null for the asterisk form
 * (`*`) and anything else that is no path.
 */
export function requestTarget(target: string): { pathname: string; search: string } | null {
  let url: URL;
  try {
    // Parsed after a fixed origin, so `//x` stays a path and never names a host.
    url = target.startsWith('/') ? new URL(`http://shop${target}`) : new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { pathname: url.pathname, search: url.search };
}

/** A path written one way: empty segments dropped (`//a/` is `/a`), each segment decoded and encoded as the shop's links encode it. */
export function canonicalPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  return `/${segments
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return encodeURIComponent(segment);
      }
    })
    .join('/')}`;
}

/** The parameters a page path's route reads (its `handle.query`; undefined: none). */
export type PageQueries = (pathname: string) => PageQuery<unknown> | undefined;
const NO_QUERIES: PageQueries = () => undefined;

/** The page queries of a web build's routes: the deepest matched route's `handle.query` (decision 131). */
export function buildQueries(build: Pick<ServerBuild, 'routes'>): PageQueries {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map(
        (route) =>
          ({
            id: route.id,
            path: route.path,
            index: route.index,
            caseSensitive: route.caseSensitive,
            handle: route.module.handle,
            children: tree(route.id),
          }) as RouteObject,
      );
  const roots = tree(undefined);
  // Remembered per path (a book page's path is one of many, `/` one of all its views): matching
  // the routes was about 3 % of a fresh render. Forgotten all at once past 5,000 paths.
  const known = new Map<string, PageQuery<unknown> | undefined>();
  return (pathname) => {
    if (known.has(pathname)) return known.get(pathname);
    const matches = matchRoutes(roots, pathname) ?? [];
    const query = pageQueryOf(matches.at(-1)?.route.handle);
    if (known.size >= 5000) known.clear();
    known.set(pathname, query);
    return query;
  };
}

/** The render gate's limits from the configuration (E2E_RELAXED_RATE_LIMITS: a browser-test server's many journeys from one address). */
export function renderLimits(
  config: Pick<
    Config,
    | 'PAGE_RENDER_CONCURRENCY'
    | 'PAGE_RENDER_QUEUE'
    | 'PAGE_RENDERS_PER_CLIENT_PER_MINUTE'
    | 'PAGE_RENDER_TIME_SHARE'
    | 'E2E_RELAXED_RATE_LIMITS'
  >,
): RenderLimits {
  const relaxed = config.E2E_RELAXED_RATE_LIMITS;
  return {
    concurrency: config.PAGE_RENDER_CONCURRENCY,
    queue: config.PAGE_RENDER_QUEUE,
    perClientPerMinute: config.PAGE_RENDERS_PER_CLIENT_PER_MINUTE * (relaxed ? 100 : 1),
    timeShare: relaxed ? 1 : config.PAGE_RENDER_TIME_SHARE / 100,
  };
}

/** The kept pages (decision 131): by address, the least recently sent dropped first once their bytes pass the budget. */
export class KeptPages {
  private readonly pages = new Map<string, { answer: Promise<PageAnswer>; bytes: number }>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept (or being made) for the address, now the most recently used. */
  get(key: string): Promise<PageAnswer> | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    this.pages.set(key, page);
    return page.answer;
  }

  /** An answer being made, shared by concurrent requests for the address; it counts no bytes until kept. */
  start(key: string, answer: Promise<PageAnswer>): void {
    this.pages.set(key, { answer, bytes: 0 });
  }

  /** Keeps the answer made for the address at its size, dropping the least used pages past the budget. */
  keep(key: string, answer: Promise<PageAnswer>, bytes: number): void {
    const page = this.pages.get(key);
    if (page?.answer !== answer) return;
    if (bytes > this.maxBytes) return this.forget(key, answer);
    page.bytes = bytes;
    this.used += bytes;
    for (const [oldest, kept] of this.pages) {
      if (this.used <= this.maxBytes) break;
      if (kept.bytes > 0) this.forget(oldest, kept.answer);
    }
  }

  forget(key: string, answer: Promise<PageAnswer>): void {
    const page = this.pages.get(key);
    if (page?.answer !== answer) return;
    this.pages.delete(key);
    this.used -= page.bytes;
  }

  clear(): void {
    this.pages.clear();
    this.used = 0;
  }

  get stats(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.used };
  }
}

/** The fixed origin every page is rendered at (its address alone makes the page). */
export const pageOrigin = (config: Pick<Config, 'PUBLIC_URL'>) => new URL(config.PUBLIC_URL).origin;

/** Pages rendered on this thread by `handle`, from the shop's StorefrontServer. */
function onThisThread(handle: PageHandler, ctx: AppContext): PageMaker {
  const shop = storefrontServer(ctx);
  const origin = pageOrigin(ctx.config);
  return { render: (address) => renderPage(handle, origin, address, shop) };
}

/** Why a render waiting for its turn was dropped: every client that asked for its page has gone (decision 176). */
class PageUnwanted extends Error {}

export class PageRenderer {
  private readonly kept: KeptPages;
  /** The renders `send` started that have not ended: how many requests wait for each, and how it is dropped. */
  private readonly asking = new Map<Promise<PageAnswer>, { requests: number; unwanted: AbortController }>();
  private readonly gate: RenderGate;
  private readonly maker: PageMaker;
  private generation = 0;

  /** `pages`: a handler to render on this thread, or the render threads (decision 173). */
  constructor(
    pages: PageHandler | PageMaker,
    ctx: AppContext,
    private readonly queries: PageQueries = NO_QUERIES,
  ) {
    this.maker = typeof pages === 'function' ? onThisThread(pages, ctx) : pages;
    this.kept = new KeptPages(ctx.config.PAGE_CACHE_MAX_BYTES);
    this.gate = new RenderGate(renderLimits(ctx.config));
    ctx.events.subscribe(() => {
      this.generation += 1;
      this.kept.clear();
    });
  }

  /**
   * The address a request target's page is kept and rendered at (decision 131): its path with
   * empty segments dropped and each segment encoded one way, and the parameters its route reads in
   * their fixed order (none for a route that reads none); route data (`*.data`) and the router's
   * manifest keep their query, which belongs to React Router. Null for a target that is no path.
   */
  address(target: string): string | null {
    const parsed = requestTarget(target);
    if (!parsed) return null;
    if (isRouterRequest(parsed.pathname)) return parsed.pathname + parsed.search;
    const pathname = canonicalPath(parsed.pathname);
    return pathname + normalisedQuery(this.queries(pathname), new URLSearchParams(parsed.search));
  }

  /** The page (or route data, `*.data`) at a request target, kept when it may be; rendered without the gate (tests). */
  answer(target: string): Promise<PageAnswer> {
    const address = this.address(target);
    if (address === null) return Promise.reject(new Error(`not a path: ${target}`));
    return this.kept.get(address) ?? this.renderAndKeep(address, (render) => render());
  }

  private renderAndKeep(
    address: string,
    run: (render: () => Promise<PageAnswer>) => Promise<PageAnswer>,
  ): Promise<PageAnswer> {
    const generation = this.generation;
    // Concurrent requests for the address share the render; it stays only if every visitor may
    // have it and no product changed while it was rendered, counted with its gzip (most browsers
    // ask for it), so the budget counts what is held.
    let resolve!: (page: PageAnswer) => void;
    let reject!: (error: unknown) => void;
    const answer = new Promise<PageAnswer>((resolved, rejected) => {
      resolve = resolved;
      reject = rejected;
    });
    this.kept.start(address, answer);
    void (async () => {
      try {
        const page = await run(() => this.render(address));
        if (page.headers[PAGE_CACHE_HEADER] !== 'public' || page.status !== 200 || generation !== this.generation) {
          this.kept.forget(address, answer);
        } else {
          if (page.zippable) {
            await page.gzip();
            // The requests waiting for this render are sent the body first (their continuations
            // run before the next turn of the event loop); the store then holds only the gzip.
            setImmediate(() => page.keepOnlyGzip());
          }
          this.kept.keep(address, answer, page.zippable ? page.bytes - page.length : page.bytes);
        }
        resolve(page);
      } catch (error) {
        this.kept.forget(address, answer);
        reject(error);
      }
    })();
    return answer;
  }

  private async render(address: string): Promise<PageAnswer> {
    const page = await this.maker.render(address);
    return new PageAnswer(page.status, page.headers, page.body);
  }

  /** How many pages are kept and their bytes, and the renders under way (tests and the bench). */
  get stats(): { pages: number; bytes: number; running: number; waiting: number } {
    return { ...this.kept.stats, ...this.gate.load };
  }

  /**
   * The answer a request waits for. A render still waiting for its turn is dropped once every
   * request for it has gone (decision 176): under a flood, a client that gives up (a load
   * generator, a shopper who moved on, an attacker opening and closing connections) leaves no
   * render behind that would hold the queue and refuse the shoppers who are still there.
   */
  private async waitFor(answer: Promise<PageAnswer>, reply: FastifyReply): Promise<PageAnswer> {
    const asking = this.asking.get(answer);
    if (!asking) return answer;
    asking.requests += 1;
    const gone = () => {
      asking.requests -= 1;
      if (asking.requests === 0) asking.unwanted.abort(new PageUnwanted('every request for the page has gone'));
    };
    reply.raw.once('close', gone);
    try {
      return await answer;
    } finally {
      reply.raw.off('close', gone);
    }
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const address = this.address(request.url);
    if (address === null) return reply.status(400).send({ message: 'The request target must be a path.' });
    let answer = this.kept.get(address);
    if (!answer) {
      // A page not kept is rendered within the client's budget and the process's cap.
      const refusal = this.gate.take(request.ip);
      if (refusal) {
        return reply
          .status(refusal.status)
          .header('retry-after', String(refusal.retryAfterSeconds))
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            refusal.status === 429
              ? 'Too many pages asked for from your address: try again in a moment.'
              : 'The shop is busy: try again in a moment.',
          );
      }
      const unwanted = new AbortController();
      const started = this.renderAndKeep(address, (render) => this.gate.run(render, unwanted.signal));
      this.asking.set(started, { requests: 0, unwanted });
      const ended = () => void this.asking.delete(started);
      started.then(ended, ended);
      answer = started;
    }
    let page: PageAnswer;
    try {
      page = await this.waitFor(answer, reply);
    } catch (error) {
      // Its client has gone: nobody reads this answer.
      if (error instanceof PageUnwanted) return reply.status(503).header('cache-control', 'no-store').send();
      throw error;
    }
    reply.status(page.status);
    for (const [name, value] of Object.entries(page.headers)) {
      if (name !== PAGE_CACHE_HEADER && name !== 'content-length') reply.header(name, value);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    const accepts = request.headers['accept-encoding'];
    if (page.zippable && typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
      return reply.header('content-encoding', 'gzip').send(await page.gzip());
    }
    return reply.send(await page.plainBody());
  }
}
