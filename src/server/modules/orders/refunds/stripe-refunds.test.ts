/**
 * Refunds through the real Stripe SDK against the fake Stripe API (issue 26, decisions 138–139,
 * 163): Stripe turning the request away (503, nothing written, a retry makes one refund), Stripe's
 * answer lost or its own error (the refund kept pending and counted, finished by the same request,
 * its event or the check of unanswered refunds, each once), our refund id as the idempotency key, our own refund's event before and after our write (one row), a refund made in Stripe's
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

/** A Stripe-paid order (£19.81: two books and delivery): checkout opened, its completed event delivered. */
async function paidOrder(email = 'buyer@example.com') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create_checkout_session',
    payload: {
      user_id: null,
      user_email: email,
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
  it('Stripe turns the request away: 503, nothing written; the retry makes one refund, keyed by our refund id', async () => {
    const order = await paidOrder();
    stripe.failWith({ status: 401, error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
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

describe('refunds Stripe did not answer (decision 163)', () => {
  const history = async (orderId: string): Promise<string[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(admin.token) }))
      .json()
      .history.map((line: { event: string }) => line.event);
  const madeAtStripe = (paymentRef: string | null) =>
    [...stripe.refunds.values()].filter((r) => r.payment_intent === paymentRef);
  const refundPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
  const check = (minutesLater: number) =>
    t.app.ctx.flows.resumeUnansweredRefunds(t.app.ctx, new Date(Date.now() + minutesLater * 60_000));

  it('its answer lost: kept pending and counted, so a second refund cannot pass what was paid; the same request finishes it once', async () => {
    const order = await paidOrder('lost-answer@example.com');
    const id = crypto.randomUUID();
    stripe.loseRefundAnswers(true);
    const lost = await refund(order.id, { id, amount: 5, reason: 'damaged' });
    stripe.loseRefundAnswers(false);
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toMatchObject({ kind: 'refund_unanswered' });
    expect(madeAtStripe(order.paymentRef)).toHaveLength(1);
    expect(await refundRows(order.id)).toEqual([
      expect.objectContaining({ id, state: 'pending', providerRefundId: null, amountPence: 500 }),
    ]);
    // The rest of the payment (£14.81) can still be refunded; a penny more cannot.
    const over = await refund(order.id, { amount: 14.82, reason: 'other' });
    expect(over.statusCode).toBe(409);
    expect(madeAtStripe(order.paymentRef)).toHaveLength(1);

    const again = await refund(order.id, { id, amount: 5, reason: 'damaged' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, state: 'succeeded', amount: 5 });
    expect(madeAtStripe(order.paymentRef)).toHaveLength(1);
    const lines = await history(order.id);
    expect(lines.filter((line) => /did not answer/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /^Refunded £5\.00/.test(line))).toHaveLength(1);
    await expect.poll(async () => (await mailsTo(db(), 'lost-answer@example.com')).length).toBe(2);
  });

  it('the check finishes one Stripe made (found by our id) and asks again for one it did not; each once', async () => {
    const made = await paidOrder('check-made@example.com');
    stripe.loseRefundAnswers(true);
    expect((await refund(made.id, { amount: 2, reason: 'late' })).statusCode).toBe(503);
    stripe.loseRefundAnswers(false);
    const notMade = await paidOrder('check-not-made@example.com');
    stripe.failWith({ status: 500, error: { type: 'api_error', message: 'down' } });
    expect((await refund(notMade.id, { amount: 3, reason: 'late' })).statusCode).toBe(503);
    stripe.failWith(null);
    expect(madeAtStripe(made.paymentRef)).toHaveLength(1);
    expect(madeAtStripe(notMade.paymentRef)).toHaveLength(0);

    // Too soon: a refund may still be in its own request's hands.
    expect(await check(0)).toMatchObject({ resolved: 0 });
    const posts = refundPosts();
    expect(await check(3)).toMatchObject({ resolved: 2, waiting: 0, givenUp: 0 });
    // The one Stripe made was found, not asked for again; the other was made now.
    expect(refundPosts()).toBe(posts + 1);
    expect(madeAtStripe(made.paymentRef)).toHaveLength(1);
    expect(madeAtStripe(notMade.paymentRef)).toHaveLength(1);
    for (const order of [made, notMade]) {
      const [row] = await refundRows(order.id);
      expect(row).toMatchObject({ state: 'succeeded', providerRefundId: madeAtStripe(order.paymentRef)[0]!.id });
      expect((await history(order.id)).filter((line) => /^Refunded £/.test(line))).toHaveLength(1);
    }
    expect(await check(3)).toMatchObject({ resolved: 0 });
    expect(refundPosts()).toBe(posts + 1);
  });

  it('its event arriving later records the outcome once, and the check leaves it alone', async () => {
    const order = await paidOrder('event-later@example.com');
    stripe.loseRefundAnswers(true);
    expect((await refund(order.id, { amount: 4, reason: 'damaged' })).statusCode).toBe(503);
    stripe.loseRefundAnswers(false);
    const [stripeRefund] = madeAtStripe(order.paymentRef);
    for (let i = 0; i < 2; i++)
      expect((await deliver(stripe.event('refund.updated', stripeRefund!))).statusCode).toBe(200);
    expect((await refundRows(order.id))[0]).toMatchObject({ state: 'succeeded', providerRefundId: stripeRefund!.id });
    expect(await check(3)).toMatchObject({ resolved: 0 });
    expect((await history(order.id)).filter((line) => /^Refunded £4\.00/.test(line))).toHaveLength(1);
    await expect.poll(async () => (await mailsTo(db(), 'event-later@example.com')).length).toBe(2);
  });

  it('a day without an answer: failed, no longer counted, and the owner told to look at Stripe', async () => {
    const order = await paidOrder('never-answered@example.com');
    stripe.failWith({ status: 500, error: { type: 'api_error', message: 'down' } });
    try {
      expect((await refund(order.id, { amount: 6, reason: 'other' })).statusCode).toBe(503);
      expect(await check(60)).toMatchObject({ resolved: 0, waiting: 1 });
      expect(await check(24 * 60)).toMatchObject({ givenUp: 1 });
    } finally {
      stripe.failWith(null);
    }
    expect((await refundRows(order.id))[0]).toMatchObject({
      state: 'failed',
      failure: 'the payment provider never answered',
    });
    const owner = await mailsTo(db(), t.config.SHOP_EMAIL);
    expect(
      owner.some((mail) => /Refund failed for order/.test(mail.subject) && mail.text.includes(order.id.slice(0, 8))),
    ).toBe(true);
  });

  it('a cancel whose refund Stripe did not answer: cancelled, the refund kept pending (not failed), the customer mailed when it is made', async () => {
    const order = await paidOrder('cancel-lost@example.com');
    stripe.loseRefundAnswers(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/cancel`,
      payload: { refund: true, reason: 'customer_cancelled' },
      headers: bearer(admin.token),
    });
    stripe.loseRefundAnswers(false);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/waiting for the payment provider's answer/);
    expect((await refundRows(order.id))[0]).toMatchObject({ state: 'pending', amountPence: 1981, notify: true });
    expect(await check(3)).toMatchObject({ resolved: 1 });
    expect((await refundRows(order.id))[0]).toMatchObject({ state: 'succeeded' });
    expect(madeAtStripe(order.paymentRef)).toHaveLength(1);
    const subjects = async () => (await mailsTo(db(), 'cancel-lost@example.com')).map((mail) => mail.subject).sort();
    // The confirmation, the cancel's mail (the refund to follow), and the refund's once it is made.
    await expect.poll(async () => (await subjects()).length).toBe(3);
    expect(await subjects()).toEqual([
      expect.stringMatching(/^A refund for your order/),
      expect.stringMatching(/has been cancelled$/),
      expect.stringMatching(/is confirmed$/),
    ]);
  });
});
