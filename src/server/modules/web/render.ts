/**
 * What makes a page from the web build's server bundle, on whichever thread renders it (decision
 * 114; the main thread or a render thread, decision 173): React Router's request handler over the
 * build, and the page as it is sent (its status, headers with its Content-Security-Policy, bytes).
 * Nothing here reads the shop's state: what a page shows comes through the load context's `shop`.
 */
import { createHash } from 'node:crypto';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { StorefrontServer } from '@shared/contracts/web';
import { contentSecurityPolicy } from '../../plugins/security-headers';

/** The mode React Router's handler runs in: production unless the shop runs in development or test. */
export type RenderMode = 'production' | 'development';
export const renderMode = (nodeEnv: string): RenderMode => (nodeEnv === 'production' ? 'production' : 'development');

/** A page as rendered: what PageRenderer keeps and sends (the body's bytes are its own, so a render thread can hand them over). */
export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What renders pages at their normalised addresses: this thread (pages.ts) or the render threads (render-threads.ts). */
export interface PageMaker {
  render(address: string): Promise<RenderedPage>;
}

/**
 * The `'sha256-…'` sources of the page's inline scripts (those without `src`), which the
 * Content-Security-Policy allows; JSON data blocks (JSON-LD) are not run and need none. The page
 * is React's own output: a script's text never holds `</script` (React Router escapes it).
 *
 * Read from the page's UTF-8 bytes as Latin-1 (one character a byte, no decoding; the tags looked
 * for are ASCII), so a script's text is hashed as the very bytes sent.
 */
export function inlineScriptHashes(html: Buffer | string): string[] {
  const bytes = typeof html === 'string' ? Buffer.from(html) : html;
  const hashes = new Set<string>();
  for (const match of bytes.toString('latin1').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || /\stype\s*=\s*"application\/(?:ld\+)?json"/i.test(attributes)) continue;
    const start = match.index + match[0].length - (match[2]?.length ?? 0) - '</script>'.length;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(bytes.subarray(start, start + (match[2]?.length ?? 0)))
        .digest('base64')}'`,
    );
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
  const routes = Object.fromEntries(
    Object.entries(build.assets.routes).map(([id, route]) => [id, route && { ...route, imports: [] }]),
  );
  return { ...build, assets: { ...build.assets, entry: { ...build.assets.entry, imports: [] }, routes } };
}

/** React Router's answers to the browser's own requests after the page has loaded: route data and the lazily found routes' manifest. */
export const isRouterRequest = (pathname: string) => pathname.endsWith('.data') || pathname === '/__manifest';

/**
 * The handler of a web build's server bundle: documents from the build without import preloads;
 * route data and the manifest of routes found later from the whole build, so that a client-side
 * navigation still fetches a route's files at once.
 */
export function buildHandler(build: ServerBuild, mode: RenderMode): PageHandler {
  const documents = createRequestHandler(withoutImportPreloads(build), mode);
  const router = createRequestHandler(build, mode);
  return (request, context) => (isRouterRequest(new URL(request.url).pathname) ? router : documents)(request, context);
}

/**
 * Renders the page (or route data) at a normalised address: at the shop's fixed origin and with no
 * request headers, so the page depends on its address only; an HTML page is given the policy that
 * allows its own inline scripts.
 */
export async function renderPage(
  handle: PageHandler,
  origin: string,
  address: string,
  shop: StorefrontServer,
): Promise<RenderedPage> {
  const response = await handle(new Request(`${origin}${address}`), { shop });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (headers['content-type']?.startsWith('text/html')) {
    headers['content-security-policy'] = contentSecurityPolicy(inlineScriptHashes(body));
  }
  return { status: response.status, headers, body };
}
