/**
 * The owner's dashboard (issue #20, decision 120) on known orders: discounted, guest, multi-line,
 * on both sides of a period's bounds and of both clock changes, every figure to the penny; the
 * chart's zero-filled buckets; best sellers and unsold books; what needs the owner; the codes sent
 * and revoking one (refused at the basket and checkout afterwards); bad queries and permissions.
 * This file's database holds only its own orders; its answers are never reused (DASHBOARD_CACHE_SECONDS=0).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/contracts/dashboard';
import type { DiscountCodePage } from '@shared/contracts/discounts';
import { imagePath } from '@shared/images';
import { discountCodes, orderStatusChanges, orders, printJobs, products, reviews } from '../../db/schema';
import { createOrder, type OrderLineInput } from '../../test/factories/admin-orders';
import { createDiscountCode } from '../../test/factories/discounts';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { DISCOUNT_PROBLEMS } from '../discounts';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let puzzle: ProductFixture;
let colour: ProductFixture;
let maze: ProductFixture;
let lantern: ProductFixture;
let zebra: ProductFixture;
let gone: ProductFixture;

const db = () => t.deps.database.db;
const get = (url: string, token: string | null = admin.token) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string | null = admin.token) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {} });

async function dashboard(query: string): Promise<Dashboard> {
  const res = await get(`/api/admin/dashboard?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

const line = (book: ProductFixture, qty: number): OrderLineInput => ({
  productId: book.id,
  productKey: book.key,
  name: book.name,
  unitPence: book.pricePence,
  qty,
});
const ordersOf: Record<string, string> = {};

// The week of 23 to 29 March 2026 (the clock goes forward at 01:00 UTC on the 29th), and the week before.
const MARCH = 'period=custom&from=2026-03-23&to=2026-03-29';

beforeAll(async () => {
  // Every answer made afresh: the tests change orders between requests (the cache has its own test).
  t = await createTestApp({ env: { DASHBOARD_CACHE_SECONDS: '0' } });
  admin = await createUser(t.app, { role: 'admin' });
  alice = await createUser(t.app, { role: 'customer' });
  bob = await createUser(t.app, { role: 'customer' });
  carol = await createUser(t.app, { role: 'customer' });
  puzzle = await createProduct(db(), { name: 'Puzzle Parade', pricePence: 799, images: 2 });
  colour = await createProduct(db(), { name: 'Colour Calm', pricePence: 450 });
  maze = await createProduct(db(), { name: 'Maze Mania', pricePence: 1000, images: 1 });
  lantern = await createProduct(db(), { name: 'Lantern Lights', pricePence: 650 });
  zebra = await createProduct(db(), { name: 'Zebra Zigzag', pricePence: 500 });
  gone = await createProduct(db(), { name: 'Archived Atlas', pricePence: 900 });
  await db()
    .update(products)
    .set({ archivedAt: new Date('2026-01-01T00:00:00Z') })
    .where(eq(products.id, gone.id));

  const make = async (
    name: string,
    at: string,
    lines: OrderLineInput[],
    more: Parameters<typeof createOrder>[1] extends infer O ? Partial<O> : never = {},
  ) => {
    const order = await createOrder(t.app, {
      email: `${name}@guests.example`,
      lines,
      createdAt: new Date(at),
      ...more,
    });
    ordersOf[name] = order.id;
    return order;
  };
  // Before both periods: bob's first order (so he is not new later).
  await make('bobFirst', '2026-03-15T23:59:00Z', [line(puzzle, 1)], {
    email: bob.email,
    userId: bob.id,
    status: 'Delivered',
  });
  // The previous period, 16 to 22 March (GMT): carol's first order with a code, and g2's first (a guest).
  await make('carol', '2026-03-16T00:00:00Z', [line(puzzle, 1)], {
    email: carol.email,
    userId: carol.id,
    status: 'Delivered',
    discountPence: 400,
    discountCode: 'HALFOFF',
  });
  await make('g2First', '2026-03-22T23:59:59Z', [line(maze, 2)], { email: 'g2@guests.example', status: 'Delivered' });
  // The period, 23 to 29 March.
  await make('g1', '2026-03-23T00:00:00Z', [line(puzzle, 2), line(colour, 1)], { email: 'g1@guests.example' });
  await make('alice', '2026-03-25T12:00:00Z', [line(maze, 1)], {
    email: alice.email,
    userId: alice.id,
    status: 'Shipped',
    discountPence: 100,
    discountCode: 'SAVE10',
  });
  await make('bob', '2026-03-29T00:30:00Z', [line(puzzle, 1)], {
    email: bob.email,
    userId: bob.id,
    status: 'Delivered',
  }); // 00:30 GMT on the 29th
  await make('g2', '2026-03-29T22:59:59Z', [line(colour, 3)], { email: 'g2@guests.example' }); // 23:59:59 BST on the 29th
  // After: 00:30 BST on 30 March, though still the 29th in UTC.
  await make('dave', '2026-03-29T23:30:00Z', [line(lantern, 1)], { email: 'dave@guests.example' });
  // Around the October change: 25 October 2026 is 25 hours long in London (BST until 01:00 UTC).
  await make('octBefore', '2026-10-24T22:59:00Z', [line(zebra, 1)], { email: 'oct1@guests.example' }); // 23:59 BST on the 24th
  await make('octFirst', '2026-10-24T23:00:00Z', [line(zebra, 1)], { email: 'oct2@guests.example' }); // 00:00 BST on the 25th
  await make('octLast', '2026-10-25T23:59:00Z', [line(zebra, 2)], { email: 'oct3@guests.example' }); // 23:59 GMT on the 25th
  await make('octAfter', '2026-10-26T00:00:00Z', [line(zebra, 1)], { email: 'oct4@guests.example' }); // 00:00 GMT on the 26th
});
afterAll(() => t.close());

describe('GET /api/admin/dashboard: figures', () => {
  it('answers the period and the previous one in UK days', async () => {
    const d = await dashboard(MARCH);
    expect(d.period).toEqual({
      period: 'custom',
      from: '2026-03-23',
      to: '2026-03-29',
      days: 7,
      starts_at: '2026-03-23T00:00:00.000Z',
      ends_at: '2026-03-29T23:00:00.000Z',
      previous: {
        from: '2026-03-16',
        to: '2026-03-22',
        days: 7,
        starts_at: '2026-03-16T00:00:00.000Z',
        ends_at: '2026-03-23T00:00:00.000Z',
      },
      bucket: 'day',
      time_zone: 'Europe/London',
      stale_days: 7,
    });
  });

  it('counts every figure of the period and of the previous one to the penny', async () => {
    const d = await dashboard(MARCH);
    // g1 2048+383, alice 1000−100+383, bob 799+383, g2 1350+383.
    expect(d.figures.current).toEqual({
      revenue: 66.29,
      refunds: 0,
      net_revenue: 66.29,
      revenue_without_shipping: 50.97,
      shipping: 15.32,
      discounts: 1,
      orders: 4,
      books_sold: 8,
      average_order_value: 16.57, // 6629 / 4 = 1657.25
      new_customers: 2, // g1 and alice; bob ordered before, g2 in the previous period
      guest_orders: 2,
      guest_share: 0.5,
    });
    // carol 799−400+383, g2's first 2000+383.
    expect(d.figures.previous).toEqual({
      revenue: 31.65,
      refunds: 0,
      net_revenue: 31.65,
      revenue_without_shipping: 23.99,
      shipping: 7.66,
      discounts: 4,
      orders: 2,
      books_sold: 3,
      average_order_value: 15.83, // 3165 / 2 = 1582.5, half up
      new_customers: 2,
      guest_orders: 1,
      guest_share: 0.5,
    });
    expect(d.discount_codes).toMatchObject({ orders: 1, revenue: 12.83, revenue_without_shipping: 9, discounts: 1 });
    expect(d.orders_by_status).toEqual([
      { status: 'Printing', count: 2 },
      { status: 'Shipped', count: 1 },
      { status: 'Delivered', count: 1 },
      { status: 'Cancelled', count: 0 },
    ]);
  });

  it('draws every day of the period, zero-filled', async () => {
    const d = await dashboard(MARCH);
    expect(d.series).toEqual([
      { from: '2026-03-23', to: '2026-03-23', revenue: 24.31, orders: 1 },
      { from: '2026-03-24', to: '2026-03-24', revenue: 0, orders: 0 },
      { from: '2026-03-25', to: '2026-03-25', revenue: 12.83, orders: 1 },
      { from: '2026-03-26', to: '2026-03-26', revenue: 0, orders: 0 },
      { from: '2026-03-27', to: '2026-03-27', revenue: 0, orders: 0 },
      { from: '2026-03-28', to: '2026-03-28', revenue: 0, orders: 0 },
      { from: '2026-03-29', to: '2026-03-29', revenue: 29.15, orders: 2 },
    ]);
  });

  it('draws weeks for a long period, the first and last cut to it', async () => {
    const d = await dashboard('period=custom&from=2026-03-01&to=2026-06-30');
    expect(d.period.bucket).toBe('week');
    expect(d.series[0]).toEqual({ from: '2026-03-01', to: '2026-03-01', revenue: 0, orders: 0 }); // a Sunday
    expect(d.series.find((b) => b.from === '2026-03-16')).toEqual({
      from: '2026-03-16',
      to: '2026-03-22',
      revenue: 31.65,
      orders: 2,
    });
    expect(d.series.find((b) => b.from === '2026-03-23')).toEqual({
      from: '2026-03-23',
      to: '2026-03-29',
      revenue: 66.29,
      orders: 4,
    });
    expect(d.series.find((b) => b.from === '2026-03-30')).toEqual({
      from: '2026-03-30',
      to: '2026-04-05',
      revenue: 10.33,
      orders: 1,
    }); // dave
    expect(d.series.at(-1)).toEqual({ from: '2026-06-29', to: '2026-06-30', revenue: 0, orders: 0 });
    expect(d.series.reduce((sum, b) => sum + b.orders, 0)).toBe(d.figures.current.orders);
    expect(d.figures.current.orders).toBe(8); // with bob's first, on 15 March: so bob is new here
    expect(d.figures.current.new_customers).toBe(6); // bob, carol, g2, g1, alice, dave
  });

  it('counts the 25 hours of 25 October 2026 as one UK day', async () => {
    const d = await dashboard('period=custom&from=2026-10-25&to=2026-10-25');
    expect(d.period.starts_at).toBe('2026-10-24T23:00:00.000Z');
    expect(d.period.ends_at).toBe('2026-10-26T00:00:00.000Z');
    expect(d.figures.current).toMatchObject({ orders: 2, books_sold: 3, revenue: 22.66 }); // 500+383, 1000+383
    expect(d.figures.previous).toMatchObject({ orders: 1, revenue: 8.83 }); // 23:59 BST on the 24th
    expect(d.series).toEqual([{ from: '2026-10-25', to: '2026-10-25', revenue: 22.66, orders: 2 }]);
  });

  it('answers zeros and nulls for a period without orders', async () => {
    const d = await dashboard('period=custom&from=2025-01-01&to=2025-01-02');
    expect(d.figures.current).toEqual({
      revenue: 0,
      refunds: 0,
      net_revenue: 0,
      revenue_without_shipping: 0,
      shipping: 0,
      discounts: 0,
      orders: 0,
      books_sold: 0,
      average_order_value: null,
      new_customers: 0,
      guest_orders: 0,
      guest_share: null,
    });
    expect(d.series).toEqual([
      { from: '2025-01-01', to: '2025-01-01', revenue: 0, orders: 0 },
      { from: '2025-01-02', to: '2025-01-02', revenue: 0, orders: 0 },
    ]);
    expect(d.best_sellers.by_copies).toEqual([]);
    expect(d.best_sellers.unsold.count).toBe(5); // every book on sale
  });

  it('answers the default period (30 days to today) when asked nothing', async () => {
    const d = await dashboard('');
    expect(d.period.period).toBe('30d');
    expect(d.period.days).toBe(30);
    expect(d.series).toHaveLength(30);
  });
});

describe('GET /api/admin/dashboard: books', () => {
  it('ranks best sellers by copies and by revenue, with covers', async () => {
    const d = await dashboard(MARCH);
    const brief = (list: Dashboard['best_sellers']['by_copies']) => list.map((b) => [b.name, b.copies, b.revenue]);
    expect(brief(d.best_sellers.by_copies)).toEqual([
      ['Colour Calm', 4, 18],
      ['Puzzle Parade', 3, 23.97],
      ['Maze Mania', 1, 10],
    ]);
    expect(brief(d.best_sellers.by_revenue)).toEqual([
      ['Puzzle Parade', 3, 23.97],
      ['Colour Calm', 4, 18],
      ['Maze Mania', 1, 10],
    ]);
    expect(d.best_sellers.by_copies[1]).toEqual({
      product_id: puzzle.id,
      name: 'Puzzle Parade',
      image: imagePath(puzzle.imageKeys[0]!),
      on_sale: true,
      copies: 3,
      revenue: 23.97,
    });
    expect(d.best_sellers.by_copies[0]!.image).toBeNull();
  });

  it('follows a book whose ID changed since it was sold', async () => {
    await db()
      .update(products)
      .set({ id: `${maze.id}-NEW` })
      .where(eq(products.id, maze.id));
    try {
      const d = await dashboard(MARCH);
      expect(d.best_sellers.by_copies.find((b) => b.name === 'Maze Mania')?.product_id).toBe(`${maze.id}-NEW`);
    } finally {
      await db()
        .update(products)
        .set({ id: maze.id })
        .where(eq(products.id, `${maze.id}-NEW`));
    }
  });

  it('lists the books on sale that sold nothing in the period, by name, archived books left out', async () => {
    const d = await dashboard(MARCH);
    expect(d.best_sellers.unsold).toEqual({
      count: 2,
      books: [
        { product_id: lantern.id, name: 'Lantern Lights', image: null }, // sold on 30 March only
        { product_id: zebra.id, name: 'Zebra Zigzag', image: null },
      ],
    });
  });
});

describe('GET /api/admin/dashboard: what needs the owner', () => {
  let waiting: string;
  let held: string;
  let failed: string;
  let noAddress: string;
  let staleShipped: string;
  let freshShipped: string;
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  beforeAll(async () => {
    const order = async (at: Date, more: Partial<Parameters<typeof createOrder>[1]> = {}) =>
      (
        await createOrder(t.app, {
          email: 'needs@guests.example',
          lines: [line(zebra, 1)],
          createdAt: at,
          status: 'Delivered',
          ...more,
        })
      ).id;
    waiting = await order(daysAgo(1), { status: 'Printing' });
    held = await order(daysAgo(0), { status: 'Printing' });
    failed = await order(daysAgo(2), { status: 'Printing' });
    noAddress = await order(daysAgo(3), { status: 'Printing', addressMissing: true });
    staleShipped = await order(daysAgo(20), { status: 'Shipped' });
    freshShipped = await order(daysAgo(20), { status: 'Shipped' });
    await db()
      .insert(printJobs)
      .values([
        { orderId: waiting, partner: 'simulated', state: 'queued' },
        { orderId: held, partner: 'simulated', state: 'queued' },
        { orderId: failed, partner: 'simulated', state: 'failed', problem: 'The printer refused the cover.' },
      ]);
    // Still in the customer's cancel window (decision 137): it waits on purpose, it is not late.
    await db()
      .update(orders)
      .set({ printHoldUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(orders.id, held));
    // Marked Shipped 10 and 3 days ago.
    await db()
      .update(orderStatusChanges)
      .set({ createdAt: daysAgo(10) })
      .where(eq(orderStatusChanges.orderId, staleShipped));
    await db()
      .update(orderStatusChanges)
      .set({ createdAt: daysAgo(3) })
      .where(eq(orderStatusChanges.orderId, freshShipped));
  });

  it('lists orders waiting for the printer, needing attention, without an address, and shipped long ago', async () => {
    const d = await dashboard(MARCH);
    expect(d.attention.waiting_for_printer).toMatchObject({
      count: 1,
      orders: [{ order_id: waiting, print_state: 'queued', status: 'Printing', total: 8.83 }],
    });
    expect(d.attention.print_needs_attention).toMatchObject({
      count: 1,
      orders: [{ order_id: failed, print_state: 'needs attention', problem: 'The printer refused the cover.' }],
    });
    expect(d.attention.address_missing).toMatchObject({
      count: 1,
      orders: [{ order_id: noAddress, print_state: null }],
    });
    // alice's order (Shipped in this file's set-up, marked now) is not stale either.
    expect(d.attention.shipped_not_delivered.count).toBe(1);
    expect(d.attention.shipped_not_delivered.orders[0]).toMatchObject({ order_id: staleShipped, status: 'Shipped' });
    expect(Date.parse(d.attention.shipped_not_delivered.orders[0]!.since)).toBeLessThan(daysAgo(9).getTime());
  });

  it('takes the number of days from stale_days', async () => {
    const d = await dashboard(`${MARCH}&stale_days=2`);
    expect(d.period.stale_days).toBe(2);
    expect(d.attention.shipped_not_delivered.orders.map((o) => o.order_id)).toEqual([staleShipped, freshShipped]);
  });
});

describe('GET /api/admin/dashboard: reviews', () => {
  it('answers the mean rating, the count and the newest five of the published reviews, with their books', async () => {
    const base = { orderId: ordersOf.bob!, userId: bob.id };
    const long = `${'A lovely book for a rainy day, '.repeat(10)}end.`;
    await db()
      .insert(reviews)
      .values([
        { ...base, productKey: puzzle.key, rating: 5, text: 'Great', createdAt: new Date('2026-03-24T10:00:00Z') },
        {
          ...base,
          orderId: ordersOf.alice!,
          userId: alice.id,
          productKey: maze.key,
          rating: 4,
          text: long,
          createdAt: new Date('2026-03-26T10:00:00Z'),
        },
        {
          ...base,
          orderId: ordersOf.bobFirst!,
          productKey: puzzle.key,
          rating: 2,
          text: 'Too easy',
          createdAt: new Date('2026-04-02T10:00:00Z'),
        },
        // Hidden by the owner and held for approval (decision 151): shoppers do not see them, nor do these figures.
        {
          ...base,
          orderId: ordersOf.alice!,
          userId: alice.id,
          productKey: puzzle.key,
          rating: 1,
          text: 'Buy cheap watches here',
          state: 'hidden',
          createdAt: new Date('2026-03-27T10:00:00Z'),
        },
        {
          ...base,
          orderId: ordersOf.bobFirst!,
          productKey: maze.key,
          rating: 1,
          text: 'Awaiting approval',
          state: 'held',
          createdAt: new Date('2026-03-28T10:00:00Z'),
        },
      ]);
    const d = await dashboard(MARCH);
    expect(d.reviews.average_rating).toBe(3.67);
    expect(d.reviews.count).toBe(3);
    expect(d.reviews.in_period).toBe(2);
    expect(d.reviews.newest.map((r) => [r.product_name, r.rating])).toEqual([
      ['Puzzle Parade', 2],
      ['Maze Mania', 4],
      ['Puzzle Parade', 5],
    ]);
    const excerpt = d.reviews.newest[1]!.excerpt;
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(d.reviews.newest[1]).toMatchObject({ product_id: maze.id, date: '2026-03-26T10:00:00.000Z' });
  });
});

describe('GET /api/admin/dashboard: bad queries', () => {
  it.each([
    ['period=week', 'period'],
    ['period=custom', 'from'],
    ['period=custom&from=2026-03-01', 'to'],
    ['period=custom&from=2026-03-05&to=2026-03-01', 'to'],
    ['period=custom&from=2026-02-30&to=2026-03-01', 'from'],
    ['period=custom&from=1 March&to=2026-03-01', 'from'],
    ['period=custom&from=2020-01-01&to=2026-03-01', 'to'],
    ['period=7d&from=2026-03-01&to=2026-03-02', 'period'],
    ['stale_days=0', 'stale_days'],
    ['stale_days=many', 'stale_days'],
    // Days outside 2000 to 2999 (issue 32, finding 5): 9999-12-31 used to end in year 10000, a 500.
    ['period=custom&from=9999-12-01&to=9999-12-31', 'from'],
    ['period=custom&from=2026-12-01&to=9999-12-31', 'to'],
    ['period=custom&from=2999-12-31&to=3000-01-01', 'to'],
    ['period=custom&from=1999-12-31&to=2000-01-01', 'from'],
  ])('answers 400 naming the problem for %s', async (query, field) => {
    const res = await get(`/api/admin/dashboard?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('takes the first and the last days a period may name (2000-01-01, 2999-12-31)', async () => {
    const first = await dashboard('period=custom&from=2000-01-01&to=2000-01-07');
    expect(first.period).toMatchObject({ from: '2000-01-01', to: '2000-01-07', starts_at: '2000-01-01T00:00:00.000Z' });
    expect(first.period.previous).toMatchObject({ from: '1999-12-25', to: '1999-12-31' });
    expect(first.figures.current.orders).toBe(0);
    const last = await dashboard('period=custom&from=2997-01-01&to=2999-12-31');
    expect(last.period).toMatchObject({
      from: '2997-01-01',
      to: '2999-12-31',
      days: 1095,
      ends_at: '3000-01-01T00:00:00.000Z',
    });
    expect(last.figures.current.orders).toBe(0);
    const bad = await get('/api/admin/dashboard?period=custom&from=2999-12-31&to=3000-01-01');
    expect(bad.json().message).toContain('2000-01-01 to 2999-12-31');
  });

  it('takes a custom period of 1096 days', async () => {
    const d = await dashboard('period=custom&from=2023-10-01&to=2026-09-30');
    expect(d.period.days).toBe(1096);
    expect(d.period.bucket).toBe('week');
    expect(d.figures.current.orders).toBe(8); // every March order; the October ones are after it
  });
});

describe('GET /api/admin/dashboard: reports busy (issue 32, finding 3)', () => {
  it('answers 503 with its words and Retry-After when every reporting turn stays taken, and works again after', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every turn of the reports taken (two reporting connections on PostgreSQL, one report at a time on PGlite).
    const holding = Array.from({ length: t.deps.database.kind === 'postgres' ? 2 : 1 }, () =>
      t.deps.database.report(() => held),
    );
    const busy = await get('/api/admin/dashboard?period=7d');
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.json()).toEqual({
      message: 'The dashboard is busy with other reports right now. Please try again in a few seconds.',
    });
    expect(busy.headers['retry-after']).toBe('5');
    release();
    await Promise.all(holding);
    expect((await dashboard('period=7d')).period.days).toBe(7);
  }, 15_000);
});

describe('discount codes: the list and revoking', () => {
  const codes = () => get('/api/admin/dashboard/discount-codes?limit=100');
  const basket = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/server/validate_discount',
      payload: { code, cartItems: [{ product_id: zebra.id, qty: 1 }] },
    });
  const checkout = (code: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: {
        cartItems: [{ product_id: zebra.id, qty: 1 }],
        user_id: null,
        user_email: `buyer${n}@example.com`,
        currency: 'GBP',
        discount_code: code,
      },
      remoteAddress: `198.18.7.${n}`,
    });

  it('lists every code sent, newest first, in pages, with the order that used one', async () => {
    const used = await createDiscountCode(db(), {
      code: 'LISTUSED',
      percentage: 10,
      email: 'used@example.com',
      usedAt: new Date(),
    });
    await db()
      .update(discountCodes)
      .set({ usedByOrderId: ordersOf.alice!, createdAt: new Date('2026-03-01T00:00:00Z') })
      .where(eq(discountCodes.code, used.code));
    await createDiscountCode(db(), {
      code: 'LISTOLD',
      percentage: 20,
      types: ['Puzzle'],
      ages: ['Kids'],
      email: 'old@example.com',
      expiresAt: new Date('2026-01-01T00:00:00Z'),
    });
    await db()
      .update(discountCodes)
      .set({ createdAt: new Date('2025-12-01T00:00:00Z') })
      .where(eq(discountCodes.code, 'LISTOLD'));
    await createDiscountCode(db(), { code: 'LISTNEW', percentage: 15, email: 'new@example.com' });

    const first = await get('/api/admin/dashboard/discount-codes?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as DiscountCodePage;
    expect(page1.codes.map((c) => c.code)).toEqual(['LISTNEW', 'LISTUSED']);
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect(page1.codes[0]).toMatchObject({
      state: 'unused',
      used: null,
      revoked_at: null,
      can_revoke: true,
      email: 'new@example.com',
      percentage: 15,
    });
    expect(page1.codes[1]).toMatchObject({
      state: 'used',
      used: { order_id: ordersOf.alice, order_date: '2026-03-25T12:00:00.000Z' },
      can_revoke: false,
      sent_at: '2026-03-01T00:00:00.000Z',
    });
    const page2 = (
      await get(`/api/admin/dashboard/discount-codes?limit=2&cursor=${page1.next_cursor}`)
    ).json() as DiscountCodePage;
    expect(page2.codes[0]).toMatchObject({
      code: 'LISTOLD',
      state: 'expired',
      types: ['Puzzle'],
      ages: ['Kids'],
      expires_at: '2026-01-01T00:00:00.000Z',
      can_revoke: true,
    });
  });

  it('refuses a bad cursor or limit with 400', async () => {
    for (const query of [
      'cursor=nope!',
      `cursor=${Buffer.from('{"t":"x","c":"A"}').toString('base64url')}`,
      'limit=0',
      'limit=101',
    ]) {
      const res = await get(`/api/admin/dashboard/discount-codes?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('refuses every discount-code cursor that is not one of its own with the same 400, never reaching the database', async () => {
    const cursor = (value: unknown) =>
      Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    const t0 = '2026-01-01T00:00:00.000000Z';
    const badCursors = [
      'not a cursor!',
      '====',
      cursor('not json'),
      cursor([1, 2]),
      cursor(null),
      cursor({ t: t0 }),
      cursor({ c: 'A' }),
      cursor({ t: t0, c: '' }),
      cursor({ t: t0, c: 7 }),
      cursor({ t: t0, c: 'A', extra: true }),
      cursor({ t: '2026-01-01T00:00:00.000Z', c: 'A' }),
      // Times and text PostgreSQL would refuse: a 400 here, not a database error.
      cursor({ t: '2026-02-30T00:00:00.000000Z', c: 'A' }),
      cursor({ t: '2026-01-01T24:00:00.000000Z', c: 'A' }),
      cursor({ t: t0, c: 'A\u0000' }),
      cursor({ t: t0, c: '\ud800' }),
      'x'.repeat(201),
    ];
    for (const bad of badCursors) {
      const res = await get(`/api/admin/dashboard/discount-codes?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json().message, bad).toMatch(/cursor/i);
    }
    const good = await get(`/api/admin/dashboard/discount-codes?cursor=${cursor({ t: t0, c: 'A' })}`);
    expect(good.statusCode, good.body).toBe(200);
  });

  it('revokes an unused code, which the basket and the checkout then refuse as expired', async () => {
    await createDiscountCode(db(), { code: 'REVOKEME', percentage: 25 });
    expect((await basket('REVOKEME')).statusCode).toBe(200);
    const res = await post('/api/admin/discount-codes/revokeme/revoke'); // typed in any case
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Code REVOKEME is revoked: it can no longer be used.',
      code: { code: 'REVOKEME', state: 'revoked', can_revoke: false },
    });
    expect(res.json().code.revoked_at).toBeTruthy();
    const refused = await basket('REVOKEME');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(DISCOUNT_PROBLEMS.expired);
    const atCheckout = await checkout('REVOKEME', 1);
    expect(atCheckout.statusCode).toBe(400);
    expect(atCheckout.json().message).toBe(DISCOUNT_PROBLEMS.expired);
    // Again: the same answer, nothing changed.
    const again = await post('/api/admin/discount-codes/REVOKEME/revoke');
    expect(again.statusCode).toBe(200);
    expect(again.json().code.revoked_at).toBe(res.json().code.revoked_at);
    const listed = (await codes()).json() as DiscountCodePage;
    expect(listed.codes.find((c) => c.code === 'REVOKEME')?.state).toBe('revoked');
    expect((await dashboard(MARCH)).discount_codes.revoked).toBe(1);
  });

  it('refuses to revoke a used code (409) and an unknown one (404)', async () => {
    await createDiscountCode(db(), { code: 'SPENT', usedAt: new Date() });
    const used = await post('/api/admin/discount-codes/SPENT/revoke');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Code SPENT has already been used by an order, so it cannot be revoked.');
    const row = (await db().select().from(discountCodes).where(eq(discountCodes.code, 'SPENT')))[0]!;
    expect(row.revokedAt).toBeNull();
    const unknown = await post('/api/admin/discount-codes/NOSUCHCODE/revoke');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no discount code with that name.');
  });

  it('refuses to revoke a code a checkout holds, and the hold cannot be taken once revoked', async () => {
    await createDiscountCode(db(), { code: 'HELDCODE', percentage: 10 });
    const open = await checkout('HELDCODE', 2);
    expect(open.statusCode, open.body).toBe(200);
    const held = await post('/api/admin/discount-codes/HELDCODE/revoke');
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(/^A shopper is paying with code HELDCODE right now/);
    // The checkout is cancelled: its hold ends and the code can be revoked; no checkout can take it after.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/sessions/${encodeURIComponent(open.json().sessionId)}/cancel`,
      remoteAddress: '198.18.7.2',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await post('/api/admin/discount-codes/HELDCODE/revoke')).statusCode).toBe(200);
    const after = await checkout('HELDCODE', 3);
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(DISCOUNT_PROBLEMS.expired);
    const row = (await db().select().from(discountCodes).where(eq(discountCodes.code, 'HELDCODE')))[0]!;
    expect(row.heldByCheckoutId).toBeNull();
  });

  it('lets revoking and a checkout race without both winning', async () => {
    for (let round = 0; round < 5; round += 1) {
      const code = `RACE${round}`;
      await createDiscountCode(db(), { code });
      const [revoke, open] = await Promise.all([
        post(`/api/admin/discount-codes/${code}/revoke`),
        checkout(code, 10 + round),
      ]);
      const row = (await db().select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!;
      if (revoke.statusCode === 200) {
        expect(open.statusCode, open.body).toBe(400);
        expect(row.heldByCheckoutId).toBeNull();
      } else {
        expect(revoke.statusCode).toBe(409);
        expect(open.statusCode).toBe(200);
        expect(row.revokedAt).toBeNull();
      }
    }
  });
});

describe('permissions', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/admin/dashboard' },
    { method: 'GET' as const, url: '/api/admin/dashboard/discount-codes' },
    { method: 'POST' as const, url: '/api/admin/discount-codes/ANYCODE/revoke' },
  ];

  it.each(routes)('$method $url: 401 for a guest, 403 for a customer', async ({ method, url }) => {
    const guest = await t.app.inject({ method, url });
    expect(guest.statusCode).toBe(401);
    const customer = await t.app.inject({ method, url, headers: bearer(alice.token) });
    expect(customer.statusCode).toBe(403);
  });

  it('leaves a code alone when a customer tries to revoke it', async () => {
    await createDiscountCode(db(), { code: 'NOTYOURS' });
    expect((await post('/api/admin/discount-codes/NOTYOURS/revoke', alice.token)).statusCode).toBe(403);
    const [row] = await db()
      .execute(sql`select revoked_at from discount_codes where code = 'NOTYOURS'`)
      .then((r) => (r as unknown as { rows: { revoked_at: unknown }[] }).rows);
    expect(row!.revoked_at).toBeNull();
  });
});
