/**
 * Checkout through the real Stripe SDK against a local fake Stripe API, with webhooks signed by the
 * SDK's own test-header helper.
 */
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCart } from '@shared/pricing';
import { paymentProviders } from '../../adapters/payments/provider';
import { stripePaymentProvider } from '../../adapters/payments/stripe';
import { checkoutSessions, discountCodes, orders, processedPaymentEvents } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createDiscountCode } from '../../test/factories/discounts';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mailbox';

let t: TestApp;
let stripe: FakeStripe;
let alice: TestUser;
let maze: ProductFixture;
let journal: ProductFixture;
let cheap: ProductFixture;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://shop.example' },
    deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)) },
  });
  alice = await createUser(t.app);
  maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799, type: 'Puzzle', age: 'Kids' });
  journal = await createProduct(t.deps.database.db, {
    name: 'Garden Journal',
    pricePence: 1299,
    type: 'Journal',
    age: 'Adults',
  });
  cheap = await createProduct(t.deps.database.db, { name: 'Tiny Puzzles', pricePence: 399, type: 'Puzzle', age: '' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const db = () => t.deps.database.db;
const checkout = (payload: Record<string, unknown>, user?: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/create_checkout_session',
    payload: { user_id: null, user_email: '', shipping_cost: 3.83, currency: 'GBP', ...payload },
    headers: user ? bearer(user.token) : {},
  });
const deliver = (payload: string, signature?: string, url = '/api/checkout/webhook') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
  });
const ordersOf = (sessionId: string) => db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
const eventCount = async () => (await db().select({ n: count() }).from(processedPaymentEvents))[0]!.n;

