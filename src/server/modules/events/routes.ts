/**
 * GET /api/sse/notifications: a text/event-stream that sends `event: productUpdate` whenever
 * any instance changes the catalogue (ctx.events carries PostgreSQL NOTIFY between instances).
 * A comment line every SSE_HEARTBEAT_MS (config) keeps proxies and load balancers from closing an idle
 * stream; the subscription is released as soon as the browser goes away, and every open
 * stream is ended when the app closes, so shutdown never waits for browsers.
 */
import type { ServerResponse } from 'node:http';
import type { ModuleRoutes } from '../../http';

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx and similar proxies buffer responses unless told not to
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

/** One server-sent event. `data` lines may not contain newlines, so each line gets its own field. */
export function formatEvent(event: string, data: string): string {
  const lines = data === '' ? ['data: '] : data.split(/\r?\n/).map((line) => `data: ${line}`);
  return `event: ${event}\n${lines.join('\n')}\n\n`;
}

export const eventRoutes: ModuleRoutes = async (app, ctx) => {
  const open = new Set<ServerResponse>();

  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app.get(
    '/api/sse/notifications',
    { config: { access: 'public' }, schema: { tags: ['catalogue'], summary: 'Server-sent `productUpdate` events (text/event-stream)' } },
    async (_request, reply) => {
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, STREAM_HEADERS);
      response.write(': connected\n\n');
      open.add(response);

      const unsubscribe = ctx.events.subscribe((payload) => {
        response.write(formatEvent('productUpdate', payload));
      });
      const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), ctx.config.SSE_HEARTBEAT_MS);
      heartbeat.unref();

      const release = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
      };
      response.once('close', release);
      response.once('error', release);
    },
  );
};
