/**
 * A single-use discount code is held by at most one open checkout (docs/decisions/036), and marked
 * used inside the order's transaction by an update only one transaction can win (037). On the demo
 * checkout and on Stripe (the real SDK against the local fake Stripe API, with signed webhooks).
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { demoPaymentProvider, paymentProviders, type PaymentProvider } from '../../adapters/payments/provider';
import { stripePaymentProvider } from '../../adapters/payments/stripe';
import { checkoutSessions, discountCodes, orders } from '../../db/schema';
import { unavailable } from '../../lib/errors';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { createDiscountCode } from '../../test/factories/discounts';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mailbox';
import { DISCOUNT_PROBLEMS } from '../discounts/rules';
import { TEST_ADDRESS } from '../../test/factories/addresses';

const PARALLEL = 20;

/** Helpers shared by the demo and the Stripe app. */
function shop(get: () => TestApp) {
  const db = () => get().deps.database.db;
  // Each call from its own address, as many shoppers are: the checkout's per-address budget is not what is tested here.
  let calls = 0;
  const post = (url: string, payload: unknown = {}) => {
    calls += 1;
    return get().app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: `198.18.${calls >> 8}.${calls & 255}`,
    });
  };
  const checkout = (product: ProductFixture, code: string | null, email = 'buyer@example.com') =>
    post('/api/checkout/create_checkout_session', {
      cartItems: [{ product_id: product.id, qty: 1 }],
      user_id: null,
      user_email: email,
      currency: 'GBP',
      discount_code: code,
    });
  /** What the clock does to a hold: its time is up (the checkout itself is left as it is). */
  const holdRunsOut = (code: string) =>
    db()
      .update(discountCodes)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.code, code));
  return {
    db,
    post,
    checkout,
    cancel: (sessionId: string) => post(`/api/checkout/sessions/${encodeURIComponent(sessionId)}/cancel`),
    sessionsWith: async (code: string) =>
      (await db().select({ n: count() }).from(checkoutSessions).where(eq(checkoutSessions.discountCode, code)))[0]!.n,
    ordersWith: (code: string) => db().select().from(orders).where(eq(orders.discountCode, code)),
    codeRow: async (code: string) => (await db().select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!,
    holdRunsOut,
    /** 20 open checkouts with one code, each opened when the one before's hold had run out. */
    async openEachAfterTheLastHoldRanOut(product: ProductFixture, code: string) {
      const sessions: string[] = [];
      for (let i = 0; i < PARALLEL; i += 1) {
        const res = await checkout(product, code, `late${i}@example.com`);
        expect(res.statusCode).toBe(200);
        sessions.push(res.json().sessionId);
        await holdRunsOut(code);
      }
      return sessions;
    },
  };
}

/** 20 checkouts with one code at once: the answers, split into the accepted session ids and the refusals. */
async function openInParallel(
  open: (i: number) => Promise<{ statusCode: number; json(): { sessionId?: string; message?: string } }>,
) {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => open(i)));
  return {
    accepted: answers.filter((a) => a.statusCode === 200).map((a) => a.json().sessionId!),
    refused: answers
      .filter((a) => a.statusCode !== 200)
      .map((a) => ({ status: a.statusCode, message: a.json().message })),
  };
}

