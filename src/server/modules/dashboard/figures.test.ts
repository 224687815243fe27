/**
 * The kept figures (decision 158) answer what the orders themselves answer: random orders (sales,
 * replacements, guests, codes, zones, print jobs with and without a GBP cost, lines of books that
 * lost their key, days on both sides of UK clock changes) are made, changed and deleted the ways
 * the shop's code paths change them (a status change, a cancel, several orders in one statement,
 * an erasure's redaction, a retention delete, lines and jobs changed, a transaction rolled back),
 * and after each round the dashboard made from the kept figures equals, to the penny, the one made
 * from today's direct aggregates (direct.ts) for periods of days, months and years; and the tables
 * the triggers kept equal the ones `dashboard_refill_figures()` makes afresh from the orders.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardQueryInput } from '@shared/contracts/dashboard';
import { ORDER_STATUSES } from '@shared/order-status';
import type { Db } from '../../db/client';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { createTestApp, type TestApp } from '../../test/harness';
import { directFigures } from './direct';
import { keptFigures } from './repository';
import { dashboard } from './service';

let t: TestApp;
let books: ProductFixture[];
const userIds: string[] = [];
const db = (): Db => t.deps.database.db;
const rows = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
const random = generator(158);

// UK clock changes: 30 Mar and 26 Oct 2025, 29 Mar and 25 Oct 2026 (at 01:00 UTC). Orders fall
// within hours of their London midnights, and anywhere else in 2025 and 2026.
const CLOCK_CHANGES = ['2025-03-30', '2025-10-26', '2026-03-29', '2026-10-25'];
function randomInstant(): string {
  if (random.chance(0.4)) {
    const day = Date.parse(`${random.pick(CLOCK_CHANGES)}T00:00:00Z`);
    return new Date(day + (random.int(36 * 60) - 18 * 60) * 60_000 + random.int(60_000)).toISOString();
  }
  const start = Date.parse('2025-01-01T00:00:00Z');
  return new Date(start + random.int(730 * 86_400) * 1000).toISOString();
}

const EMAILS = Array.from({ length: 30 }, (_, i) => `buyer${i}@example.com`);
const ZONES = ['United Kingdom', 'Europe', 'Rest of the world', null];
const CURRENCIES = ['GBP', 'gbp', 'USD', null];
const GONE_BOOKS = [
  { productId: 'OLD-1', name: 'A Book Long Gone' },
  { productId: 'OLD-1', name: 'A book long gone (renamed)' },
  { productId: 'OLD-2', name: 'Another Lost Title' },
];
let sessions = 0;

/** Order rows and their lines for `count` new orders, inserted in one statement each. */
async function makeOrders(tx: Db, count: number) {
  const sales = await rowsIn<{ id: string }>(
    tx,
    sql`select id from orders where kind = 'sale' order by created_at, id`,
  );
  const made = Array.from({ length: count }, () => {
    const replacement = sales.length > 0 && random.chance(0.1);
    const lines = Array.from({ length: 1 + random.int(3) }, () => {
      if (random.chance(0.1)) return { ...random.pick(GONE_BOOKS), key: null, price: 500 + random.int(900) };
      const book = random.pick(books);
      return { productId: book.id, name: book.name, key: book.key as string | null, price: book.pricePence };
    });
    const unique = [...new Map(lines.map((line) => [line.productId, line])).values()];
    const subtotal = unique.reduce((sum, line) => sum + line.price, 0);
    const code = !replacement && random.chance(0.25);
    const discount = code ? Math.floor(subtotal / 10) : 0;
    const shipping = replacement ? 0 : pickShipping();
    return {
      session: `figures_${(sessions += 1)}`,
      email: random.pick(EMAILS),
      userId: random.chance(0.35) ? null : random.pick(userIds),
      subtotal,
      shipping,
      discount,
      total: replacement ? 0 : subtotal - discount + shipping,
      code: code ? `CODE${sessions}` : null,
      zone: random.pick(ZONES),
      status: random.pick(ORDER_STATUSES),
      kind: replacement ? 'replacement' : 'sale',
      parent: replacement ? random.pick(sales).id : null,
      at: randomInstant(),
      lines: unique.map((line) => ({ ...line, qty: 1 + random.int(3) })),
    };
  });
  const values = sql.join(
    made.map(
      (o) =>
        sql`(${o.session}, ${o.userId}::uuid, ${o.email}, ${o.subtotal}, ${o.shipping}, ${o.discount}, ${o.total}, ${o.code}, ${o.zone}, ${o.status}, ${o.kind}, ${o.parent}::uuid, ${o.kind === 'replacement' ? 'damaged' : null}, ${o.at}::timestamptz)`,
    ),
    sql`, `,
  );
  const inserted = await rowsIn<{ id: string; checkout_session_id: string }>(
    tx,
    sql`insert into orders (checkout_session_id, user_id, email, subtotal_pence, shipping_pence, discount_pence, total_pence,
          discount_code, delivery_zone, status, kind, parent_order_id, replacement_reason, created_at)
        values ${values} returning id, checkout_session_id`,
  );
  const ids = new Map(inserted.map((row) => [row.checkout_session_id, row.id]));
  const lines = made.flatMap((o) =>
    o.lines.map(
      (line) =>
        sql`(${ids.get(o.session)}::uuid, ${line.productId}, ${line.key}::uuid, ${line.name}, ${line.price}, ${line.qty})`,
    ),
  );
  await tx.execute(
    sql`insert into order_items (order_id, product_id, product_key, name, unit_price_pence, quantity) values ${sql.join(lines, sql`, `)}`,
  );
  return [...ids.values()];
}

