/**
 * GET /api/sse/notifications: a text/event-stream that sends `event: productUpdate` whenever
 * any instance changes the catalogue (ctx.events carries PostgreSQL NOTIFY between instances).
 * A comment line every SSE_HEARTBEAT_MS (config) keeps proxies and load balancers from closing an idle
 * stream; the subscription is released as soon as the browser goes away, and every open
 * stream is ended when the app closes, so shutdown never waits for browsers.
 *
 * Streams are held connections, so they are counted (decision 101): at most SSE_MAX_STREAMS per
 * process and SSE_MAX_STREAMS_PER_CLIENT per client address; past either the answer is 429 or
 * 503 with a message and Retry-After. A stream is an answer, not a request: the request timeout
 * does not reach it, and its socket may stay quiet for three heartbeats whatever
 * HTTP_CONNECTION_TIMEOUT_MS says, so a browser that stopped reading is let go then.
 */
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { ModuleRoutes } from '../../http';
import { SSE_RECONNECT_MS } from '@shared/constants';
import * as MSG from '@shared/messages';

/** A refused stream is told to come back when the web client would anyway (SSE_RECONNECT_MS). */
const RETRY_AFTER_S = Math.ceil(SSE_RECONNECT_MS / 1000);

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

/** Open streams, in all and per client address. */
export class StreamSlots {
  private total = 0;
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerClient: number,
  ) {}

  /** Takes a slot for `client`, or answers which limit is reached. */
  take(client: string): 'client' | 'process' | null {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.maxPerClient) return 'client';
    if (this.total >= this.max) return 'process';
    this.perClient.set(client, mine + 1);
    this.total += 1;
    return null;
  }

  release(client: string): void {
    const mine = this.perClient.get(client) ?? 0;
    if (mine <= 1) this.perClient.delete(client);
    else this.perClient.set(client, mine - 1);
    this.total = Math.max(0, this.total - 1);
  }

  get open(): number {
    return this.total;
  }
}

const refusedSchema = z.object({ message: z.string() });

export const eventRoutes: ModuleRoutes = async (app, ctx) => {
  const open = new Set<ServerResponse>();
  const slots = new StreamSlots(ctx.config.SSE_MAX_STREAMS, ctx.config.SSE_MAX_STREAMS_PER_CLIENT);

  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  app.get(
    '/api/sse/notifications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        summary:
          'Server-sent `productUpdate` events (text/event-stream); 429/503 with Retry-After past the stream limits',
        response: { 429: refusedSchema, 503: refusedSchema },
      },
    },
    async (request, reply) => {
      const client = request.ip;
      const refused = slots.take(client);
      if (refused) {
        reply.header('retry-after', String(RETRY_AFTER_S));
        return refused === 'client'
          ? reply.code(429).send({ message: MSG.tooManyStreamsFromClient })
          : reply.code(503).send({ message: MSG.tooManyStreams });
      }

      reply.hijack();
      const response = reply.raw;
      response.setTimeout(3 * ctx.config.SSE_HEARTBEAT_MS);
      response.writeHead(200, STREAM_HEADERS);
      response.write(': connected\n\n');
      open.add(response);

      const unsubscribe = ctx.events.subscribe((payload) => {
        response.write(formatEvent('productUpdate', payload));
      });
      const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), ctx.config.SSE_HEARTBEAT_MS);
      heartbeat.unref();

      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
        slots.release(client);
      };
      response.once('close', release);
      response.once('error', release);
    },
  );
};