describe('demo checkout', () => {
  let t: TestApp;
  let book: ProductFixture;
  const s = shop(() => t);
  const pay = (sessionId: string) => s.post(`/api/checkout/demo/${sessionId}/pay`, { address: TEST_ADDRESS });

  /** The demo provider, made to fail its next payment page on demand (the provider down). */
  let failNext = false;
  const demo = demoPaymentProvider();
  const flaky: PaymentProvider = {
    ...demo,
    async createCheckout(request) {
      if (failNext) {
        failNext = false;
        throw unavailable('The payment provider cannot be reached right now. Please try again shortly.');
      }
      return demo.createCheckout(request);
    },
  };

  beforeAll(async () => {
    t = await createTestApp({ deps: { payments: paymentProviders(flaky) } });
    book = await createProduct(t.deps.database.db, { name: 'Tiny Puzzles', pricePence: 399, type: 'Puzzle', age: '' });
  });
  afterAll(() => t.close());

  it('20 checkouts with one 99 % code at once: one is opened, 19 are refused before payment, paying gives one discounted order', async () => {
    const code = await createDiscountCode(s.db(), { percentage: 99 });
    const { accepted, refused } = await openInParallel((i) => s.checkout(book, code.code, `buyer${i}@example.com`));
    expect(accepted).toHaveLength(1);
    expect(refused).toEqual(Array(PARALLEL - 1).fill({ status: 400, message: MSG.discountCodeHeld }));
    expect(await s.sessionsWith(code.code)).toBe(1);

    const paid = await Promise.all([...accepted, ...accepted].map(pay));
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200]);
    const discounted = await s.ordersWith(code.code);
    expect(discounted).toHaveLength(1);
    expect((await s.codeRow(code.code)).usedByOrderId).toBe(discounted[0]!.id);
    // The code is spent: the next checkout hears so.
    expect((await s.checkout(book, code.code)).json().message).toBe(DISCOUNT_PROBLEMS.used);
  });

  it('a refused checkout writes nothing and leaves the hold with the first checkout', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    const before = await s.codeRow(code.code);
    expect(before.heldByCheckoutId).toBe(first);
    const sessionsBefore = (await s.db().select({ n: count() }).from(checkoutSessions))[0]!.n;

    const refused = await s.checkout(book, code.code.toLowerCase(), 'other@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.discountCodeHeld);
    expect((await s.db().select({ n: count() }).from(checkoutSessions))[0]!.n).toBe(sessionsBefore);
    expect(await s.codeRow(code.code)).toEqual(before);
    // validate_discount (the basket's Apply) says the same, so the shopper hears it where they type the code.
    const validated = await s.post('/api/server/validate_discount', {
      code: code.code,
      cartItems: [{ product_id: book.id, qty: 1 }],
    });
    expect(validated.statusCode).toBe(400);
    expect(validated.json().message).toBe(MSG.discountCodeHeld);
  });

  it('Cancel on the demo checkout releases the hold: the code can be used again, and the cancelled checkout can not be paid', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    expect((await s.checkout(book, code.code)).statusCode).toBe(400);

    const cancelled = await s.cancel(first);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'expired' });
    expect(await s.codeRow(code.code)).toMatchObject({ heldByCheckoutId: null, heldUntil: null, usedAt: null });
    expect((await s.cancel(first)).json()).toEqual({ status: 'expired' }); // twice is fine

    const late = await pay(first);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/expired/);

    const second = await s.checkout(book, code.code);
    expect(second.statusCode).toBe(200);
    expect((await pay(second.json().sessionId)).statusCode).toBe(200);
    expect(await s.ordersWith(code.code)).toHaveLength(1);
  });

  it('a demo checkout expires when its time is up, and its hold with it', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    const [row] = await s.db().select().from(checkoutSessions).where(eq(checkoutSessions.id, first));
    const hold = await s.codeRow(code.code);
    // The hold lasts a little longer than the checkout: it can not run out while the checkout can still be paid.
    expect(hold.heldUntil!.getTime()).toBeGreaterThan(row!.expiresAt.getTime());
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(59 * 60_000);

    // An hour later (the clock moved on for both).
    await s
      .db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, first));
    await s.holdRunsOut(code.code);
    expect((await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${first}` })).json().status).toBe('expired');
    expect((await pay(first)).statusCode).toBe(409);
    expect((await s.checkout(book, code.code)).statusCode).toBe(200);
  });

  it('a checkout whose time is up can not be paid even before anyone looked at it', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    await s
      .db()
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutSessions.id, first));
    const res = await pay(first);
    expect(res.statusCode).toBe(409);
    expect(await s.ordersWith(code.code)).toHaveLength(0);
    expect(await s.codeRow(code.code)).toMatchObject({ heldByCheckoutId: null, usedAt: null });
  });

  it('the order transaction is the last word: 20 open demo checkouts whose holds ran out, paid at once, give one discounted order and 19 refusals that wrote nothing', async () => {
    const code = await createDiscountCode(s.db(), { percentage: 99 });
    const sessions = await s.openEachAfterTheLastHoldRanOut(book, code.code);
    const paid = await Promise.all(sessions.map(pay));
    expect(paid.filter((p) => p.statusCode === 200)).toHaveLength(1);
    const refused = paid.filter((p) => p.statusCode !== 200);
    expect(refused.map((p) => p.statusCode)).toEqual(Array(PARALLEL - 1).fill(400));
    expect(refused[0]!.json().message).toMatch(/already been used/);
    expect(await s.ordersWith(code.code)).toHaveLength(1);
    const winner = sessions[paid.findIndex((p) => p.statusCode === 200)]!;
    const open = await s
      .db()
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.discountCode, code.code), eq(checkoutSessions.status, 'open')));
    expect(open.map((row) => row.id).sort()).toEqual(sessions.filter((id) => id !== winner).sort());
    expect((await mailsTo(s.db(), t.config.SHOP_EMAIL)).filter((m) => /used twice/i.test(m.subject))).toHaveLength(0);
  });

  it('a checkout the payment provider could not open lets go of its code at once', async () => {
    const code = await createDiscountCode(s.db());
    failNext = true;
    const failed = await s.checkout(book, code.code);
    expect(failed.statusCode).toBe(503);
    expect(await s.codeRow(code.code)).toMatchObject({ heldByCheckoutId: null, heldUntil: null });
    expect(await s.sessionsWith(code.code)).toBe(0);
    expect((await s.checkout(book, code.code)).statusCode).toBe(200);
  });

  it('cancel answers 404 for an unknown checkout and leaves a paid one paid', async () => {
    expect((await s.cancel('demo_nope')).statusCode).toBe(404);
    const code = await createDiscountCode(s.db());
    const sessionId = (await s.checkout(book, code.code)).json().sessionId as string;
    expect((await pay(sessionId)).statusCode).toBe(200);
    expect((await s.cancel(sessionId)).json()).toEqual({ status: 'completed' });
    expect((await s.codeRow(code.code)).usedByOrderId).not.toBeNull();
  });
});

describe('Stripe checkout', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let book: ProductFixture;
  const s = shop(() => t);
  const deliver = (e: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/webhook',
      payload: e.payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
    });
  const stripeCalls = () => stripe.requests.filter((r) => r.method === 'POST').length;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://shop.example' },
      deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)) },
    });
    book = await createProduct(t.deps.database.db, { name: 'Tiny Puzzles', pricePence: 399, type: 'Puzzle', age: '' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('five checkouts one after another with one 99 % code: only the first reaches Stripe', async () => {
    const code = await createDiscountCode(s.db(), { percentage: 99 });
    const first = await s.checkout(book, code.code);
    expect(first.statusCode).toBe(200);
    const calls = stripeCalls();
    for (let i = 0; i < 4; i += 1) {
      const again = await s.checkout(book, code.code, `next${i}@example.com`);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(MSG.discountCodeHeld);
    }
    expect(stripeCalls()).toBe(calls); // no coupon, no session
    expect(await s.sessionsWith(code.code)).toBe(1);
  });

  it('20 checkouts with one 99 % code at once, every paid event delivered twice at once: exactly one discounted order', async () => {
    const code = await createDiscountCode(s.db(), { percentage: 99 });
    const calls = stripeCalls();
    const { accepted, refused } = await openInParallel((i) => s.checkout(book, code.code, `buyer${i}@example.com`));
    expect(accepted).toHaveLength(1);
    expect(refused).toEqual(Array(PARALLEL - 1).fill({ status: 400, message: MSG.discountCodeHeld }));
    expect(stripeCalls() - calls).toBe(2); // one coupon and one session, for the accepted checkout only
    const event = stripe.completedEvent(accepted[0]!);
    expect((await Promise.all([deliver(event), deliver(event)])).map((a) => a.statusCode)).toEqual([200, 200]);
    const discounted = await s.ordersWith(code.code);
    expect(discounted).toHaveLength(1);
    expect(await s.codeRow(code.code)).toMatchObject({
      usedByOrderId: discounted[0]!.id,
      heldByCheckoutId: null,
      heldUntil: null,
    });
  });

  it('the hold lasts as long as the Stripe session (its expires_at) and a little more', async () => {
    const code = await createDiscountCode(s.db());
    const sessionId = (await s.checkout(book, code.code)).json().sessionId as string;
    const session = stripe.sessions.get(sessionId)!;
    const [row] = await s.db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(row!.expiresAt.getTime()).toBe(Number(session.expires_at) * 1000);
    const hold = await s.codeRow(code.code);
    expect(hold.heldByCheckoutId).toBe(sessionId);
    expect(hold.heldUntil!.getTime()).toBeGreaterThan(row!.expiresAt.getTime());
  });

  it('checkout.session.expired releases the hold, so the code can be used again', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    expect((await s.checkout(book, code.code)).statusCode).toBe(400);
    const expired = stripe.event('checkout.session.expired', { ...stripe.sessions.get(first)!, status: 'expired' });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect(await s.codeRow(code.code)).toMatchObject({ heldByCheckoutId: null, heldUntil: null });
    const second = await s.checkout(book, code.code);
    expect(second.statusCode).toBe(200);
    // A late replay of the old expiry does not touch the new hold.
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await s.codeRow(code.code)).heldByCheckoutId).toBe(second.json().sessionId);
  });

  it('cancel expires the Stripe session first, then releases the hold', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    const cancelled = await s.cancel(first);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'expired' });
    expect(stripe.sessions.get(first)!.status).toBe('expired');
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${first}/expire` });
    expect((await s.checkout(book, code.code)).statusCode).toBe(200);
  });

  it('cancel of a session the buyer already paid at Stripe keeps the hold (the webhook will make the order)', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    const paid = stripe.completedEvent(first); // paid at Stripe; the webhook has not arrived yet
    const cancelled = await s.cancel(first);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'open' });
    expect((await s.codeRow(code.code)).heldByCheckoutId).toBe(first);
    expect((await s.checkout(book, code.code)).statusCode).toBe(400);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await s.ordersWith(code.code)).toHaveLength(1);
  });

  it('a hold whose time is up lets the code go, though Stripe never said the session expired', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    await s.holdRunsOut(code.code);
    const second = await s.checkout(book, code.code);
    expect(second.statusCode).toBe(200);
    expect((await s.codeRow(code.code)).heldByCheckoutId).toBe(second.json().sessionId);
    // The old session's expiry, arriving late, does not release the new hold.
    expect(
      (await deliver(stripe.event('checkout.session.expired', { ...stripe.sessions.get(first)!, status: 'expired' })))
        .statusCode,
    ).toBe(200);
    expect((await s.codeRow(code.code)).heldByCheckoutId).toBe(second.json().sessionId);
  });

  it('a payment still pending keeps the hold past the session time; async_payment_failed releases it', async () => {
    const code = await createDiscountCode(s.db());
    const first = (await s.checkout(book, code.code)).json().sessionId as string;
    const before = (await s.codeRow(code.code)).heldUntil!;
    expect((await deliver(stripe.completedEvent(first, { payment_status: 'unpaid' }))).statusCode).toBe(200);
    const pending = await s.codeRow(code.code);
    expect(pending.heldByCheckoutId).toBe(first);
    expect(pending.heldUntil!.getTime()).toBeGreaterThan(before.getTime());
    expect((await s.checkout(book, code.code)).statusCode).toBe(400);
    const failed = stripe.event('checkout.session.async_payment_failed', {
      ...stripe.sessions.get(first)!,
      payment_status: 'unpaid',
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await s.checkout(book, code.code)).statusCode).toBe(200);
  });

  it('a paid session whose code was used meanwhile: the order stands at the price paid, the code keeps its first order, the owner is mailed', async () => {
    const code = await createDiscountCode(s.db(), { percentage: 50 });
    const sessions = await s.openEachAfterTheLastHoldRanOut(book, code.code); // e.g. each paid at the very end of its session
    const answers = await Promise.all(sessions.map((id) => deliver(stripe.completedEvent(id))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(PARALLEL).fill(200));
    const made = await s.ordersWith(code.code);
    expect(made).toHaveLength(PARALLEL); // paid is paid
    const row = await s.codeRow(code.code);
    expect(made.map((o) => o.id)).toContain(row.usedByOrderId);
    const owner = (await mailsTo(s.db(), t.config.SHOP_EMAIL)).filter(
      (m) => /used twice/i.test(m.subject) && m.text.includes(code.code),
    );
    expect(owner).toHaveLength(PARALLEL - 1);
    expect(owner[0]!.subject).toMatch(/discount code .* used twice/i);
    const others = made
      .filter((o) => o.id !== row.usedByOrderId)
      .map((o) => o.id.slice(-10))
      .sort();
    expect(owner.map((m) => /^Order (\S+)/.exec(m.text)![1]).sort()).toEqual(others);
  });
});