describe('Stripe checkout', () => {
  it('opens a Stripe Checkout Session whose total equals our pricing to the penny, tied to our checkout', async () => {
    const code = await createDiscountCode(db(), { percentage: 10 });
    const res = await checkout(
      {
        cartItems: [
          { product_id: maze.id, qty: 2, price: 0.01 },
          { product_id: journal.id, qty: 1 },
        ],
        user_id: alice.id,
        discount_code: code.code,
      },
      alice,
    );
    expect(res.statusCode).toBe(200);
    const { sessionId, url } = res.json();
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const expected = priceCart(
      [
        { unitPence: 799, qty: 2, type: 'Puzzle', age: 'Kids' },
        { unitPence: 1299, qty: 1, type: 'Journal', age: 'Adults' },
      ],
      { percentage: 10, types: [], ages: [] },
    );
    const session = stripe.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(expected.totalPence);
    expect(session.currency).toBe('gbp');
    expect(session.success_url).toBe('https://shop.example/cart?order_success=true&token={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('https://shop.example/cart');
    expect(session.customer_email).toBe(alice.email);
    const metadata = session.metadata as Record<string, string>;
    expect(metadata).toMatchObject({
      user_id: alice.id,
      discount_code: code.code,
      total_pence: String(expected.totalPence),
    });
    expect(session.client_reference_id).toBe(metadata.checkout_ref);

    // Each call carries an idempotency key derived from our checkout reference.
    const calls = stripe.requests.filter((r) => r.method === 'POST');
    expect(calls.map((r) => r.idempotencyKey)).toEqual([
      `coupon-${metadata.checkout_ref}`,
      `checkout-${metadata.checkout_ref}`,
    ]);
    const [row] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(row).toMatchObject({
      provider: 'stripe',
      totalPence: expected.totalPence,
      discountPence: expected.discountPence,
    });
  });

  it('property: for any basket and code, Stripe computes the same total as our pricing function', async () => {
    const products = [maze, journal, cheap];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ index: fc.integer({ min: 0, max: 2 }), qty: fc.integer({ min: 1, max: 99 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
        async (lines, percentage) => {
          const code = percentage ? await createDiscountCode(db(), { percentage }) : null;
          const unique = [...new Map(lines.map((l) => [l.index, l])).values()];
          const res = await checkout({
            cartItems: unique.map((l) => ({ product_id: products[l.index]!.id, qty: l.qty })),
            user_email: 'p@example.com',
            discount_code: code?.code,
          });
          expect(res.statusCode).toBe(200);
          const expected = priceCart(
            unique.map((l) => ({
              unitPence: products[l.index]!.pricePence,
              qty: l.qty,
              type: products[l.index]!.type,
              age: products[l.index]!.age,
            })),
            code ? { percentage: code.percentage, types: [], ages: [] } : null,
          );
          expect(stripe.sessions.get(res.json().sessionId)!.amount_total).toBe(expected.totalPence);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a 99 % code on a cheap book still matches: the discount is larger than the books alone', async () => {
    const code = await createDiscountCode(db(), { percentage: 99 });
    const res = await checkout({
      cartItems: [{ product_id: cheap.id, qty: 1 }],
      user_email: 'x@example.com',
      discount_code: code.code,
    });
    const expected = priceCart([{ unitPence: 399, qty: 1, type: 'Puzzle', age: '' }], {
      percentage: 99,
      types: [],
      ages: [],
    });
    expect(expected.discountPence).toBeGreaterThan(399);
    expect(stripe.sessions.get(res.json().sessionId)!.amount_total).toBe(expected.totalPence);
  });
});

describe('Stripe webhook', () => {
  const openSession = async (user?: TestUser) => {
    const res = await checkout(
      {
        cartItems: [{ product_id: maze.id, qty: 1 }],
        user_id: user?.id ?? null,
        user_email: user ? '' : 'guest@example.com',
      },
      user,
    );
    return res.json().sessionId as string;
  };

  it('checkout.session.completed makes the order, clears the cart, records the event and mails the buyer', async () => {
    const bob = await createUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/server/update_cart',
      payload: { user_id: bob.id, product_id: maze.id, qty: 1 },
      headers: bearer(bob.token),
    });
    const sessionId = await openSession(bob);
    const { payload, signature, eventId } = stripe.completedEvent(sessionId);
    const res = await deliver(payload, signature);
    expect(res.statusCode).toBe(200);
    const [order] = await ordersOf(sessionId);
    expect(order).toMatchObject({
      userId: bob.id,
      email: bob.email,
      totalPence: 799 + 383,
      status: 'Printing',
      currency: 'gbp',
    });
    const [event] = await db().select().from(processedPaymentEvents).where(eq(processedPaymentEvents.eventId, eventId));
    expect(event!.type).toBe('checkout.session.completed');
    const cart = await t.app.inject({
      method: 'GET',
      url: `/api/server/get_cart/${bob.id}`,
      headers: bearer(bob.token),
    });
    expect(cart.json()).toEqual([]);
    expect((await mailsTo(db(), bob.email))[0]!.subject).toMatch(/is confirmed/);
  });

  it('arrives the same at the provider-named address /api/checkout/webhook/stripe', async () => {
    const sessionId = await openSession();
    const { payload, signature } = stripe.completedEvent(sessionId);
    expect((await deliver(payload, signature, '/api/checkout/webhook/stripe')).statusCode).toBe(200);
    expect(await ordersOf(sessionId)).toHaveLength(1);
  });

  it('a provider this shop does not have is refused with 400, and nothing is recorded', async () => {
    const sessionId = await openSession();
    const before = await eventCount();
    const { payload, signature } = stripe.completedEvent(sessionId);
    const res = await deliver(payload, signature, '/api/checkout/webhook/paypal');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/paypal are not enabled/);
    expect(await ordersOf(sessionId)).toHaveLength(0);
    expect(await eventCount()).toBe(before);
  });

  it('a guest order takes the e-mail Stripe collected', async () => {
    const res = await checkout({ cartItems: [{ product_id: journal.id, qty: 1 }] });
    const sessionId = res.json().sessionId;
    const { payload, signature } = stripe.completedEvent(sessionId, {
      customer_details: { email: 'Paid.Guest@Example.com' },
    });
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await ordersOf(sessionId))[0]!.email).toBe('paid.guest@example.com');
  });

  it('an event whose amount differs from the checkout (tampered price) makes no order and is refused', async () => {
    const sessionId = await openSession();
    const before = await eventCount();
    const { payload, signature } = stripe.completedEvent(sessionId, { amount_total: 1 });
    const res = await deliver(payload, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/does not match/);
    expect(await ordersOf(sessionId)).toHaveLength(0);
    expect(await eventCount()).toBe(before);
  });

  it('the same event replayed 10 times in a row makes one order and one mail', async () => {
    const sessionId = await openSession();
    const { payload, signature } = stripe.completedEvent(sessionId);
    for (let i = 0; i < 10; i += 1) expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await ordersOf(sessionId)).toHaveLength(1);
    const [order] = await ordersOf(sessionId);
    const mails = (await mailsTo(db(), 'guest@example.com')).filter((m) => m.subject.includes(order!.id.slice(-10)));
    expect(mails).toHaveLength(1);
  });

  it('the same event delivered 10 times at once makes one order', async () => {
    const sessionId = await openSession();
    const { payload, signature } = stripe.completedEvent(sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await ordersOf(sessionId)).toHaveLength(1);
  });

  it('10 different completion events of one session at once make one order', async () => {
    const sessionId = await openSession();
    const events = Array.from({ length: 10 }, () => stripe.completedEvent(sessionId));
    const answers = await Promise.all(events.map((e) => deliver(e.payload, e.signature)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await ordersOf(sessionId)).toHaveLength(1);
  });

  it('refuses an unsigned event, a bad signature and a signature made with another secret, writing nothing', async () => {
    const sessionId = await openSession();
    const { payload, signature } = stripe.completedEvent(sessionId);
    const before = await eventCount();
    expect((await deliver(payload)).statusCode).toBe(400);
    expect((await deliver(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await deliver(payload, stripe.sign(payload, 'whsec_other'))).statusCode).toBe(400);
    // A signature is over the exact bytes: the same event re-serialised with other spacing fails.
    expect((await deliver(JSON.stringify(JSON.parse(payload), null, 2), signature)).statusCode).toBe(400);
    expect(await ordersOf(sessionId)).toHaveLength(0);
    expect(await eventCount()).toBe(before);
  });

  it('checkout.session.expired marks the checkout expired and makes no order', async () => {
    const sessionId = await openSession();
    const { payload, signature } = stripe.event('checkout.session.expired', {
      ...stripe.sessions.get(sessionId)!,
      status: 'expired',
    });
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect((await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)))[0]!.status).toBe(
      'expired',
    );
    expect(await ordersOf(sessionId)).toHaveLength(0);
  });

  it('a completed session still waiting for payment makes no order until async_payment_succeeded', async () => {
    const sessionId = await openSession();
    const pending = stripe.completedEvent(sessionId, { payment_status: 'unpaid' });
    expect((await deliver(pending.payload, pending.signature)).statusCode).toBe(200);
    expect(await ordersOf(sessionId)).toHaveLength(0);
    const succeeded = stripe.event('checkout.session.async_payment_succeeded', {
      ...stripe.sessions.get(sessionId)!,
      payment_status: 'paid',
    });
    expect((await deliver(succeeded.payload, succeeded.signature)).statusCode).toBe(200);
    expect(await ordersOf(sessionId)).toHaveLength(1);
  });

  it('a code used by another order meanwhile: the paid order stands, the code keeps its first order, the owner is mailed', async () => {
    const code = await createDiscountCode(db());
    const a = (
      await checkout({
        cartItems: [{ product_id: maze.id, qty: 1 }],
        user_email: 'a@example.com',
        discount_code: code.code,
      })
    ).json().sessionId;
    // Only when a's hold on the code ran out can b open with it (decision 036).
    await db()
      .update(discountCodes)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.code, code.code));
    const b = (
      await checkout({
        cartItems: [{ product_id: maze.id, qty: 1 }],
        user_email: 'b@example.com',
        discount_code: code.code,
      })
    ).json().sessionId;
    for (const id of [a, b]) {
      const e = stripe.completedEvent(id);
      expect((await deliver(e.payload, e.signature)).statusCode).toBe(200);
    }
    const [orderA] = await ordersOf(a);
    const [orderB] = await ordersOf(b);
    expect(orderB!.discountCode).toBe(code.code);
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.code, code.code));
    expect(row!.usedByOrderId).toBe(orderA!.id);
    // The owner also gets each order's new-order mail, written in the same transaction: pick the warning by its subject.
    const told = (await mailsTo(db(), t.config.SHOP_EMAIL)).find((mail) => /used twice/.test(mail.subject));
    expect(told!.subject).toBe(`Discount code ${code.code} used twice (order ${orderB!.id.slice(-10)})`);
    expect(told!.text).toContain(`already been used by order ${orderA!.id.slice(-10)}`);
  });

  it('ignores events the shop does not act on, answering 200', async () => {
    const { payload, signature } = stripe.event('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(payload, signature)).statusCode).toBe(200);
  });
});
