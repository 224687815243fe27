/**
 * Serves the built web app (dist/web): hashed assets with a one-year cache, and index.html for
 * every page of the route table with the server-filled <head> and the public client config.
 * Unknown pages get the same app with status 404 (the app shows 'Page Not Found').
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ModuleRoutes } from '../../app';
import type { AppContext } from '../../context';
import { isKnownPage } from '../../../shared/routes';
import { publicClientConfig } from './client-config';
import { headFor, renderHead } from './head';

/** The built web app; WEB_DIST_DIR lets parallel test runs serve their own build. */
export const WEB_DIST = path.resolve(process.cwd(), process.env.WEB_DIST_DIR ?? 'dist/web');

export const webRoutes: ModuleRoutes = async (app, ctx) => {
  const indexFile = path.join(WEB_DIST, 'index.html');
  const built = existsSync(indexFile);
  const template = built ? readFileSync(indexFile, 'utf8') : null;
  const configJson = JSON.stringify(publicClientConfig(ctx)).replace(/</g, '\\u003c');

  if (built) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      serve: true,
      decorateReply: false,
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
    const head = renderHead(await headFor(pathname, context));
    const html = template.replace('<!--app-head-->', head).replace('<!--app-config-->', configJson);
    return reply
      .status(isKnownPage(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
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
