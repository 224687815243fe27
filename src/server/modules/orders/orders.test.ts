import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outgoingMail } from '../../db/schema';
import { createOrder } from '../../test/factories/admin-orders';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mailbox';
import { readReviewToken } from '../reviews/review-links';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app);
  // The books ordered below are in the shop (an order's lines come from real products).
  for (const line of lines)
    await createProduct(t.deps.database.db, { id: line.productId, name: line.name, pricePence: line.unitPence });
});
afterAll(() => t.close());

const lines = [
  { productId: 'BV-1', name: 'Puzzle Parade', unitPence: 799, qty: 2 },
  { productId: 'BV-2', name: 'Colour Calm', unitPence: 450, qty: 1 },
];

const update = (body: Record<string, unknown>, token: string | null = admin.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/update_order_status',
    payload: body,
    headers: token ? bearer(token) : {},
  });

async function orderRow(id: string) {
  const [row] = await t.deps.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('GET /api/admin/orders_status', () => {
  it('lists every order newest first with items, e-mail, total in pounds, status and refs', async () => {
    const older = await createOrder(t.app, {
      email: 'older@example.com',
      lines,
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    const newer = await createOrder(t.app, {
      email: 'Newer@Example.com',
      lines: [lines[0]!],
      status: 'Shipped',
      bookVaultRef: 'BV-REF',
      trackingRef: 'TRK1',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders_status', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const ids = list.map((order: { order_id: string }) => order.order_id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((order: { order_id: string }) => order.order_id === older.id)).toEqual({
      order_id: older.id,
      items: [
        { item: 'Colour Calm', quantity: 1, product_id: 'BV-2' },
        { item: 'Puzzle Parade', quantity: 2, product_id: 'BV-1' },
      ],
      total_cost: 24.31, // 2 × 7.99 + 4.50 + 3.83 shipping
      date: '2026-01-01T10:00:00.000Z',
      status: 'Printing',
      currency: 'gbp',
      user_email: 'older@example.com',
      bookVault_ref: null,
      tracking_ref: null,
      reviewed: false,
      delivery_address: null,
      address_missing: false,
      print_state: null,
      payment_status: 'paid',
      refunded_total: 0,
      cancelled_at: null,
      refunded_at: null,
      cancellable_until: null,
      kind: 'sale',
      parent_order_id: null,
      problem_open: false,
    });
    expect(list.find((order: { order_id: string }) => order.order_id === newer.id)).toMatchObject({
      status: 'Shipped',
      bookVault_ref: 'BV-REF',
      tracking_ref: 'TRK1',
      user_email: 'newer@example.com',
    });
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders_status' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders_status', headers: bearer(customer.token) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /api/admin/update_order_status', () => {
  it('moves Printing → Shipped with refs and mails the customer the tracking reference', async () => {
    const order = await createOrder(t.app, { email: 'ship@example.com', lines });
    const res = await update({
      customer_email: 'ship@example.com',
      order_id: order.id,
      status: 'Shipped',
      bookVault_ref: 'BV-9',
      tracking_ref: 'RM123456GB',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Order status updated successfully!' });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'Shipped',
      bookVaultRef: 'BV-9',
      trackingRef: 'RM123456GB',
    });
    const [mail] = await mailsTo(t.deps.database.db, 'ship@example.com');
    expect(mail!.subject).toBe(`Your order ${order.id.slice(-10)} is on its way`);
    expect(mail!.text).toContain('Tracking reference: RM123456GB');
  });

  it('moves Shipped → Delivered and mails a review link for that order', async () => {
    const order = await createOrder(t.app, {
      email: 'deliver@example.com',
      lines,
      status: 'Shipped',
      trackingRef: 'TRK',
    });
    const res = await update({ order_id: order.id, status: 'Delivered', bookVault_ref: '', tracking_ref: 'TRK' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('Delivered');
    const [mail] = await mailsTo(t.deps.database.db, 'deliver@example.com');
    expect(mail!.subject).toMatch(/has been delivered/);
    const link = mail!.text.match(/https?:\/\/\S+/)![0];
    const url = new URL(link);
    expect(url.pathname).toBe(`/review/order/${order.id}`);
    expect(await readReviewToken(t.app.ctx, url.searchParams.get('review_token')!)).toMatchObject({
      orderId: order.id,
      email: 'deliver@example.com',
    });
  });

  it('mails the address stored on the order, not the one in the request', async () => {
    const order = await createOrder(t.app, { email: 'real@example.com', lines });
    expect(
      (await update({ customer_email: 'attacker@example.com', order_id: order.id, status: 'Shipped' })).statusCode,
    ).toBe(200);
    expect(await mailsTo(t.deps.database.db, 'attacker@example.com')).toEqual([]);
    expect(await mailsTo(t.deps.database.db, 'real@example.com')).toHaveLength(1);
  });

  it('keeping the status to set a reference is allowed and mails an update', async () => {
    const order = await createOrder(t.app, { email: 'ref@example.com', lines });
    expect((await update({ order_id: order.id, status: 'Printing', bookVault_ref: 'BV-77' })).statusCode).toBe(200);
    expect((await orderRow(order.id)).bookVaultRef).toBe('BV-77');
    expect((await mailsTo(t.deps.database.db, 'ref@example.com'))[0]!.subject).toMatch(/has been updated/);
  });

  it.each([
    ['going backwards', { status: 'Shipped' }, { status: 'Printing' }, /cannot go back from Shipped to Printing/],
    [
      'changing a set tracking ref',
      { status: 'Shipped', trackingRef: 'T1' },
      { status: 'Shipped', tracking_ref: 'T2' },
      /tracking reference is already set/,
    ],
    [
      'changing a set BookVault ref',
      { status: 'Printing', bookVaultRef: 'B1' },
      { status: 'Shipped', bookVault_ref: 'B2' },
      /BookVault reference is already set/,
    ],
    [
      'any change to a Delivered order',
      { status: 'Delivered' },
      { status: 'Delivered', tracking_ref: 'T3' },
      /delivered and can no longer be changed/,
    ],
    ['nothing to change', { status: 'Printing' }, { status: 'Printing' }, /Nothing to update/],
  ] as const)('refuses %s with 400, writes nothing and mails nobody', async (_label, initial, body, message) => {
    const email = `refuse-${Math.random().toString(36).slice(2)}@example.com`;
    const order = await createOrder(t.app, { email, lines, ...initial });
    const before = await orderRow(order.id);
    const res = await update({ order_id: order.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await orderRow(order.id)).toEqual(before);
    expect(await mailsTo(t.deps.database.db, email)).toEqual([]);
  });

  it.each([
    ['an unknown status', { status: 'Lost' }, /status/],
    ['a malformed order id', { order_id: 'nope' }, /order_id/],
    ['a missing status', { status: undefined }, /status/],
    ['an over-long reference', { tracking_ref: 'x'.repeat(101) }, /tracking_ref/],
  ])('refuses %s with 400 naming the field', async (_label, override, message) => {
    const order = await createOrder(t.app, { email: 'fields@example.com', lines });
    const res = await update({ order_id: order.id, status: 'Shipped', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await orderRow(order.id)).status).toBe('Printing');
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await update({ order_id: '00000000-0000-4000-8000-000000000000', status: 'Shipped' });
    expect(res.statusCode).toBe(404);
  });

  it('is for admins only: 401 without a token, 403 for a customer, nothing changed', async () => {
    const order = await createOrder(t.app, { email: 'guarded@example.com', lines });
    expect((await update({ order_id: order.id, status: 'Shipped' }, null)).statusCode).toBe(401);
    expect((await update({ order_id: order.id, status: 'Shipped' }, customer.token)).statusCode).toBe(403);
    expect((await orderRow(order.id)).status).toBe('Printing');
    expect(
      await t.deps.database.db.select().from(outgoingMail).where(eq(outgoingMail.to, 'guarded@example.com')),
    ).toEqual([]);
  });

  it('two admins moving the same order at once: one wins, one mail per change', async () => {
    const order = await createOrder(t.app, { email: 'race@example.com', lines });
    const results = await Promise.all([
      update({ order_id: order.id, status: 'Shipped', tracking_ref: 'A' }),
      update({ order_id: order.id, status: 'Shipped', tracking_ref: 'B' }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(await mailsTo(t.deps.database.db, 'race@example.com')).toHaveLength(1);
  });
});
