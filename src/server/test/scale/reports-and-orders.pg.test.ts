/**
 * Issue 32, finding 3 (decision 132): the owner's dashboard must not take the connections that take
 * money and send books. 200,000 orders over three years (generated in the database), the shop's
 * pool of 10 as in production. Every connection of the reports' own pool is kept at work (as
 * year-long dashboards held them before decision 158 made them quick: a statement of a few
 * seconds on each) and 20 dashboards for different year-long periods wait for them; meanwhile a
 * shopper checks out and pays (the demo checkout), and the order's mail is sent from the outbox
 * and its print job is taken by the printer, all within 5 s. Each dashboard answers its figures
 * or a 503 saying the dashboard is busy, never a 500; once the reports' pool is free again a
 * year's dashboard answers its figures.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { simulatedPrintPartner } from '../../adapters/print/simulated';
import { outgoingMail, printJobs } from '../../db/schema';
import { TEST_ADDRESS } from '../factories/addresses';
import { createProduct, type ProductFixture } from '../factories/products';
import { bearer, createUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../harness';

const ORDERS = 200_000;
const DASHBOARDS = 20;
const DEADLINE_MS = 5_000;
/** How long the reports' connections are kept at work: past the order's deadline. */
const HOLD_S = 6;

let t: TestApp;
let admin: TestUser;
let book: ProductFixture;
let watcher: pg.Client;

/** Statements running in the test's database now, other than this count. */
async function activeStatements(): Promise<number> {
  const { rows } = await watcher.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
  );
  return rows[0]!.n;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp({
    poolSize: 10,
    background: true,
    // Every dashboard made afresh; the printer takes each order at once.
    env: { DASHBOARD_CACHE_SECONDS: '0' },
    deps: { printPartner: simulatedPrintPartner({ stepSeconds: 3600 }) },
  });
  admin = await createUser(t.app, { role: 'admin' });
  const books = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      createProduct(t.deps.database.db, { name: `Scale Book ${i}`, pricePence: 500 + i * 10 }),
    ),
  );
  book = books[0]!;
  // Loaded on a connection of the test's own, without the shop's statement time limit (as the bench loads).
  watcher = new pg.Client({ connectionString: t.databaseUrl });
  await watcher.connect();
  // Evenly over 2023-01-01 to 2025-12-31, 1 to 3 lines each, as the bench's seed does (bench/lib/seed-orders.ts).
  await watcher.query(
    `create temporary table scale_orders as
     select i, gen_random_uuid() as id, timestamptz '2023-01-01 00:00:00+00' + (i::float8 / $1::int * 1095) * interval '1 day' as at
     from generate_series(1, $1::int) as i`,
    [ORDERS],
  );
  await watcher.query(
    `insert into orders (id, checkout_session_id, user_id, email, subtotal_pence, shipping_pence, discount_pence, total_pence, status, delivery_address, payment_ref, created_at, updated_at)
     select id, 'scale_' || i, null, 'buyer' || (i * 7919 % 30000) || '@scale.example', 1000, 383, 0, 1383, 'Delivered', $1::jsonb, 'demo', at, at
     from scale_orders`,
    [JSON.stringify(TEST_ADDRESS)],
  );
  await watcher.query(
    `insert into order_items (order_id, product_id, product_key, name, unit_price_pence, quantity)
     select o.id, p.id, p.product_key, p.name, p.price_pence, 1 + (o.i + j) % 3
     from scale_orders o cross join generate_series(0, 2) as j
     join (select id, product_key, name, price_pence, row_number() over (order by id) - 1 as n from products) p on p.n = (o.i * 31 + j * 7) % 40
     where j <= o.i % 3`,
  );
  await watcher.query('drop table scale_orders');
  await watcher.query('analyze');
}, 120_000);

afterAll(async () => {
  await watcher?.end().catch(() => {});
  await t?.close();
});

describe('the owner’s dashboards and a shopper’s order at once (PostgreSQL)', () => {
  it('pays, mails and queues the order for the printer within 5 s while 20 year-long dashboards load', async () => {
    // 20 year-long periods, a week apart, each compared with the year before it.
    const periods = Array.from({ length: DASHBOARDS }, (_, k) => {
      const from = new Date(Date.UTC(2024, 0, 1 + 7 * k));
      const to = new Date(from.getTime() + 364 * 86_400_000);
      return `period=custom&from=${from.toISOString().slice(0, 10)}&to=${to.toISOString().slice(0, 10)}`;
    });
    // 20 reports of a few seconds each, as year-long dashboards cost before decision 158: if reports
    // could take the shop's connections, these alone would hold all ten. They fill the reports' own
    // pool for longer than the order may take; the rest wait for a turn (503 when it does not come).
    const reportConnections = t.config.DATABASE_REPORTING_POOL_SIZE;
    const holders = Array.from({ length: DASHBOARDS }, () =>
      // Settled at once (not left to reject unheard while the order is measured): what each report came to.
      t.deps.database
        .report((db) => db.execute(sql`select pg_sleep(${HOLD_S})`))
        .then(
          () => null,
          (error: unknown) => error as Error,
        ),
    );
    await until(async () => (await activeStatements()) >= reportConnections, 10_000);
    let answered = 0;
    const dashboards = periods.map((query) =>
      t.app
        .inject({ method: 'GET', url: `/api/admin/dashboard?${query}`, headers: bearer(admin.token) })
        .finally(() => (answered += 1)),
    );

    const started = Date.now();
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: { cartItems: [{ product_id: book.id, qty: 1 }], user_id: null, user_email: '', currency: 'GBP' },
    });
    expect(session.statusCode, session.body).toBe(200);
    const { sessionId } = session.json() as { sessionId: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/demo/${sessionId}/pay`,
      payload: { email: 'shopper@scale.example', address: TEST_ADDRESS },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = (paid.json() as { order_id: string }).order_id;
    // The confirmation mail leaves the outbox, and the printer takes the order.
    const db = t.deps.database.db;
    await until(async () => {
      const mails = await db
        .select({ status: outgoingMail.status })
        .from(outgoingMail)
        .where(eq(outgoingMail.to, 'shopper@scale.example'));
      const [job] = await db.select({ state: printJobs.state }).from(printJobs).where(eq(printJobs.orderId, orderId));
      return mails.length > 0 && mails.every((mail) => mail.status === 'sent') && job?.state === 'submitted';
    }, DEADLINE_MS * 3);
    const took = Date.now() - started;
    expect(took, `paid, mailed and sent to the printer in ${took} ms`).toBeLessThan(DEADLINE_MS);
    // The dashboards were still at work meanwhile: the order was measured under their load.
    expect(answered).toBeLessThan(DASHBOARDS / 2);

    const answers = await Promise.all(dashboards);
    for (const answer of answers) {
      expect([200, 503], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 503) {
        expect(answer.json()).toEqual({ message: MSG.reportingBusy });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    // Only as many at once as the reports' pool has connections; the others were told it is busy.
    const held = await Promise.all(holders);
    expect(held.filter((error) => error === null).length).toBeGreaterThanOrEqual(reportConnections);
    for (const error of held) if (error) expect(error.message).toBe(MSG.reportingBusy);
    const year = await t.app.inject({
      method: 'GET',
      url: `/api/admin/dashboard?${periods[0]}`,
      headers: bearer(admin.token),
    });
    expect(year.statusCode, year.body).toBe(200);
    expect((year.json() as { figures: { current: { orders: number } } }).figures.current.orders).toBeGreaterThan(
      30_000,
    );
  }, 120_000);
});