function pickShipping() {
  return random.pick([0, 383, 450, 999]);
}

async function rowsIn<T>(tx: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const someOrders = async (n: number, where = sql`true`) =>
  (
    await rows<{ id: string }>(
      sql`select id from orders where ${where} order by md5(id::text || ${random.int(1e9)}) limit ${n}`,
    )
  ).map((row) => row.id);

async function addJobs(n: number) {
  const ids = await someOrders(n, sql`not exists (select 1 from print_jobs j where j.order_id = orders.id)`);
  for (const id of ids) {
    const costed = random.chance(0.7);
    await db()
      .execute(sql`insert into print_jobs (order_id, partner, state, cost_pence, dispatch_cost_pence, cost_currency)
      values (${id}, 'simulated', 'submitted', ${costed ? 600 + random.int(900) : null},
              ${costed && random.chance(0.8) ? 200 + random.int(400) : null}, ${random.pick(CURRENCIES)})`);
  }
}

/** One round of the changes the shop's code paths make. */
async function changeOrders() {
  // Status changes and cancels, one order at a time and many in one statement.
  for (const id of await someOrders(15))
    await db().execute(
      sql`update orders set status = ${random.pick(ORDER_STATUSES)}, updated_at = now() where id = ${id}`,
    );
  const many = await someOrders(20);
  await db().execute(
    sql`update orders set status = ${random.pick(ORDER_STATUSES)} where id in (${sql.join(
      many.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  // A zone, a total, a code, an account detached; an order moved to another UK day.
  for (const id of await someOrders(5))
    await db().execute(sql`update orders set delivery_zone = ${random.pick(ZONES)} where id = ${id}`);
  for (const id of await someOrders(3))
    await db().execute(
      sql`update orders set total_pence = total_pence + 100, shipping_pence = shipping_pence + 100 where id = ${id}`,
    );
  for (const id of await someOrders(3))
    await db().execute(sql`update orders set discount_code = null where id = ${id}`);
  for (const id of await someOrders(3)) await db().execute(sql`update orders set user_id = null where id = ${id}`);
  for (const id of await someOrders(4))
    await db().execute(sql`update orders set created_at = ${randomInstant()}::timestamptz where id = ${id}`);
  // An erasure: every order of an address redacted in one statement (e-mail '' and no account).
  await db().execute(
    sql`update orders set email = '', user_id = null, personal_data_redacted_at = now() where email = ${random.pick(EMAILS)}`,
  );
  // An address given another case-folded spelling (a guest's order attached by a review link).
  for (const id of await someOrders(2))
    await db().execute(sql`update orders set email = ${random.pick(EMAILS)} where id = ${id}`);
  // Lines: one removed, one added, one quantity changed; a book's ID renamed (its key stays).
  for (const [id] of (await someOrders(3)).map((id) => [id]))
    await db().execute(
      sql`delete from order_items where ctid = (select ctid from order_items where order_id = ${id} limit 1)
          and (select count(*) from order_items where order_id = ${id}) > 1`,
    );
  for (const id of await someOrders(3)) {
    const book = random.pick(books);
    await db().execute(sql`insert into order_items (order_id, product_id, product_key, name, unit_price_pence, quantity)
      values (${id}, ${book.id}, ${book.key}, ${book.name}, ${book.pricePence}, ${1 + random.int(4)}) on conflict do nothing`);
  }
  for (const id of await someOrders(3))
    await db().execute(sql`update order_items set quantity = quantity + 1 where order_id = ${id}`);
  // Print jobs: new ones, costs answered later (or in another currency), a job deleted.
  await addJobs(8);
  for (const id of (
    await rows<{ order_id: string }>(sql`select order_id from print_jobs order by random() limit 5`)
  ).map((r) => r.order_id))
    await db().execute(
      sql`update print_jobs set dispatch_cost_pence = ${random.chance(0.8) ? 150 + random.int(500) : null},
            cost_currency = ${random.pick(CURRENCIES)}, cost_pence = ${700 + random.int(500)}, updated_at = now() where order_id = ${id}`,
    );
  await db().execute(sql`update print_jobs set state = 'submitted', updated_at = now()`);
  await db().execute(
    sql`delete from print_jobs where order_id in (select order_id from print_jobs order by random() limit 1)`,
  );
  // Refunds (read where they are) for a few orders.
  for (const id of await someOrders(3, sql`kind = 'sale' and total_pence > 0`))
    await db().execute(sql`insert into refunds (order_id, amount_pence, reason, by, state)
      values (${id}, 100, 'damaged', 'owner', ${random.pick(['pending', 'succeeded', 'failed'])})`);
  // Retention: old orders deleted, several in one statement (a replacement's parent is kept by its restrict).
  const gone = await someOrders(6, sql`not exists (select 1 from orders r where r.parent_order_id = orders.id)`);
  await db().execute(
    sql`delete from orders where id in (${sql.join(
      gone.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  // A change rolled back leaves the figures as they were.
  await db()
    .transaction(async (tx) => {
      await makeOrders(tx, 3);
      await tx.execute(sql`update orders set status = ${random.pick(ORDER_STATUSES)}`);
      throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  // New orders: one at a time (checkout) and several in one statement, in a transaction with their lines.
  for (let i = 0; i < 4; i++) await db().transaction((tx) => makeOrders(tx, 1));
  await db().transaction((tx) => makeOrders(tx, 15));
}

const NOW = new Date('2026-12-31T15:00:00Z');
const QUERIES: DashboardQueryInput[] = [
  { period: 'year', stale_days: 7 },
  { period: '30d', stale_days: 7 },
  { period: '90d', stale_days: 7 },
  { period: 'custom', from: '2025-01-01', to: '2025-12-31', stale_days: 7 },
  { period: 'custom', from: '2025-03-15', to: '2025-11-02', stale_days: 7 },
  { period: 'custom', from: '2025-10-20', to: '2026-04-10', stale_days: 7 },
  { period: 'custom', from: '2026-03-29', to: '2026-03-29', stale_days: 7 },
  { period: 'custom', from: '2026-10-25', to: '2026-10-26', stale_days: 7 },
  { period: 'custom', from: '2025-02-01', to: '2025-02-28', stale_days: 7 },
  { period: 'custom', from: '2024-06-01', to: '2026-12-31', stale_days: 7 },
];

async function expectSameAnswers() {
  for (const query of QUERIES) {
    const [kept, direct] = [
      await dashboard(db(), query, NOW, keptFigures),
      await dashboard(db(), query, NOW, directFigures),
    ];
    expect(kept, JSON.stringify(query)).toEqual(direct);
  }
}

const tables = async () => ({
  days: await rows(sql`select * from order_day_figures order by day, status, kind, zone nulls first`),
  books: await rows(
    sql`select * from book_sale_figures order by span, starts, status, kind, product_key nulls first, product_id, name`,
  ),
  firsts: await rows(sql`select id, first_sale from orders order by id`),
});

async function expectSameAsRefilled() {
  const kept = await tables();
  await db().execute(sql`select dashboard_refill_figures()`);
  expect(kept).toEqual(await tables());
}

beforeAll(async () => {
  t = await createTestApp({ env: { DASHBOARD_CACHE_SECONDS: '0' } });
  books = [];
  for (let i = 0; i < 8; i++)
    books.push(await createProduct(db(), { name: `Figure Book ${i}`, pricePence: 499 + i * 150 }));
  for (let i = 0; i < 6; i++) {
    const [row] = await rows<{ id: string }>(
      sql`insert into users (email, role, verified) values (${`account${i}@example.com`}, 'customer', true) returning id`,
    );
    userIds.push(row!.id);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the figures kept per day (decision 158)', () => {
  it('answer what the orders answer, through orders made, changed, redacted and deleted', async () => {
    await db().transaction((tx) => makeOrders(tx, 120));
    for (let i = 0; i < 40; i++) await db().transaction((tx) => makeOrders(tx, 1));
    await addJobs(40);
    await expectSameAnswers();
    await expectSameAsRefilled();
    for (let round = 0; round < 4; round++) {
      await changeOrders();
      await expectSameAnswers();
      await expectSameAsRefilled();
    }
    // The run had what it is meant to check: every kind of figure is there to compare.
    const [seen] = await rows<Record<string, number>>(sql`select
        count(*) filter (where kind = 'replacement')::int as replacements,
        count(*) filter (where email = '')::int as redacted,
        count(distinct status)::int as statuses,
        count(*) filter (where first_sale)::int as firsts
      from orders`);
    expect(seen!.replacements).toBeGreaterThan(0);
    expect(seen!.redacted).toBeGreaterThan(0);
    expect(seen!.statuses).toBe(ORDER_STATUSES.length);
    expect(seen!.firsts).toBeGreaterThan(5);
    const [costs] = await rows<Record<string, number>>(
      sql`select sum(costed_orders)::int as costed, count(distinct zone)::int as zones from order_day_figures`,
    );
    expect(costs!.costed).toBeGreaterThan(0);
    expect(costs!.zones).toBeGreaterThan(2);
  }, 240_000);

  it('are emptied with the orders', async () => {
    await db().execute(sql`truncate orders cascade`);
    expect(await rows(sql`select 1 from order_day_figures union all select 1 from book_sale_figures`)).toEqual([]);
  });
});
