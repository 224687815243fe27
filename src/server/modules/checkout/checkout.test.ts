import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutSessions,
  deliveryZones,
  discountCodes,
  orderItems,
  orders,
  processedPaymentEvents,
  products,
  reviews,
} from '../../db/schema';
import { createDiscountCode } from '../../test/factories/discounts';
import { createPaidOrder } from '../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mailbox';
import { DISCOUNT_PROBLEMS } from '../discounts/rules';
import { TEST_ADDRESS } from '../../test/factories/addresses';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let maze: ProductFixture;
let journal: ProductFixture;
let colouring: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799, type: 'Puzzle', age: 'Kids' });
  journal = await createProduct(t.deps.database.db, {
    name: 'Garden Journal',
    pricePence: 1299,
    type: 'Journal',
    age: 'Adults',
  });
  colouring = await createProduct(t.deps.database.db, {
    name: 'Ocean Colouring',
    pricePence: 450,
    type: 'Colouring',
    age: '',
  });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const post = (url: string, payload: unknown, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: user ? bearer(user.token) : {} });
const checkout = (payload: Record<string, unknown>, user?: TestUser) =>
  post(
    '/api/checkout/create_checkout_session',
    { user_id: null, user_email: '', shipping_cost: 3.83, currency: 'GBP', ...payload },
    user,
  );
