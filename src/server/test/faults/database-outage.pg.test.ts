/**
 * The database goes away and comes back: meanwhile requests answer 503 with a message and
 * /api/health says so; afterwards the same app answers normally, without a restart, and its
 * LISTEN connection for product events is re-opened.
 * PostgreSQL only (the embedded database cannot go away): runs in the api-postgres project.
 */
import { embeddedDeps } from '../../deps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { testConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { PRODUCT_CHANNEL } from '../../modules/events/product-events';
import { createTestDatabase } from '../harness';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy';

let proxy: TcpProxy;
let app: App;
let database: Database;
let drop: () => Promise<void>;
let directUrl: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  directUrl = created.url!;
  const url = new URL(created.url!);
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
  app = await buildApp(testConfig(), embeddedDeps(database), { background: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close().catch(() => {});
  await proxy.close();
  await drop();
});

describe('database outage', () => {
  it('answers 503 with a message while the database is away, and recovers by itself', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);

    await proxy.cut();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
    const read = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(read.statusCode).toBe(503);
    expect(read.json().message).toMatch(/temporarily unavailable/);
    expect(read.body).not.toMatch(/ECONNREFUSED|at .*\.ts:/);

    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
  });

  it('re-opens the LISTEN connection after an outage, so product events keep arriving', async () => {
    const received: string[] = [];
    const unsubscribe = app.ctx.events.subscribe((payload) => received.push(payload));
    try {
      await proxy.cut();
      await proxy.restore();
      // Another instance (a direct connection) announces a change after the outage.
      const other = await openDatabase({ kind: 'postgres', url: directUrl, poolSize: 1 });
      try {
        await expect
          .poll(
            async () => {
              await other.notify(PRODUCT_CHANNEL, 'after-outage');
              return received.includes('after-outage');
            },
            { timeout: 15_000, interval: 300 },
          )
          .toBe(true);
      } finally {
        await other.close();
      }
    } finally {
      unsubscribe();
    }
  });
});
