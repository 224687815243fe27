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
 * A page loaded fresh paints before its code (decision 124): the load context gives the renderer
 * the build's stylesheets to write into the page's <head> (buildStylesheets), and documents are
 * rendered from the build without its import preloads (withoutImportPreloads).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { AppContext } from '../../context';
import type { PageLoadContext, PageStylesheets, StorefrontServer } from '@shared/contracts/web';
import { contentSecurityPolicy } from '../../plugins/security-headers';
import { storefrontServer } from './storefront';

const gzipAsync = promisify(gzip);

/** Distinct addresses kept (the oldest is dropped first). */
export const MAX_KEPT_PAGES = 500;
/** The header entry.server.tsx sets on a page every visitor may be sent (never sent to browsers). */
export const PAGE_CACHE_HEADER = 'x-page-cache';
/** Bodies smaller than this are sent as they are. */
const GZIP_FROM_BYTES = 1024;

declare module 'react-router' {
  interface AppLoadContext {
    shop: PageLoadContext['shop'];
    stylesheets: PageLoadContext['stylesheets'];
  }
}

/** No stylesheet is written into pages (a test's stand-in handler has none). */
const NO_STYLESHEETS: PageStylesheets = { text: () => undefined };

/**
 * The stylesheets of a web build's client/ folder, read once each: only `/assets/<name>.css`
 * (what React Router's manifest names), never a path outside the folder.
 */
export function buildStylesheets(clientDir: string): PageStylesheets {
  const texts = new Map<string, string | undefined>();
  return {
    text(href) {
      if (texts.has(href)) return texts.get(href);
      const name = /^\/assets\/([\w.-]+\.css)$/.exec(href)?.[1];
      let text: string | undefined;
      try {
        text = name ? readFileSync(path.join(clientDir, 'assets', name), 'utf8') : undefined;
      } catch {
        text = undefined;
      }
      // Written raw into a <style>: a text that could end it is linked instead.
      if (text !== undefined && /<\/style/i.test(text)) text = undefined;
      texts.set(href, text);
      return text;
    },
  };
}

/** An answer as sent: status, headers, body, and its gzip made once on first need. */
export class PageAnswer {
  private gzipped: Promise<Buffer> | null = null;
  readonly body: Buffer;
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    body: string,
  ) {
    this.body = Buffer.from(body);
  }
  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.body, { level: 6 });
    return this.gzipped;
  }
}

/**
 * The `'sha256-…'` sources of the page's inline scripts (those without `src`), which the
 * Content-Security-Policy allows; JSON data blocks (JSON-LD) are not run and need none. The page
 * is React's own output: a script's text never holds `</script` (React Router escapes it).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*"application\/(?:ld\+)?json"/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** React Router's request handler (or a test's stand-in): a page's Request to its Response. */
export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

/**
 * The build as documents are rendered from it: without the route modules' imports in its manifest
 * (decision 124). React Router's <Scripts /> turns them into <link rel="modulepreload"> tags, which
 * a browser fetches at high priority alongside the page's images, and whose code then runs before
 * the first paint: on a slow phone network the books showed about a second later for it, though
 * the page works before its code arrives. The browser still finds those files through the route
 * modules' own imports.
 */
export function withoutImportPreloads(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.assets.routes).map(([id, route]) => [id, route && { ...route, imports: [] }]));
  return { ...build, assets: { ...build.assets, entry: { ...build.assets.entry, imports: [] }, routes } };
}

/** React Router's answers to the browser's own requests after the page has loaded: route data and the lazily found routes' manifest. */
const isRouterRequest = (pathname: string) => pathname.endsWith('.data') || pathname === '/__manifest';

/**
 * The handler of a web build's server bundle: documents from the build without import preloads;
 * route data and the manifest of routes found later from the whole build, so that a client-side
 * navigation still fetches a route's files at once.
 */
export function buildHandler(build: ServerBuild, ctx: AppContext): PageHandler {
  const mode = ctx.config.NODE_ENV === 'production' ? 'production' : 'development';
  const documents = createRequestHandler(withoutImportPreloads(build), mode);
  const router = createRequestHandler(build, mode);
  return (request, context) => (isRouterRequest(new URL(request.url).pathname) ? router : documents)(request, context);
}

export class PageRenderer {
  private readonly kept = new Map<string, Promise<PageAnswer>>();
  private readonly shop: StorefrontServer;
  private readonly origin: string;
  private generation = 0;

  constructor(
    private readonly handle: PageHandler,
    ctx: AppContext,
    private readonly stylesheets: PageStylesheets = NO_STYLESHEETS,
  ) {
    this.shop = storefrontServer(ctx);
    this.origin = new URL(ctx.config.PUBLIC_URL).origin;
    ctx.events.subscribe(() => {
      this.generation += 1;
      this.kept.clear();
    });
  }

  /** The page (or route data, `*.data`) at the request's address, kept when it may be. */
  answer(address: string): Promise<PageAnswer> {
    const kept = this.kept.get(address);
    if (kept) return kept;
    const generation = this.generation;
    const rendering = this.render(address);
    // Concurrent requests for the address share the render; it stays only if every visitor may
    // have it and no product changed while it was rendered.
    if (this.kept.size >= MAX_KEPT_PAGES) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(address, rendering);
    const forget = () => {
      if (this.kept.get(address) === rendering) this.kept.delete(address);
    };
    rendering.then((page) => {
      if (page.headers[PAGE_CACHE_HEADER] !== 'public' || page.status !== 200 || generation !== this.generation) forget();
    }, forget);
    return rendering;
  }

  private async render(address: string): Promise<PageAnswer> {
    // A fixed origin and no request headers: the page depends on its address only.
    const response = await this.handle(new Request(`${this.origin}${address}`), { shop: this.shop, stylesheets: this.stylesheets });
    const body = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (headers['content-type']?.startsWith('text/html')) {
      headers['content-security-policy'] = contentSecurityPolicy(inlineScriptHashes(body));
    }
    return new PageAnswer(response.status, headers, body);
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = await this.answer(request.url);
    reply.status(page.status);
    for (const [name, value] of Object.entries(page.headers)) {
      if (name !== PAGE_CACHE_HEADER && name !== 'content-length') reply.header(name, value);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    const accepts = request.headers['accept-encoding'];
    if (page.body.length >= GZIP_FROM_BYTES && typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
      return reply.header('content-encoding', 'gzip').send(await page.gzip());
    }
    return reply.send(page.body);
  }
}