const sessionCount = async () => (await db().select({ n: count() }).from(checkoutSessions))[0]!.n;
const sessionRow = async (id: string) =>
  (await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!;

describe('create_checkout_session', () => {
  it('prices a guest basket from database prices, ignoring any price, shipping or total sent', async () => {
    const res = await checkout({
      cartItems: [
        { product_id: maze.id, qty: 2, price: 0.01, name: 'cheap' },
        { product_id: journal.id, qty: 1, price: 0 },
      ],
      shipping_cost: 0,
      total: 0.01,
    });
    expect(res.statusCode).toBe(200);
    const { sessionId, url } = res.json();
    expect(sessionId).toMatch(/^demo_/);
    expect(url).toBe(`/checkout/demo/${sessionId}`);
    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({
      provider: 'demo',
      userId: null,
      email: '',
      subtotalPence: 799 * 2 + 1299,
      shippingPence: 383,
      discountPence: 0,
      status: 'open',
    });
    expect(row.totalPence).toBe(799 * 2 + 1299 + 383);
    expect(row.lines).toEqual([
      { productId: maze.id, productKey: maze.key, name: 'Maze Book', qty: 2, unitPence: 799 },
      { productId: journal.id, productKey: journal.key, name: 'Garden Journal', qty: 1, unitPence: 1299 },
    ]);
  });

  it('sums repeated lines of one product into one', async () => {
    const res = await checkout({
      cartItems: [
        { product_id: maze.id, qty: 1 },
        { product_id: maze.id, qty: 2 },
      ],
    });
    expect((await sessionRow(res.json().sessionId)).lines).toEqual([
      { productId: maze.id, productKey: maze.key, name: 'Maze Book', qty: 3, unitPence: 799 },
    ]);
  });

  it('applies a valid discount code to items and shipping', async () => {
    const code = await createDiscountCode(db(), { percentage: 10 });
    const res = await checkout({
      cartItems: [{ product_id: maze.id, qty: 1 }],
      discount_code: code.code.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    const row = await sessionRow(res.json().sessionId);
    expect(row).toMatchObject({ discountCode: code.code, discountPence: 118, totalPence: 799 + 383 - 118 });
  });

  it.each([
    ['an empty basket', { cartItems: [] }, /basket is empty/],
    ['an unknown product', { cartItems: [{ product_id: 'NOPE-9', qty: 1 }] }, /no longer sold/],
    ['qty 0', { cartItems: [{ product_id: 'x', qty: 0 }] }, /qty/],
    ['qty 100', { cartItems: [{ product_id: 'x', qty: 100 }] }, /qty/],
    ['qty 1.5', { cartItems: [{ product_id: 'x', qty: 1.5 }] }, /qty/],
    ['no cartItems', { cartItems: undefined }, /cartItems/],
    ['an unknown code', { cartItems: [{ product_id: 'M', qty: 1 }], discount_code: 'NOSUCHCODE' }, /does not exist/],
  ])('refuses %s with a 400 saying why, writing nothing', async (_name, body, message) => {
    const before = await sessionCount();
    const payload = JSON.parse(JSON.stringify(body).replaceAll('"M"', JSON.stringify(maze.id)));
    const res = await checkout(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a used, an expired and a not-applicable code, each with its reason', async () => {
    const used = await createDiscountCode(db(), { usedAt: new Date() });
    const expired = await createDiscountCode(db(), { expiresAt: new Date(Date.now() - 1000) });
    const journalsOnly = await createDiscountCode(db(), { types: ['Journal'] });
    const before = await sessionCount();
    for (const [code, reason] of [
      [used.code, DISCOUNT_PROBLEMS.used],
      [expired.code, DISCOUNT_PROBLEMS.expired],
      [journalsOnly.code, DISCOUNT_PROBLEMS.notApplicable],
    ]) {
      const res = await checkout({ cartItems: [{ product_id: maze.id, qty: 1 }], discount_code: code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(reason);
    }
    expect(await sessionCount()).toBe(before);
  });

  it("answers 403 for another user's id and 401 for a user id without a token", async () => {
    const body = { cartItems: [{ product_id: maze.id, qty: 1 }], user_id: alice.id };
    expect((await checkout(body, bob)).statusCode).toBe(403);
    expect((await checkout(body)).statusCode).toBe(401);
  });

  it("a signed-in checkout uses the account's e-mail", async () => {
    const res = await checkout(
      { cartItems: [{ product_id: maze.id, qty: 1 }], user_id: alice.id, user_email: 'someone@else.test' },
      alice,
    );
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(res.json().sessionId)).toMatchObject({ userId: alice.id, email: alice.email });
  });
});

describe('demo checkout', () => {
  it('shows the lines and totals, and Pay makes the order, mails the buyer and clears the bought lines from the cart', async () => {
    const carol = await createUser(t.app);
    await post('/api/server/update_cart', { user_id: carol.id, product_id: maze.id, qty: 2 }, carol);
    await post('/api/server/update_cart', { user_id: carol.id, product_id: colouring.id, qty: 1 }, carol);
    const code = await createDiscountCode(db(), { percentage: 20, types: ['Puzzle'] });
    const created = await checkout(
      { cartItems: [{ product_id: maze.id, qty: 2 }], user_id: carol.id, discount_code: code.code },
      carol,
    );
    const { sessionId } = created.json();

    const view = await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${sessionId}` });
    expect(view.statusCode).toBe(200);
    const discount = Math.floor(((1598 + 383) * 20 + 50) / 100);
    expect(view.json()).toEqual({
      sessionId,
      status: 'open',
      lines: [{ product_id: maze.id, name: 'Maze Book', qty: 2, unit_price: 7.99 }],
      subtotal: 15.98,
      shipping: 3.83,
      discount: discount / 100,
      discount_code: code.code,
      total: (1598 + 383 - discount) / 100,
      needsEmail: false,
      countries: ['GB'],
      country: 'GB',
      zone: 'United Kingdom',
      estimate: null,
    });

    const paid = await post(`/api/checkout/demo/${sessionId}/pay`, { address: TEST_ADDRESS });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirect).toBe(`/cart?order_success=true&token=${sessionId}`);
    const orderId = paid.json().order_id;
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      checkoutSessionId: sessionId,
      userId: carol.id,
      email: carol.email,
      totalPence: 1598 + 383 - discount,
      status: 'Printing',
      discountCode: code.code,
    });
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, orderId))).toEqual([
      { orderId, productId: maze.id, productKey: maze.key, name: 'Maze Book', unitPricePence: 799, quantity: 2 },
    ]);
    const [usedCode] = await db().select().from(discountCodes).where(eq(discountCodes.code, code.code));
    expect(usedCode!.usedByOrderId).toBe(orderId);
    expect(usedCode!.usedAt).not.toBeNull();
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/server/get_cart/${carol.id}`,
      headers: bearer(carol.token),
    });
    expect(cart.json()).toEqual([{ product_id: colouring.id, qty: 1 }]);
    const [mail] = await mailsTo(db(), carol.email);
    expect(mail!.subject).toBe(`Your order ${orderId.slice(-10)} is confirmed`);
    expect(mail!.text).toContain('2 × Maze Book');
    expect(mail!.text).toContain(`Total paid: £${((1598 + 383 - discount) / 100).toFixed(2)}`);

    // Pay again (a double click): the same order, nothing new.
    const again = await post(`/api/checkout/demo/${sessionId}/pay`, { address: TEST_ADDRESS });
    expect(again.json().order_id).toBe(orderId);
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(1);
    expect(await mailsTo(db(), carol.email)).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${sessionId}` })).json().status).toBe(
      'completed',
    );
  });

  it('asks a guest for a valid e-mail before paying, then makes the order for it', async () => {
    const { sessionId } = (await checkout({ cartItems: [{ product_id: journal.id, qty: 1 }] })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${sessionId}` })).json().needsEmail).toBe(
      true,
    );
    const bad = await post(`/api/checkout/demo/${sessionId}/pay`, { email: 'not-an-email', address: TEST_ADDRESS });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/e-?mail/i);
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(0);
    const ok = await post(`/api/checkout/demo/${sessionId}/pay`, {
      email: 'Guest.Buyer@Example.com',
      address: TEST_ADDRESS,
    });
    expect(ok.statusCode).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    expect(order).toMatchObject({ userId: null, email: 'guest.buyer@example.com', totalPence: 1299 + 383 });
  });

  it('refuses to pay an expired demo checkout and writes no order', async () => {
    const { sessionId } = (
      await checkout({ cartItems: [{ product_id: maze.id, qty: 1 }], user_email: 'late@example.com' })
    ).json();
    await db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, sessionId));
    const res = await post(`/api/checkout/demo/${sessionId}/pay`, { address: TEST_ADDRESS });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/expired/);
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(0);
  });

  it('refuses to pay when the code was used by another order meanwhile', async () => {
    const code = await createDiscountCode(db());
    const first = (
      await checkout({
        cartItems: [{ product_id: maze.id, qty: 1 }],
        user_email: 'a@example.com',
        discount_code: code.code,
      })
    ).json();
    // Only when the first checkout's hold on the code ran out can a second one open with it (decision 036).
    await db()
      .update(discountCodes)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.code, code.code));
    const second = (
      await checkout({
        cartItems: [{ product_id: maze.id, qty: 1 }],
        user_email: 'b@example.com',
        discount_code: code.code,
      })
    ).json();
    expect((await post(`/api/checkout/demo/${first.sessionId}/pay`, { address: TEST_ADDRESS })).statusCode).toBe(200);
    const res = await post(`/api/checkout/demo/${second.sessionId}/pay`, { address: TEST_ADDRESS });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already been used/);
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, second.sessionId))).toHaveLength(0);
  });

  it('answers 404 for an unknown session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout/demo/demo_nope' })).statusCode).toBe(404);
    expect((await post('/api/checkout/demo/demo_nope/pay', { address: TEST_ADDRESS })).statusCode).toBe(404);
  });

  it('the webhook refuses every call when the shop runs the demo checkout', async () => {
    const before = (await db().select({ n: count() }).from(processedPaymentEvents))[0]!.n;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/webhook',
      payload: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect((await db().select({ n: count() }).from(processedPaymentEvents))[0]!.n).toBe(before);
  });
});

