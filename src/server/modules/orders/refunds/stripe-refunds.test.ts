/**
 * Refunds through the real Stripe SDK against the fake Stripe API (issue 26, decisions 138–139):
 * Stripe down (503, nothing written, a retry makes one refund), our refund id as the idempotency
 * key, our own refund's event before and after our write (one row), a refund made in Stripe's
 * dashboard, one for a payment no order has, a refund that fails later, and a dispute.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProviders } from '../../../adapters/payments/provider';
import { stripePaymentProvider } from '../../../adapters/payments/stripe';
import { orders, refunds } from '../../../db/schema';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe';
import { createProduct, type ProductFixture } from '../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../test/harness';
import { mailsTo } from '../../../test/mailbox';

let t: TestApp;
let stripe: FakeStripe;
let admin: TestUser;
let maze: ProductFixture;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)) } });
  admin = await createUser(t.app, { role: 'admin' });
  maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799 });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const db = () => t.deps.database.db;
const deliver = (event: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/webhook',
    payload: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
const refund = (orderId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refunds`, payload, headers: bearer(admin.token) });
const refundRows = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));

/** A Stripe-paid order: checkout opened, its completed event delivered. */
async function paidOrder() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create_checkout_session',
    payload: {
      user_id: null,
      user_email: 'buyer@example.com',
      shipping_cost: 3.83,
      currency: 'GBP',
      cartItems: [{ product_id: maze.id, qty: 2 }],
    },
  });
  const sessionId = res.json().sessionId as string;
  expect((await deliver(stripe.completedEvent(sessionId))).statusCode).toBe(200);
  const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  return order!;
}

describe('refunds through Stripe', () => {
  it('Stripe down: 503, nothing written; the retry makes one refund, keyed by our refund id', async () => {
    const order = await paidOrder();
    stripe.failWith({ status: 500, error: { type: 'api_error', message: 'down' } });
    const down = await refund(order.id, { amount: 5, reason: 'damaged' });
    stripe.failWith(null);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/nothing was refunded/);
    expect(await refundRows(order.id)).toHaveLength(0);

    const again = await refund(order.id, { amount: 5, reason: 'damaged' });
    expect(again.statusCode).toBe(201);
    const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === order.paymentRef);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 500, metadata: { refund_id: again.json().id, order_id: order.id } });
    const call = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.idempotencyKey).toBe(again.json().id);
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ state: 'succeeded', providerRefundId: made[0]!.id });
  });

  it("our own refund's event, after our write and again, changes nothing and makes no second row", async () => {
    const order = await paidOrder();
    const res = await refund(order.id, { amount: 2, reason: 'goodwill' });
    const stripeRefund = stripe.refunds.get((await refundRows(order.id))[0]!.providerRefundId!)!;
    expect(res.statusCode).toBe(201);
    for (const type of ['refund.created', 'charge.refunded']) {
      const object =
        type === 'charge.refunded'
          ? { id: 'ch_1', object: 'charge', payment_intent: order.paymentRef, refunds: { data: [stripeRefund] } }
          : stripeRefund;
      expect((await deliver(stripe.event(type, object))).statusCode).toBe(200);
    }
    expect(await refundRows(order.id)).toHaveLength(1);
    const owner = await mailsTo(db(), t.config.SHOP_EMAIL);
    expect(owner.some((mail) => /Refund made in Stripe/.test(mail.subject))).toBe(false);
  });

  it("our own refund's event before our write: matched by our id in its metadata, one row, its outcome recorded once", async () => {
    const order = await paidOrder();
    // Stripe makes the refund but answers only when released: its event arrives before its answer.
    const id = crypto.randomUUID();
    stripe.refundStatus('pending');
    const release = stripe.holdRefundAnswers();
    const pending = refund(order.id, { id, amount: 3, reason: 'late' });
    const madeAtStripe = () =>
      [...stripe.refunds.values()].find((r) => (r.metadata as { refund_id?: string }).refund_id === id);
    await expect.poll(madeAtStripe).toBeDefined();
    const stripeRefund = madeAtStripe()!;
    stripe.refundStatus('succeeded');
    expect((await deliver(stripe.event('refund.updated', { ...stripeRefund, status: 'succeeded' }))).statusCode).toBe(
      200,
    );
    // The event was recorded on our pending row before Stripe's answer came back.
    expect((await refundRows(order.id))[0]).toMatchObject({
      id,
      providerRefundId: stripeRefund.id,
      state: 'succeeded',
    });
    release();
    expect((await pending).statusCode).toBe(201);
    const rows = await refundRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, providerRefundId: stripeRefund!.id });
  });

  it('a refund made in Stripe’s dashboard appears on the order as made there and is mailed to the owner', async () => {
    const order = await paidOrder();
    const event = stripe.event('refund.created', {
      id: 're_dashboard_1',
      object: 'refund',
      amount: 383,
      payment_intent: order.paymentRef,
      status: 'succeeded',
      metadata: {},
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    const rows = await refundRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ by: 'stripe_dashboard', amountPence: 383, providerRefundId: 're_dashboard_1' });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: bearer(admin.token) })
    ).json();
    expect(detail).toMatchObject({ payment_status: 'partially_refunded', refunded_total: 3.83 });
    const [mail] = await mailsTo(db(), t.config.SHOP_EMAIL);
    expect(mail!.subject).toMatch(/Refund made in Stripe for order/);
  });

  it('a dashboard refund for a payment no order has is logged and ignored', async () => {
    const res = await deliver(
      stripe.event('refund.created', {
        id: 're_unknown',
        object: 'refund',
        amount: 100,
        payment_intent: 'pi_nobody',
        status: 'succeeded',
        metadata: {},
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(refunds).where(eq(refunds.providerRefundId, 're_unknown'))).toHaveLength(0);
  });

  it('a refund that fails later is marked failed, stops counting, and the owner is told', async () => {
    const order = await paidOrder();
    expect((await refund(order.id, { amount: 4, reason: 'damaged' })).statusCode).toBe(201);
    const [row] = await refundRows(order.id);
    const stripeRefund = stripe.refunds.get(row!.providerRefundId!)!;
    await deliver(
      stripe.event('refund.failed', { ...stripeRefund, status: 'failed', failure_reason: 'lost_or_stolen_card' }),
    );
    const [after] = await refundRows(order.id);
    expect(after).toMatchObject({ state: 'failed', failure: 'lost_or_stolen_card' });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: bearer(admin.token) })
    ).json();
    expect(detail).toMatchObject({ payment_status: 'paid', refunded_total: 0 });
    const [mail] = await mailsTo(db(), t.config.SHOP_EMAIL);
    expect(mail!.subject).toMatch(/Refund failed for order/);
  });

  it('a dispute flags the order and tells the owner', async () => {
    const order = await paidOrder();
    await deliver(
      stripe.event('charge.dispute.created', {
        id: 'dp_1',
        object: 'dispute',
        amount: 1981,
        payment_intent: order.paymentRef,
        reason: 'fraudulent',
        charge: 'ch_1',
      }),
    );
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: bearer(admin.token) })
    ).json();
    expect(detail.disputed_at).not.toBeNull();
    expect(detail.history.at(-1).event).toMatch(/Payment disputed \(fraudulent/);
    const [mail] = await mailsTo(db(), t.config.SHOP_EMAIL);
    expect(mail!.subject).toMatch(/Payment disputed for order/);
  });
});
