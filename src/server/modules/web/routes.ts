/**
 * Serves the built web app (WEB_DIST_DIR, dist/web by default; decision 114): the browser's files
 * from its client/ folder (hashed assets with a one-year cache, brotli and gzip copies sent to
 * browsers that accept them), and every page, and every page's data for client-side navigation
 * (`*.data`), from React Router's server bundle in server/ (pages.ts). Unknown pages get
 * 'Page Not Found' with status 404 from the app's own route.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ServerBuild } from 'react-router';
import type { ModuleRoutes } from '../../http';
import { renderMailsOn } from '../mail';
import { isKnownPage } from '@shared/routes';
import { PageRenderer, buildQueries, pageOrigin, requestTarget } from './pages';
import { buildHandler, renderMode } from './render';
import { RenderThreads } from './render-threads';
import { storefrontServer } from './storefront';

/** The server bundle inside a web build (never served: only client/ is). */
export const serverBundle = (webDist: string) => path.join(webDist, 'server', 'index.js');

export const webRoutes: ModuleRoutes = async (app, ctx) => {
  // The built web app (WEB_DIST_DIR: parallel test runs serve their own build).
  const webDist = ctx.config.WEB_DIST_DIR;
  const bundle = serverBundle(webDist);
  const build = existsSync(bundle) ? ((await import(pathToFileURL(bundle).href)) as ServerBuild) : null;
  const mode = renderMode(ctx.config.NODE_ENV);
  // Pages rendered on threads of their own (decision 173), else on this one.
  const shop = storefrontServer(ctx);
  const threads =
    build && ctx.config.PAGE_RENDER_THREADS > 0
      ? await RenderThreads.open(
          ctx.config.PAGE_RENDER_THREADS,
          { bundle, mode, origin: pageOrigin(ctx.config), clientConfig: shop.clientConfig, publicUrl: shop.publicUrl },
          shop,
          ctx.log,
        )
      : null;
  if (threads) {
    // The shop's mails are rendered there too (decision 175), off the thread that answers.
    renderMailsOn((name, data, config) => threads.mail(name, data, config));
    app.addHook('onClose', async () => {
      renderMailsOn(null);
      await threads.close();
    });
  }
  const pages = build ? new PageRenderer(threads ?? buildHandler(build, mode), ctx, buildQueries(build)) : null;

  if (pages) {
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      serve: true,
      decorateReply: false,
      // scripts/build-web.mjs writes .br and .gz copies of the text assets.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // An absolute-form target (`GET http://host/path`) is the page of its path; `*` is no page.
    const target = requestTarget(request.url);
    if (!target) return reply.status(400).send({ message: 'The request target must be a path.' });
    const { pathname } = target;
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ message: `No such address: ${request.method} ${pathname}` });
    }
    // A file that is not in the build; page data (`/item/x.data`) is the router's.
    if (/\.[a-z0-9]{2,5}$/i.test(pathname) && !pathname.endsWith('.data')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!pages) {
      if (!isKnownPage(pathname)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does this for you).');
    }
    return pages.send(request, reply);
  });
};
