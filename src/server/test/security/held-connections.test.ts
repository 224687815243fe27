/**
 * Connections a client can hold open (decision 101): event streams are capped per client address
 * and per process, a request that trickles in is cut off at the request timeout (its headers at
 * the headers timeout), and an event stream still streams long past both timeouts.
 * On a real listening server (the limits live in Node's HTTP server, which inject() skips).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { createTestApp, type TestApp } from '../harness';
import { openStream, type StreamClient } from '../sse-client';

const REQUEST_TIMEOUT_MS = 600;
const HEADERS_TIMEOUT_MS = 400;
/** Shorter than the heartbeat: a stream kept to it would be closed between two heartbeats. */
const CONNECTION_TIMEOUT_MS = 300;
const HEARTBEAT_MS = 400;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      SSE_HEARTBEAT_MS: String(HEARTBEAT_MS),
      SSE_MAX_STREAMS: '3',
      SSE_MAX_STREAMS_PER_CLIENT: '2',
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_CONNECTION_TIMEOUT_MS: String(CONNECTION_TIMEOUT_MS),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
});

/** Opens streams, closing every one at the end of the test. */
async function withStreams(run: (open: (localAddress?: string) => Promise<StreamClient>) => Promise<void>) {
  const opened: StreamClient[] = [];
  try {
    await run(async (localAddress) => {
      const stream = await openStream(port, { localAddress });
      opened.push(stream);
      return stream;
    });
  } finally {
    for (const stream of opened) stream.close();
    await Promise.all(opened.map((stream) => stream.ended));
  }
}

/** Opens a stream once a slot is free (a closed stream frees its slot when the server sees the close). */
async function openWhenFree(open: (localAddress?: string) => Promise<StreamClient>, localAddress?: string) {
  let stream: StreamClient | null = null;
  await expect
    .poll(async () => {
      stream = await open(localAddress);
      return stream.status;
    })
    .toBe(200);
  return stream!;
}

describe('event stream limits', () => {
  it('refuses a client its third stream with 429, a message and Retry-After; closing one frees a slot', async () => {
    await withStreams(async (open) => {
      const first = await open();
      const second = await open();
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await open();
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBe('300');
      await third.ended;
      expect(JSON.parse(third.text())).toEqual({ message: MSG.tooManyStreamsFromClient });
      // Another address still gets one.
      expect((await open('127.0.0.2')).status).toBe(200);

      first.close();
      await first.ended;
      const again = await openWhenFree(open);
      await again.waitFor(/: connected/);
    });
  });

  it('refuses any stream past the process limit with 503, a message and Retry-After; closing one frees a slot', async () => {
    await withStreams(async (open) => {
      const streams = [await open('127.0.0.1'), await open('127.0.0.1'), await open('127.0.0.2')];
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
      const refused = await open('127.0.0.3');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('300');
      await refused.ended;
      expect(JSON.parse(refused.text())).toEqual({ message: MSG.tooManyStreams });

      streams[0]!.close();
      await streams[0]!.ended;
      const admitted = await openWhenFree(open, '127.0.0.3');
      await admitted.waitFor(/: connected/);
    });
  });

  it('keeps streaming long past the request and idle timeouts', async () => {
    await withStreams(async (open) => {
      const stream = await open();
      // Four heartbeats: well past the request, headers and connection timeouts.
      await stream.waitFor(/(: heartbeat\n\n[\s\S]*){4}/, 8 * HEARTBEAT_MS);
      await t.app.ctx.events.publish('{"change":"edit","id":"LATE-1"}');
      await stream.waitFor(/event: productUpdate\ndata: \{"change":"edit","id":"LATE-1"\}/);
    });
  });
});

/** A raw connection: what it received, and when it was closed (ms after it opened). */
function rawConnection(): Promise<{ socket: net.Socket; received: () => string; closedAfter: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closedAfter = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.once('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => received, closedAfter }));
    socket.once('error', reject);
  });
}

/** Writes one byte every `everyMs` until the socket closes; stops by itself after `maxMs`. */
function trickle(socket: net.Socket, byte: string, everyMs: number, maxMs: number) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(byte);
  }, everyMs);
  const stop = () => clearInterval(timer);
  socket.once('close', stop);
  setTimeout(stop, maxMs).unref();
}

/** Waits for `closed`, failing if the server has not closed the connection within `ms`. */
async function closedWithin(closed: Promise<number>, ms: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), ms);
  });
  const after = await Promise.race([closed, late]);
  clearTimeout(timer);
  return after;
}

/** Sends `head`, then `byte` every `everyMs`; answers when (ms) and with what the server closed it. */
async function slowRequest(head: string, byte: string, everyMs: number) {
  const connection = await rawConnection();
  try {
    connection.socket.write(head);
    trickle(connection.socket, byte, everyMs, 10_000);
    return { closedAfter: await closedWithin(connection.closedAfter, 5000), received: connection.received() };
  } finally {
    connection.socket.destroy();
  }
}

describe('slow requests', () => {
  it('cuts off a body that trickles in, with 408, at the request timeout', async () => {
    // Announces 100 kB and sends one byte at a time.
    const { closedAfter, received } = await slowRequest(
      'POST /api/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      ' ',
      100,
    );
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(closedAfter).toBeLessThan(REQUEST_TIMEOUT_MS + 1000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off headers that trickle in at the headers timeout', async () => {
    const { closedAfter, received } = await slowRequest('GET /api/health HTTP/1.1\r\nHost: shop\r\nX-Slow: ', 'a', 50);
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });
});
