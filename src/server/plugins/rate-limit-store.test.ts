/**
 * The database rate-limit store (plugins/rate-limit-store.ts): windows, namespaces, hashed keys,
 * pruning, and the plugin's 429 through it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { rateLimitHits } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { databaseRateLimitStore, prune } from './rate-limit-store';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR = 3_600_000;
const root = () => new (databaseRateLimitStore(db()))({});
const route = (store: FastifyRateLimitStore, method: string, url: string) =>
  store.child({ routeInfo: { method, url } } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);

function incr(store: FastifyRateLimitStore, key: string, windowMs = HOUR): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
  );
}
function read(
  store: FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] },
  key: string,
): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.read!(key, (error, result) => (error ? reject(error) : resolve(result!)), HOUR, 10),
  );
}

describe('the database rate-limit store', () => {
  it('counts the hits of one key within its window, with the time left', async () => {
    const store = root();
    expect(await incr(store, 'window:a')).toMatchObject({ current: 1 });
    expect(await incr(store, 'window:a')).toMatchObject({ current: 2 });
    const third = await incr(store, 'window:a');
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(HOUR - 60_000);
    expect(third.ttl).toBeLessThanOrEqual(HOUR);
    expect(await read(store, 'window:a')).toMatchObject({ current: 3 });
    expect(await incr(store, 'window:b')).toMatchObject({ current: 1 });
  });

  it('starts a new window once the old one has ended', async () => {
    const store = root();
    await incr(store, 'ended:a');
    await incr(store, 'ended:a');
    await db()
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` });
    expect(await read(store, 'ended:a')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(store, 'ended:a')).toMatchObject({ current: 1 });
  });

  it('keeps the counters of different routes apart, and shares one route’s between stores (instances)', async () => {
    const login = route(root(), 'POST', '/api/login');
    const contact = route(root(), 'POST', '/api/server/contact');
    await incr(login, '198.51.100.7');
    await incr(login, '198.51.100.7');
    expect(await incr(contact, '198.51.100.7')).toMatchObject({ current: 1 });
    const loginElsewhere = route(root(), 'POST', '/api/login'); // another instance's store
    expect(await incr(loginElsewhere, '198.51.100.7')).toMatchObject({ current: 3 });
  });

  it('keeps no e-mail address or IP in clear', async () => {
    await incr(root(), 'login:email:reader@example.com');
    const keys = (await db().select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.join(' ')).not.toContain('example.com');
  });

  it('prunes only the counters whose window has ended', async () => {
    const store = root();
    await prune(db()); // what earlier tests left expired
    const keys = async () =>
      new Set((await db().select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key));
    await incr(store, 'prune:live');
    const withLive = await keys();
    await incr(store, 'prune:gone');
    const gone = [...(await keys())].find((key) => !withLive.has(key))!;
    await db()
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, gone));
    await prune(db());
    expect(await keys()).toEqual(withLive);
    expect(await read(store, 'prune:live')).toMatchObject({ current: 1 });
  });
});
