/**
 * The process is killed (SIGKILL) in the middle of a burst of signed payment webhooks. After a
 * restart and the provider's retries, every paid session has exactly one order, every order has
 * its lines, and nothing else is half-written. Runs on the embedded database (PGlite in a data
 * directory, the default) and, in the PostgreSQL run, against the real server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { startFakeStripe, type FakeStripe } from '../fake-stripe';
import { createTestDatabase, usingPostgres } from '../harness';
import { startServerProcess, type ServerProcess } from '../server-process';

const SESSIONS = 100;
let stripe: FakeStripe;
let dataDir: string;
let dbUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  stripe = await startFakeStripe();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-kill-'));
  if (usingPostgres()) {
    const created = await createTestDatabase();
    await created.database.close();
    dbUrl = created.url;
    dropDatabase = async () => {
      const { drop } = { drop: created.drop };
      await drop().catch(() => {});
    };
  }
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  await stripe.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATA_DIR: dataDir,
  ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
  SEED_DEMO: 'true',
  JWT_SECRET: 'kill-test-secret-0123456789abcdefghij',
  E2E_RELAXED_RATE_LIMITS: 'true',
});

async function deliver(base: string, event: { payload: string; signature: string }): Promise<number> {
  const res = await fetch(`${base}/api/checkout/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
  return res.status;
}

describe('a crash during a burst of payment webhooks', () => {
  it('leaves exactly one complete order per paid session after restart and retries', async () => {
    server = await startServerProcess(env());
    const products = (await (await fetch(`${server.url}/api/server/get_products`)).json()) as { id: string }[];
    expect(products.length).toBeGreaterThan(3);

    const sessionIds: string[] = [];
    for (let i = 0; i < SESSIONS; i += 1) {
      const res = await fetch(`${server.url}/api/checkout/create_checkout_session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          cartItems: [
            { product_id: products[i % products.length]!.id, qty: 1 + (i % 3) },
            { product_id: products[(i + 1) % products.length]!.id, qty: 1 },
          ],
          user_id: null,
          user_email: '',
          currency: 'GBP',
        }),
      });
      expect(res.status).toBe(200);
      sessionIds.push(((await res.json()) as { sessionId: string }).sessionId);
    }
    const events = sessionIds.map((id) =>
      stripe.completedEvent(id, { customer_details: { email: `buyer-${id.slice(-6)}@example.com` } }),
    );

    // The burst: eight deliveries in flight at a time; the process is killed the moment the
    // tenth is answered, so some are cut off mid-request and the rest find nobody listening.
    let answered = 0;
    let next = 0;
    const statuses: number[] = [];
    const running = server;
    const worker = async () => {
      while (next < events.length) {
        const event = events[next++]!;
        const status = await deliver(running.url, event).catch(() => 0);
        statuses.push(status);
        if (status !== 0 && ++answered === 10) running.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await running.stop('SIGKILL');
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((status) => status === 0).length, 'deliveries cut off by the crash').toBeGreaterThan(50);

    // Restart; the provider retries every event (those answered 200 too, as a provider may).
    server = await startServerProcess(env());
    for (const event of events) expect(await deliver(server.url, event)).toBe(200);
    // And once more, concurrently: still nothing new.
    expect(new Set(await Promise.all(events.map((event) => deliver(server!.url, event))))).toEqual(new Set([200]));
    await server.stop('SIGTERM');
    server = undefined;

    const database = dbUrl
      ? await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = (await database.db.execute(sql`
        select cs.id as session_id, cs.total_pence, count(distinct o.id)::int as orders,
               min(o.total_pence) as order_total, count(oi.product_id)::int as lines
        from checkout_sessions cs
        left join orders o on o.checkout_session_id = cs.id
        left join order_items oi on oi.order_id = o.id
        group by cs.id, cs.total_pence`)) as unknown as {
        rows: { session_id: string; total_pence: number; orders: number; order_total: number; lines: number }[];
      };
      const bySession = new Map(rows.rows.map((row) => [row.session_id, row]));
      for (const id of sessionIds) {
        const row = bySession.get(id);
        expect(row?.orders, `orders for ${id}`).toBe(1);
        expect(row?.lines, `lines of the order for ${id}`).toBe(2);
        expect(Number(row?.order_total)).toBe(Number(row?.total_pence));
      }
      const orphans = (await database.db.execute(
        sql`select count(*)::int as n from orders o where not exists (select 1 from order_items oi where oi.order_id = o.id)`,
      )) as unknown as { rows: { n: number }[] };
      expect(orphans.rows[0]!.n).toBe(0);
      const confirmations = (await database.db.execute(
        sql`select "to", count(*)::int as n from outgoing_mail where subject ilike '%confirmed%' group by "to" having count(*) > 1`,
      )) as unknown as { rows: unknown[] };
      expect(confirmations.rows, 'no order confirmation mailed twice').toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
