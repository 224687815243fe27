/**
 * The productUpdate stream, read the way a browser's EventSource reads it: a plain HTTP GET on a
 * real listening server. On PostgreSQL: two app instances on one database, a change on one
 * reaches a client of the other (LISTEN/NOTIFY). On PGlite (one process): the same through one
 * instance.
 */
import { embeddedDeps } from '../../deps';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { testConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestDatabase, usingPostgres } from '../../test/harness';
import { multipartBody } from '../../test/multipart';
import { openStream } from '../../test/sse-client';
import { formatEvent } from './routes';

async function startInstance(database: Database): Promise<{ app: App; port: number }> {
  const app = await buildApp(testConfig({ SSE_HEARTBEAT_MS: '100' }), embeddedDeps(database), { background: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

async function until(check: () => boolean, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const productForm = (name: string) =>
  multipartBody({ id: 'SSE-1', name, type: 'Puzzle', description: 'A test book', age: '', price: '5.00' });

let writer: { app: App; port: number };
let reader: { app: App; port: number };
let second: Database | null = null;
let drop: () => Promise<void>;
let admin: TestUser;
/** Subscriptions other modules hold (the catalogue cache), before any stream is open. */
let baseline = 0;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  writer = await startInstance(created.database);
  if (usingPostgres()) {
    // A second instance with its own connection pool and LISTEN connection on the same database.
    second = await openDatabase({ kind: 'postgres', url: created.url!, poolSize: 2 });
    reader = await startInstance(second);
  } else {
    reader = writer;
  }
  baseline = reader.app.ctx.events.subscriberCount;
  admin = await createUser(writer.app, { role: 'admin' });
  const { payload, headers } = productForm('Streamed Puzzles');
  const res = await writer.app.inject({
    method: 'POST',
    url: '/api/admin/products/add_product',
    payload,
    headers: { ...headers, ...bearer(admin.token) },
  });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  if (reader !== writer) await reader.app.close();
  await second?.close();
  await writer.app.close();
  await drop();
});

describe(
  usingPostgres()
    ? 'productUpdate across two app instances on one PostgreSQL'
    : 'productUpdate through one app instance (PGlite)',
  () => {
    it('opens a text/event-stream that the browser can read', async () => {
      const client = await openStream(reader.port);
      try {
        expect(client.status).toBe(200);
        expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
        expect(client.headers['cache-control']).toMatch(/no-cache/);
        await client.waitFor(/^: connected\n\n/);
      } finally {
        client.close();
      }
    });

    it('an edit on one instance reaches a client of the other within 2 s', async () => {
      const client = await openStream(reader.port);
      try {
        await client.waitFor(/: connected/);
        const { payload, headers } = productForm('Streamed Puzzles, 2nd edition');
        const started = Date.now();
        const res = await writer.app.inject({
          method: 'POST',
          url: '/api/admin/products/edit_product/SSE-1',
          payload,
          headers: { ...headers, ...bearer(admin.token) },
        });
        expect(res.statusCode, res.body).toBe(200);
        await client.waitFor(/event: productUpdate\ndata: \{"change":"edit","id":"SSE-1"\}\n\n/, 2000);
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        client.close();
      }
    });

    it('sends comment heartbeats while nothing happens', async () => {
      const client = await openStream(reader.port);
      try {
        await client.waitFor(/: heartbeat\n\n[\s\S]*: heartbeat\n\n/, 2000);
        expect(client.text()).not.toMatch(/event:/);
      } finally {
        client.close();
      }
    });

    it('releases the subscription when the client goes away', async () => {
      // other modules (the catalogue cache) subscribe too: count the streams' subscriptions only
      await until(() => reader.app.ctx.events.subscriberCount === baseline);
      const clients = await Promise.all([openStream(reader.port), openStream(reader.port)]);
      await Promise.all(clients.map((client) => client.waitFor(/: connected/)));
      expect(reader.app.ctx.events.subscriberCount).toBe(baseline + 2);
      for (const client of clients) client.close();
      await until(() => reader.app.ctx.events.subscriberCount === baseline);
    });

    it('a delete is announced too', async () => {
      const client = await openStream(reader.port);
      try {
        await client.waitFor(/: connected/);
        const res = await writer.app.inject({
          method: 'POST',
          url: '/api/admin/products/delete_product/SSE-1',
          headers: bearer(admin.token),
        });
        expect(res.statusCode).toBe(200);
        await client.waitFor(/event: productUpdate\ndata: \{"change":"delete","id":"SSE-1"\}/);
      } finally {
        client.close();
      }
    });
  },
);

describe('formatEvent', () => {
  it('puts each line of the data in its own data field', () => {
    expect(formatEvent('productUpdate', 'a\nb')).toBe('event: productUpdate\ndata: a\ndata: b\n\n');
    expect(formatEvent('productUpdate', '')).toBe('event: productUpdate\ndata: \n\n');
  });
});
