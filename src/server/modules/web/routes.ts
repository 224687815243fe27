/**
 * Serves the built web app (WEB_DIST_DIR, dist/web by default): hashed assets with a one-year cache, and index.html for
 * every page of the route table with the server-filled <head> and the public client config.
 * Storefront pages come server-rendered when the build has a renderer (ssr.ts, decision 090).
 * Unknown pages get the same app with status 404 (the app shows 'Page Not Found').
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ModuleRoutes } from '../../http';
import type { AppContext } from '../../context';
import { spliceAt } from '../../lib/html';
import { isKnownPage } from '../../../shared/routes';
import { publicClientConfig } from './client-config';
import { NOT_FOUND_RENDER_PATH, headFor, renderHead } from './head';
import { loadServerRenderer, type RenderedParts } from './ssr';

export const webRoutes: ModuleRoutes = async (app, ctx) => {
  // The built web app (WEB_DIST_DIR: parallel test runs serve their own build).
  const webDist = ctx.config.WEB_DIST_DIR;
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : null;
  const clientConfig = publicClientConfig(ctx);
  const configJson = JSON.stringify(clientConfig).replace(/</g, '\\u003c');
  const renderer = built ? await loadServerRenderer(webDist, ctx, clientConfig) : null;

  /** index.html with the page's <head> tags, the client config and, if rendered, the page. */
  const assemble = async (pathname: string, context: AppContext, parts?: RenderedParts) => {
    const head = renderHead(await headFor(pathname, context));
    // Spliced literally: product text may hold `$` sequences (lib/html.ts spliceAt).
    const html = spliceAt(spliceAt(template!, '<!--app-head-->', parts?.head ? `${head}\n    ${parts.head}` : head), '<!--app-config-->', configJson);
    return parts ? spliceAt(html, '<div id="root"></div>', `<div id="root">${parts.root}</div>${parts.data}`) : html;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      serve: true,
      decorateReply: false,
      // scripts/build-web.mjs writes .br and .gz copies of the text assets.
      preCompressed: true,
      // The renderer (ssr/) and the build manifest (.vite/) are for the server, not for browsers.
      allowedPath: (pathname) => !pathname.startsWith('/ssr/') && !pathname.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendPage = async (pathname: string, reply: import('fastify').FastifyReply, context: AppContext) => {
    if (!template) {
      if (!isKnownPage(pathname)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does this for you).');
    }
    const known = isKnownPage(pathname);
    reply.status(known ? 200 : 404).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // Every unknown address gets the same rendered 'Page Not Found' (one cache entry, whatever
    // addresses are asked for); the browser hydrates it at its own address, which matches the same route.
    const renderAs = known ? pathname : NOT_FOUND_RENDER_PATH;
    const page = renderer ? await renderer.page(renderAs, (path, parts) => assemble(path, context, parts)) : null;
    if (!page) return reply.send(await assemble(renderAs, context));
    reply.header('vary', 'accept-encoding');
    const accepts = reply.request.headers['accept-encoding'];
    if (typeof accepts === 'string' && accepts.includes('gzip')) return reply.header('content-encoding', 'gzip').send(await page.gzip());
    return reply.send(page.html);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `No such address: ${request.method} ${pathname}` });
    }
    if (/\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendPage(pathname, reply, ctx);
  });
};