describe('order_history', () => {
  it('answers the owner’s orders newest first with items, total, status, currency and reviewed', async () => {
    const dave = await createUser(t.app);
    const older = await createPaidOrder(t.app, {
      user: dave,
      items: [{ product: maze, qty: 2 }, { product: journal }],
    });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, older.orderId));
    const newer = await createPaidOrder(t.app, { user: dave, items: [{ product: colouring }] });
    await createPaidOrder(t.app, { user: bob, items: [{ product: colouring }] });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/server/order_history/${dave.id}`,
      headers: bearer(dave.token),
    });
    expect(res.statusCode).toBe(200);
    const history = res.json();
    expect(history.map((o: { order_id: string }) => o.order_id)).toEqual([newer.orderId, older.orderId]);
    expect(history[1]).toMatchObject({
      items: expect.arrayContaining([
        { item: 'Maze Book', quantity: 2, product_id: maze.id },
        { item: 'Garden Journal', quantity: 1, product_id: journal.id },
      ]),
      total_cost: (1598 + 1299 + 383) / 100,
      status: 'Printing',
      currency: 'gbp',
      bookVault_ref: null,
      tracking_ref: null,
      reviewed: false,
    });
    expect(new Date(history[1].date).getTime()).toBeLessThan(Date.now() - 3_600_000);

    // Reviewed only when every product of the order has a review.
    await db()
      .insert(reviews)
      .values({ orderId: older.orderId, productKey: maze.key, userId: dave.id, rating: 5, text: 'Lovely' });
    let again = (
      await t.app.inject({ method: 'GET', url: `/api/server/order_history/${dave.id}`, headers: bearer(dave.token) })
    ).json();
    expect(again[1].reviewed).toBe(false);
    await db()
      .insert(reviews)
      .values({ orderId: older.orderId, productKey: journal.key, userId: dave.id, rating: 4, text: 'Nice' });
    again = (
      await t.app.inject({ method: 'GET', url: `/api/server/order_history/${dave.id}`, headers: bearer(dave.token) })
    ).json();
    expect(again[1].reviewed).toBe(true);
    expect(again[0].reviewed).toBe(false);
  });

  it('counts an order as reviewed when every book still in the shop has a review (an archived book cannot be reviewed)', async () => {
    const erin = await createUser(t.app);
    const gone = await createProduct(db(), { name: 'Withdrawn Book', pricePence: 500 });
    const order = await createPaidOrder(t.app, { user: erin, items: [{ product: maze }, { product: gone }] });
    await db()
      .insert(reviews)
      .values({ orderId: order.orderId, productKey: maze.key, userId: erin.id, rating: 5, text: 'Great' });
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/server/order_history/${erin.id}`, headers: bearer(erin.token) })
    ).json();
    expect(before[0].reviewed).toBe(false);
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone.id));
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/server/order_history/${erin.id}`, headers: bearer(erin.token) })
    ).json();
    expect(after[0].reviewed).toBe(true);
    expect(after[0].items).toEqual(
      expect.arrayContaining([{ item: 'Withdrawn Book', quantity: 1, product_id: gone.id }]),
    );
  });

  it('401 without a token, 403 for another user', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/server/order_history/${alice.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/server/order_history/${alice.id}`, headers: bearer(bob.token) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('validate_discount', () => {
  it('answers the percentage, the discount and the new total in pounds', async () => {
    const code = await createDiscountCode(db(), { percentage: 15, ages: ['Kids'] });
    const res = await post('/api/server/validate_discount', {
      code: code.code,
      cartItems: [
        { product_id: maze.id, qty: 1 },
        { product_id: journal.id, qty: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    // 15 % of (799 eligible + 383 shipping) = 177.3 -> 177
    expect(res.json()).toEqual({
      code: code.code,
      percentage: 15,
      types: [],
      ages: ['Kids'],
      discount: 1.77,
      total: (799 + 1299 + 383 - 177) / 100,
    });
  });

  it('prices the discount and the total for the delivery country given, as the checkout will (the code takes off delivery too)', async () => {
    const code = await createDiscountCode(db(), { percentage: 10 });
    await db()
      .insert(deliveryZones)
      .values([
        { position: 0, name: 'United Kingdom', countries: ['GB'], firstBookPence: 383, eachFurtherBookPence: 0 },
        { position: 1, name: 'Europe', countries: ['FR', 'DE'], firstBookPence: 899, eachFurtherBookPence: 200 },
      ]);
    try {
      const cartItems = [{ product_id: maze.id, qty: 1 }];
      const france = await post('/api/server/validate_discount', { code: code.code, cartItems, country: 'fr' });
      expect(france.statusCode).toBe(200);
      // 10 % of (799 + 899 delivery to Europe) = 169.8 -> 170
      expect(france.json()).toMatchObject({ discount: 1.7, total: (799 + 899 - 170) / 100 });
      const home = await post('/api/server/validate_discount', { code: code.code, cartItems });
      expect(home.json()).toMatchObject({ discount: 1.18, total: (799 + 383 - 118) / 100 });
      const nowhere = await post('/api/server/validate_discount', { code: code.code, cartItems, country: 'US' });
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json().message).toMatch(/deliver/i);
      const bad = await post('/api/server/validate_discount', { code: code.code, cartItems, country: 'France' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/country must be a two-letter country code/);
    } finally {
      await db().delete(deliveryZones);
    }
  });

  it('says why a code cannot be used', async () => {
    const used = await createDiscountCode(db(), { usedAt: new Date() });
    const expired = await createDiscountCode(db(), { expiresAt: new Date(Date.now() - 1) });
    const adultsOnly = await createDiscountCode(db(), { ages: ['Adults'] });
    const cartItems = [{ product_id: maze.id, qty: 1 }];
    const reason = async (code: string) => {
      const res = await post('/api/server/validate_discount', { code, cartItems });
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await reason('UNKNOWN1')).toBe(DISCOUNT_PROBLEMS.unknown);
    expect(await reason(used.code)).toBe(DISCOUNT_PROBLEMS.used);
    expect(await reason(expired.code)).toBe(DISCOUNT_PROBLEMS.expired);
    expect(await reason(adultsOnly.code)).toBe(DISCOUNT_PROBLEMS.notApplicable);
    const empty = await post('/api/server/validate_discount', { code: '', cartItems });
    expect(empty.statusCode).toBe(400);
  });
});
