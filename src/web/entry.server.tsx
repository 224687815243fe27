/**
 * The server's render of a page (decision 114), run by React Router's request handler in
 * src/server/modules/web/pages.ts. The whole page is rendered before it is sent (no streaming):
 * its inline scripts' hashes go into its Content-Security-Policy, and shared pages are kept.
 */
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';

/**
 * A route's `handle.pageCache`: true when its page is the same for every visitor and may be kept,
 * or a test of the page's loader data (a page that could not read all it shows is not kept).
 */
export interface PageCacheHandle {
  pageCache?: boolean | ((data: unknown) => boolean);
}

/** The header that tells the server the page may be kept and sent to every visitor (pages.ts PAGE_CACHE_HEADER). */
const PAGE_CACHE_HEADER = 'x-page-cache';

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
): Promise<Response> {
  let failed = false;
  const stream = await renderToReadableStream(
    <StrictMode>
      <ServerRouter context={routerContext} url={request.url} />
    </StrictMode>,
    {
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    },
  );
  await stream.allReady;
  const deepest = routerContext.staticHandlerContext.matches.at(-1);
  const handle = deepest
    ? (routerContext.routeModules[deepest.route.id]?.handle as PageCacheHandle | undefined)
    : undefined;
  const data: unknown = deepest ? routerContext.staticHandlerContext.loaderData?.[deepest.route.id] : undefined;
  const keep = typeof handle?.pageCache === 'function' ? handle.pageCache(data) : handle?.pageCache;
  if (keep && !failed) headers.set(PAGE_CACHE_HEADER, 'public');
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(stream, { status: failed ? 500 : status, headers });
}
