/**
 * The database goes silent without a reset (a hung pooler, a NAT that dropped its state): the
 * proxy between the app and PostgreSQL keeps every socket open and drops the bytes. Requests must
 * fail within the configured timeouts instead of hanging, the pool must heal once the database
 * answers again (a connection that timed out is destroyed, never handed out again), and the
 * LISTEN connection, idle all along, must be found dead by its heartbeat and re-opened, dropping
 * every cache that notifications keep fresh: a price changed meanwhile shows in get_products,
 * in the server-rendered page and reaches the event stream's clients as a refetch.
 * PostgreSQL only (the embedded database has no connection to lose): runs in the api-postgres project.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { testConfig } from '../../config';
import { embeddedDeps } from '../../deps';
import { openDatabase, type Database } from '../../db/client';
import { multipartBody } from '../multipart';
import { PRODUCT_CHANNEL } from '../../modules/events';
import { createProduct, type ProductFixture } from '../factories/products';
import { bearer, createUser, type TestUser } from '../factories/users';
import { createTestDatabase } from '../harness';
import { openStream } from '../sse-client';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy';
import { testWebBuild } from '../web-build';

/** Small timeouts, so that a hang shows within a test's time. */
const TIMEOUTS = {
  connectMs: 1000,
  queryMs: 1500,
  statementMs: 1000,
  idleInTransactionMs: 5000,
  idleMs: 60_000,
  keepAliveDelayMs: 1000,
  listenHeartbeatMs: 300,
};
/** What "fails within the timeout" allows: a query timeout plus a connect timeout, and some slack. */
const ANSWER_WITHIN_MS = TIMEOUTS.queryMs + TIMEOUTS.connectMs + 1500;
const POOL_SIZE = 3;

let proxy: TcpProxy;
/** The app under test: its pool and LISTEN connection go through the proxy. */
let app: App;
let port: number;
let database: Database;
/** Another instance on a direct connection, where the admin works during the partition. */
let other: App;
let drop: () => Promise<void>;
let admin: TestUser;
let book: ProductFixture;

beforeAll(async () => {
  // The real web build: the kept book page must follow a price changed while a notification was lost.
  const webDist = await testWebBuild();
  const created = await createTestDatabase();
  drop = created.drop;
  const url = new URL(created.url!);
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: POOL_SIZE, timeouts: TIMEOUTS });
  app = await buildApp(testConfig({ WEB_DIST_DIR: webDist }), embeddedDeps(database), { background: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  other = await buildApp(testConfig({ WEB_DIST_DIR: webDist }), embeddedDeps(created.database), { background: false });
  await other.ready();
  admin = await createUser(other, { role: 'admin' });
  book = await createProduct(created.database.db, { name: 'Harbour Crosswords', pricePence: 799 });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => {});
  await other?.close();
  await proxy?.close();
  await drop?.();
});

/** Settles with what `promise` gives, or rejects naming `what` once `ms` have passed. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const get = (url: string) => app.inject({ method: 'GET', url });
/** A transaction on the app's pool (the path that checks a client out and hands it back). */
const transaction = () => database.db.transaction(async (tx) => tx.execute(sql`select 1`));

/** Routes that read the database, answered as the shop answers them. */
const databaseRoutes = () => [
  get('/api/health'),
  get(`/api/server/get_product?id=${book.id}`),
  get('/api/dev/mailbox'),
  get(`/api/server/get_product?id=${book.id}`),
  get('/api/health'),
  get('/api/dev/mailbox'),
];

/** Waits until a NOTIFY sent from the other instance reaches the app (its LISTEN connection works). */
async function listenerWorks() {
  const received: string[] = [];
  const unsubscribe = app.ctx.events.subscribe((payload) => received.push(payload));
  try {
    await expect
      .poll(
        async () => {
          await other.ctx.database.notify(PRODUCT_CHANNEL, 'probe');
          return received.includes('probe');
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
  } finally {
    unsubscribe();
  }
}

describe('a database that goes silent (half-open connections)', () => {
  it('requests fail within the timeout meanwhile, and the routes recover by themselves after it', async () => {
    // Every pooled connection open and idle, as on a shop with traffic.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => transaction()));
    expect((await get('/api/health')).statusCode).toBe(200);

    await proxy.blackhole();
    const started = Date.now();
    // Transactions first, so that they get the pooled connections that went silent: the path
    // where a connection that timed out could go back to the pool, or never leave it.
    const failed = await within(
      ANSWER_WITHIN_MS + 2000,
      'transactions during the blackhole',
      Promise.allSettled(Array.from({ length: POOL_SIZE }, () => transaction())),
    );
    expect(failed.map((result) => result.status)).toEqual(failed.map(() => 'rejected'));
    const answers = await within(
      ANSWER_WITHIN_MS + 2000,
      'requests during the blackhole',
      Promise.all(databaseRoutes()),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.body).toMatch(/temporarily unavailable|"database":"down"/);
    }
    expect(Date.now() - started).toBeLessThan(2 * ANSWER_WITHIN_MS);

    await proxy.restore();
    const restored = Date.now();
    await expect.poll(async () => (await get('/api/health')).statusCode, { timeout: 5000, interval: 100 }).toBe(200);
    // The whole pool works again: no connection that timed out was handed out again.
    const after = await within(
      5000,
      'requests after the blackhole',
      Promise.all([...databaseRoutes(), ...databaseRoutes()]),
    );
    expect(after.map((answer) => answer.statusCode)).toEqual(after.map(() => 200));
    await within(
      5000,
      'transactions after the blackhole',
      Promise.all(Array.from({ length: POOL_SIZE * 2 }, () => transaction())),
    );
    expect(Date.now() - restored).toBeLessThan(5000);
  });

  it('finds an idle LISTEN connection gone silent, re-opens it, and drops what notifications kept fresh', async () => {
    await listenerWorks();
    const page = `/item/${encodeURIComponent(book.name)}`;
    // Caches warm: the catalogue, the rendered page; a shopper's event stream open.
    expect((await get('/api/server/get_products')).json()).toContainEqual(
      expect.objectContaining({ id: book.id, price: 7.99 }),
    );
    expect((await get(page)).body).toContain('£7.99');
    const stream = await openStream(port);
    await stream.waitFor(/: connected/);

    try {
      const acceptedBefore = proxy.accepted;
      await proxy.blackhole();
      // No request reaches the app meanwhile; its heartbeat finds the LISTEN connection dead and
      // it tries to open another (through the still silent proxy).
      await expect.poll(() => proxy.accepted, { timeout: 5000, interval: 50 }).toBeGreaterThan(acceptedBefore);

      // The admin, on another instance, changes the price: committed, its notification lost here.
      const form = multipartBody({
        id: book.id,
        name: book.name,
        type: book.type,
        description: book.description,
        age: book.age,
        price: '12.50',
      });
      const edit = await other.inject({
        method: 'POST',
        url: `/api/admin/products/edit_product/${book.id}`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(admin.token) },
      });
      expect(edit.statusCode, edit.body).toBe(200);

      await proxy.restore();
      await expect
        .poll(async () => (await get('/api/server/get_products')).json(), { timeout: 15_000, interval: 200 })
        .toContainEqual(expect.objectContaining({ id: book.id, price: 12.5 }));
      expect((await get(page)).body).toContain('£12.50');
      // The stream's clients are told to refetch (an event with no details: anything may have changed).
      await stream.waitFor(/event: productUpdate\ndata: \n\n/);
      // And later notifications arrive again.
      await listenerWorks();
    } finally {
      stream.close();
    }
  });
});
