/**
 * The server's render of a page (decision 114), run by React Router's request handler in
 * src/server/modules/web/pages.ts. The whole page is rendered before it is sent (no streaming):
 * its inline scripts' hashes go into its Content-Security-Policy, and shared pages are kept. So it
 * is rendered into one buffer through Node's stream (renderToPipeableStream), not a web
 * ReadableStream read back as text: that path cost about a tenth of a fresh page's render
 * (decision 160).
 */
import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { KeptMarkup } from './lib/kept-markup';
import { MarkupKeeper } from './lib/markup-keeper.server';

/**
 * A route's `handle.pageCache`: true when its page is the same for every visitor and may be kept,
 * or a test of the page's loader data (a page that could not read all it shows is not kept).
 */
export interface PageCacheHandle {
  pageCache?: boolean | ((data: unknown) => boolean);
}

/** The header that tells the server the page may be kept and sent to every visitor (pages.ts PAGE_CACHE_HEADER). */
const PAGE_CACHE_HEADER = 'x-page-cache';

/**
 * HTML kept across this process's (or render thread's) renders (decision 177): book cards, about
 * 1.7 kB each, so at most about 8.5 MB. Exported for the tests (the build's `entry.module`).
 */
export const markupKeeper = new MarkupKeeper(5_000);

/** The whole document's bytes once everything is rendered (errors inside it reported to `onError`). */
function renderToBuffer(element: ReactNode, onError: (error: unknown) => void): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError,
    });
  });
}

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
): Promise<Response> {
  let failed = false;
  const body = await renderToBuffer(
    <StrictMode>
      <KeptMarkup.Provider value={markupKeeper.keep}>
        <ServerRouter context={routerContext} url={request.url} />
      </KeptMarkup.Provider>
    </StrictMode>,
    (error) => {
      failed = true;
      console.error(error);
    },
  );
  const deepest = routerContext.staticHandlerContext.matches.at(-1);
  const handle = deepest
    ? (routerContext.routeModules[deepest.route.id]?.handle as PageCacheHandle | undefined)
    : undefined;
  const data: unknown = deepest ? routerContext.staticHandlerContext.loaderData?.[deepest.route.id] : undefined;
  const keep = typeof handle?.pageCache === 'function' ? handle.pageCache(data) : handle?.pageCache;
  if (keep && !failed) headers.set(PAGE_CACHE_HEADER, 'public');
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(body, { status: failed ? 500 : status, headers });
}
