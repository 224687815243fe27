/**
 * Delivery (decision 110): every checkout collects where the books go. The demo checkout's form is
 * checked field by field before anything is written; Stripe's page collects the address and a phone
 * number, and the order is made from what the signed event carries (collected_information in the
 * API version the SDK pins, shipping_details in older ones); a paid session without one still makes
 * the order, marked for the owner. The thank-you view reads the order through its checkout only.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CHARGES_NOTICE } from '@shared/delivery-zones';
import { paymentProviders } from '../../adapters/payments/provider';
import { stripePaymentProvider } from '../../adapters/payments/stripe';
import type { PrintOrder, PrintPartner } from '../../adapters/print/partner';
import { simulatedPrintPartner } from '../../adapters/print/simulated';
import { checkoutSessions, deliveryZones, orderStatusChanges, orders, printJobs } from '../../db/schema';
import { startFakeStripe, STRIPE_TEST_PHONE, STRIPE_TEST_SHIPPING, type FakeStripe } from '../../test/fake-stripe';
import { TEST_ADDRESS, testAddress } from '../../test/factories/addresses';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mailbox';
import { createReviewLink } from '../reviews/review-links';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let book: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  // One zone for both islands (decision 148): a basket for the UK may then go to Ireland too.
  await t.deps.database.db.insert(deliveryZones).values({
    position: 0,
    name: 'UK and Ireland',
    countries: ['GB', 'IE'],
    firstBookPence: 383,
    eachFurtherBookPence: 0,
  });
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  book = await createProduct(t.deps.database.db, { name: 'Puzzle Parade', pricePence: 799 });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const post = (url: string, payload: unknown, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: user ? bearer(user.token) : {} });
const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
const open = async (user?: TestUser) => {
  const res = await post(
    '/api/checkout/create_checkout_session',
    { cartItems: [{ product_id: book.id, qty: 2 }], user_id: user?.id ?? null, user_email: '' },
    user,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sessionId as string;
};
const pay = (sessionId: string, body: Record<string, unknown>) => post(`/api/checkout/demo/${sessionId}/pay`, body);
/** The one order confirmation mailed to `email`. */
const confirmationTo = async (email: string) => {
  const mails = (await mailsTo(db(), email)).filter((mail) => / is confirmed$/.test(mail.subject));
  expect(mails).toHaveLength(1);
  return mails[0]!;
};
const orderOf = async (sessionId: string) =>
  (await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0];

describe('the demo checkout collects the delivery address', () => {
  it("offers the countries of the basket's delivery zone", async () => {
    const view = await get(`/api/checkout/demo/${await open()}`);
    expect(view.json().countries).toEqual(['GB', 'IE']);
  });

  it('keeps the address on the order as it was typed, normalised, marks the payment as the demo, and mails no import notice to a UK order', async () => {
    const sessionId = await open();
    const paid = await pay(sessionId, {
      email: 'ann@example.com',
      address: { ...TEST_ADDRESS, name: '  Ann   Reader ', postcode: 'yo17hh' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await orderOf(sessionId)).toMatchObject({
      deliveryAddress: { ...TEST_ADDRESS, name: 'Ann Reader', postcode: 'YO1 7HH' },
      addressMissing: false,
      paymentRef: 'demo',
    });
    // A UK order: its confirmation has no import notice.
    const mail = await confirmationTo('ann@example.com');
    expect(mail.html).not.toContain('import VAT');
    expect(mail.text).not.toContain('import VAT');
  });

  it.each([
    ['a postcode that is not a UK one', { postcode: '12345' }, /UK postcode/],
    ['an empty name', { name: '   ' }, /enter your full name/],
    ['no phone number', { phone: '' }, /enter your phone number/],
    ['letters for a phone number', { phone: 'call me maybe' }, /phone number/],
    [
      "a country outside the basket's zone",
      { country: 'FR' },
      /priced for delivery to United Kingdom \(UK and Ireland\).*To send to France, go back to your basket, choose France as the destination and check out again/,
    ],
    ['markup in a field', { line1: '<script>alert(1)</script>' }, /Address line 1 must not contain < or >/],
    ['an over-long line', { line2: 'x'.repeat(101) }, /Address line 2 must be at most 100 characters/],
    // Invisible format characters (issue 32, finding 8): they reorder or hide text on the owner's page, in the CSV and at the printer.
    [
      'a right-to-left override',
      { name: 'Ann \u202eredaeR' },
      /Full name contains an invisible character \(U\+202E\) that can reorder or hide text/,
    ],
    [
      'a zero-width joiner',
      { line1: '14 Orchard\u200dRow' },
      /Address line 1 contains an invisible character \(U\+200D\)/,
    ],
    ['a tag character', { city: 'York\u{E0041}' }, /Town or city contains an invisible character \(U\+E0041\)/],
    [
      '81 emoji for a name (81 characters, 162 UTF-16 units)',
      { name: '🦊'.repeat(81) },
      /Full name must be at most 80 characters/,
    ],
  ])('refuses %s with 400 naming it, and writes nothing', async (_label, change, message) => {
    const sessionId = await open();
    const res = await pay(sessionId, { email: 'refused@example.com', address: testAddress(change) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await orderOf(sessionId)).toBeUndefined();
    expect((await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)))[0]!.status).toBe(
      'open',
    );
    expect(await mailsTo(db(), 'refused@example.com')).toEqual([]);
  });

  it('names every bad field at once', async () => {
    const res = await pay(await open(), {
      email: 'many@example.com',
      address: testAddress({ name: '', city: '', postcode: 'nope' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/full name.*town or city.*UK postcode/);
  });

  it.each([
    ['no address at all', { email: 'x@example.com' }],
    ['a field that is not text', { email: 'x@example.com', address: { ...TEST_ADDRESS, line1: 42 } }],
    ['a field missing', { email: 'x@example.com', address: { ...TEST_ADDRESS, postcode: undefined } }],
    ['a NUL byte', { email: 'x@example.com', address: { ...TEST_ADDRESS, city: 'Yo\u0000rk' } }],
    ['a huge field', { email: 'x@example.com', address: { ...TEST_ADDRESS, name: 'x'.repeat(5000) } }],
  ])('refuses a malformed body (%s) with 400, never 500', async (_label, body) => {
    const sessionId = await open();
    const res = await pay(sessionId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await orderOf(sessionId)).toBeUndefined();
  });

  it('counts a name in characters, not UTF-16 units: 80 emoji (160 units) are 80 characters and pass (issue 32, finding 8)', async () => {
    const sessionId = await open();
    const foxes = '🦊'.repeat(80);
    expect(foxes.length).toBe(160);
    const res = await pay(sessionId, {
      email: 'fox@example.com',
      address: testAddress({ name: foxes, line1: '𝟙𝟜 Orchard Row' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderOf(sessionId))!.deliveryAddress).toMatchObject({ name: foxes, line1: '𝟙𝟜 Orchard Row' });
  });

  it('an Irish address needs no UK postcode; its confirmation mail repeats the import notice the checkout showed', async () => {
    const sessionId = await open();
    const res = await pay(sessionId, {
      email: 'eire@example.com',
      address: testAddress({ country: 'IE', postcode: 'D02 X285', county: 'Dublin' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderOf(sessionId))!.deliveryAddress).toMatchObject({ country: 'IE', postcode: 'D02 X285' });
    const mail = await confirmationTo('eire@example.com');
    expect(mail.html).toContain(IMPORT_CHARGES_NOTICE);
    expect(mail.text).toContain(IMPORT_CHARGES_NOTICE);
  });
});

describe('the thank-you view reads the order through its checkout', () => {
  it('answers 404 until the checkout is paid, then the order with lines, totals and address', async () => {
    const sessionId = await open();
    const before = await get(`/api/checkout/sessions/${sessionId}/order`);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toMatch(/not received the payment/);
    const paid = await pay(sessionId, { email: 'thanks@example.com', address: TEST_ADDRESS });
    const res = await get(`/api/checkout/sessions/${sessionId}/order`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      order_id: paid.json().order_id,
      items: [{ product_id: book.id, item: 'Puzzle Parade', quantity: 2, unit_price: 7.99 }],
      subtotal: 15.98,
      discount: 0,
      discount_code: null,
      shipping: 3.83,
      delivery_zone: 'UK and Ireland',
      total: 19.81,
      currency: 'gbp',
      email: 'thanks@example.com',
      delivery_address: TEST_ADDRESS,
    });
  });

  it('answers 404 for an unknown checkout and for an order older than a day', async () => {
    expect((await get('/api/checkout/sessions/demo_unknown/order')).statusCode).toBe(404);
    const sessionId = await open();
    await pay(sessionId, { email: 'old@example.com', address: TEST_ADDRESS });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(orders.checkoutSessionId, sessionId));
    expect((await get(`/api/checkout/sessions/${sessionId}/order`)).statusCode).toBe(404);
  });
});

describe("a customer's last delivery address", () => {
  it('is offered again at the next checkout, the newest first; another user gets 403, a guest 401', async () => {
    expect((await get(`/api/server/delivery_address/${alice.id}`, alice)).json()).toEqual({ address: null });
    await pay(await open(alice), { address: testAddress({ line1: '1 First Street' }) });
    await pay(await open(alice), { address: testAddress({ line1: '2 Second Street' }) });
    const res = await get(`/api/server/delivery_address/${alice.id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({ line1: '2 Second Street' });
    expect((await get(`/api/server/delivery_address/${alice.id}`, bob)).statusCode).toBe(403);
    expect((await get(`/api/server/delivery_address/${alice.id}`)).statusCode).toBe(401);
  });

  it('is never the address of a guest order a review link attached to the account (issue 32, finding 6)', async () => {
    const carol = await createUser(t.app);
    // Carol checks out signed in; later someone pays as a guest with her e-mail address and their own address.
    await pay(await open(carol), { address: testAddress({ line1: '5 Carol Close' }) });
    const guestSession = await open();
    const guest = await pay(guestSession, {
      email: carol.email,
      address: testAddress({ name: 'Mallory', line1: '66 Attacker Road' }),
    });
    expect(guest.statusCode, guest.body).toBe(200);
    // The review link mailed for that order (to Carol) attaches it to her account when she follows it.
    const token = new URL(
      await createReviewLink(t.app.ctx, { id: guest.json().order_id, email: carol.email }),
    ).searchParams.get('review_token')!;
    expect((await post('/api/verify_review_token', { token })).statusCode).toBe(200);
    expect((await orderOf(guestSession))!.userId).toBe(carol.id);

    // The order is hers to see, but the address offered is still the one she gave herself.
    const history = (await get(`/api/server/order_history/${carol.id}`, carol)).json() as Array<{
      delivery_address: { line1: string };
    }>;
    expect(history.map((order) => order.delivery_address.line1)).toEqual(['66 Attacker Road', '5 Carol Close']);
    expect((await get(`/api/server/delivery_address/${carol.id}`, carol)).json().address).toMatchObject({
      line1: '5 Carol Close',
    });

    // An account whose only order came by a review link is offered nothing.
    const dave = await createUser(t.app);
    const daveSession = await open();
    const daveOrder = await pay(daveSession, {
      email: dave.email,
      address: testAddress({ line1: '67 Attacker Road' }),
    });
    const daveToken = new URL(
      await createReviewLink(t.app.ctx, { id: daveOrder.json().order_id, email: dave.email }),
    ).searchParams.get('review_token')!;
    expect((await post('/api/verify_review_token', { token: daveToken })).statusCode).toBe(200);
    expect((await get(`/api/server/delivery_address/${dave.id}`, dave)).json()).toEqual({ address: null });
  });

  it("shows in the customer's order history, and only there for its owner", async () => {
    await pay(await open(bob), { address: testAddress({ line1: '9 History Lane' }) });
    const history = await get(`/api/server/order_history/${bob.id}`, bob);
    expect(history.json()[0].delivery_address).toMatchObject({ line1: '9 History Lane' });
    expect((await get(`/api/server/order_history/${bob.id}`, alice)).statusCode).toBe(403);
  });
});

describe('an order begins its history', () => {
  it('with a line for its making, by the checkout, naming the confirmation mail', async () => {
    const sessionId = await open();
    await pay(sessionId, { email: 'history@example.com', address: TEST_ADDRESS });
    const order = (await orderOf(sessionId))!;
    const lines = await db().select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'Printing',
        changedBy: 'checkout',
        mailSubject: `Your order ${order.id.slice(-10)} is confirmed`,
      }),
    ]);
  });
});

describe('Stripe collects the delivery address', () => {
  let stripe: FakeStripe;
  let s: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    s = await createTestApp({ deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)) } });
    await createProduct(s.deps.database.db, { id: book.id, name: book.name, pricePence: 799 });
  });
  afterAll(async () => {
    await s.close();
    await stripe.close();
  });

  const openStripe = async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: { cartItems: [{ product_id: book.id, qty: 1 }], user_id: null, user_email: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessionId as string;
  };
  const deliver = (event: { payload: string; signature: string }) =>
    s.app.inject({
      method: 'POST',
      url: '/api/checkout/webhook',
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
  const stripeOrder = async (sessionId: string) =>
    (await s.deps.database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0]!;

  it('asks Stripe for the address in the configured countries and a phone number', async () => {
    const sessionId = await openStripe();
    const sent = stripe.requests.find(
      (request) =>
        request.path === '/v1/checkout/sessions' &&
        stripe.sessions.get(sessionId)?.client_reference_id === request.body.client_reference_id,
    )!;
    expect(sent.body.shipping_address_collection).toEqual({ allowed_countries: ['GB'] });
    expect(sent.body.phone_number_collection).toEqual({ enabled: 'true' });
  });

  it('makes the order with the address and phone of the signed completed event, and the payment intent', async () => {
    const sessionId = await openStripe();
    expect((await deliver(stripe.completedEvent(sessionId))).statusCode).toBe(200);
    const order = await stripeOrder(sessionId);
    expect(order.deliveryAddress).toEqual({
      name: 'Ann Reader',
      line1: '14 Orchard Row',
      line2: 'Flat 2',
      city: 'York',
      county: 'North Yorkshire',
      postcode: 'YO1 7HH',
      country: 'GB',
      phone: STRIPE_TEST_PHONE,
    });
    expect(order.addressMissing).toBe(false);
    expect(order.paymentRef).toMatch(/^pi_test_/);
  });

  it('reads the address where older API versions put it (shipping_details)', async () => {
    const sessionId = await openStripe();
    const older = {
      collected_information: undefined,
      shipping_details: {
        name: 'Old Style',
        address: {
          line1: '3 Past Road',
          line2: null,
          city: 'Leeds',
          state: null,
          postal_code: 'LS1 4AP',
          country: 'GB',
        },
      },
    };
    expect((await deliver(stripe.completedEvent(sessionId, older))).statusCode).toBe(200);
    expect((await stripeOrder(sessionId)).deliveryAddress).toMatchObject({
      name: 'Old Style',
      line1: '3 Past Road',
      line2: '',
      city: 'Leeds',
      county: '',
      postcode: 'LS1 4AP',
    });
  });

  it('a paid session without an address still makes the order, marked, and the owner is told', async () => {
    const sessionId = await openStripe();
    expect((await deliver(stripe.completedEvent(sessionId, { collected_information: null }))).statusCode).toBe(200);
    const order = await stripeOrder(sessionId);
    expect(order).toMatchObject({ deliveryAddress: null, addressMissing: true });
    const owner = (await mailsTo(s.deps.database.db, s.config.SHOP_EMAIL)).find((mail) =>
      mail.subject.includes(order.id.slice(-10)),
    )!;
    expect(owner.text).toMatch(/came without a delivery address/);
    const counted = await s.deps.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.checkoutSessionId, sessionId));
    expect(counted[0]!.n).toBe(1);
  });
});

describe('an address Stripe collected that breaks the rule (issue 32, finding 8)', () => {
  let stripe: FakeStripe;
  let s: TestApp;
  let owner: TestUser;
  /** What reached the printer. */
  const sent: PrintOrder[] = [];
  beforeAll(async () => {
    stripe = await startFakeStripe();
    const printer = simulatedPrintPartner({ stepSeconds: 60 });
    const recording: PrintPartner = { ...printer, submit: (order) => (sent.push(order), printer.submit(order)) };
    s = await createTestApp({
      deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)), printPartner: recording },
    });
    owner = await createUser(s.app, { role: 'admin' });
    await createProduct(s.deps.database.db, { id: book.id, name: book.name, pricePence: 799 });
  });
  afterAll(async () => {
    await s.close();
    await stripe.close();
  });

  /** A Stripe checkout paid with what Stripe's page collected (`override` of the session), its order made. */
  async function paidThroughStripe(override: Record<string, unknown>) {
    const opened = await s.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: { cartItems: [{ product_id: book.id, qty: 1 }], user_id: null, user_email: '' },
    });
    const sessionId = opened.json().sessionId as string;
    const event = stripe.completedEvent(sessionId, override);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/checkout/webhook',
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(res.statusCode, res.body).toBe(200);
    await s.app.ctx.printWorker.kick();
    return (await s.deps.database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId)))[0]!;
  }
  const jobOf = async (orderId: string) =>
    (await s.deps.database.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)))[0]!;
  const detail = async (orderId: string) =>
    (await s.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(owner.token) })).json();

  it('keeps a 3,004-character phone (the payment is real), holds the order from the printer and tells the owner why, until the owner sends it', async () => {
    const phone = `+44 ${'1'.repeat(3000)}`;
    expect(phone.length).toBe(3004);
    const order = await paidThroughStripe({
      customer_details: { email: 'long-phone@example.com', name: 'Ann Reader', phone },
    });
    expect(order.deliveryAddress).toMatchObject({ name: 'Ann Reader', phone });
    expect(order.addressMissing).toBe(false);

    // Not sent: the print job needs the owner (the state an order without an address is in), before any try.
    expect(await jobOf(order.id)).toMatchObject({
      state: 'failed',
      attempts: 0,
      problem: expect.stringMatching(
        /address rule: Phone number must be at most 24 characters\. Check it with the customer/,
      ),
    });
    expect(sent.filter((printed) => printed.docRef === order.id)).toEqual([]);

    // The owner's order page says why, and so does the new-order mail.
    const shown = await detail(order.id);
    expect(shown.address_problems).toEqual(['Phone number must be at most 24 characters.']);
    expect(shown.print).toMatchObject({ state: 'needs attention', can_send_again: true });
    const mail = (await mailsTo(s.deps.database.db, s.config.SHOP_EMAIL)).find((m) =>
      m.subject.includes(order.id.slice(-10)),
    )!;
    expect(mail.text).toMatch(/Address to check/);
    expect(mail.text).toMatch(
      /Phone number must be at most 24 characters\. The order is not sent to the printer until you have checked it/,
    );

    // Send again is the owner's confirmation: then (and only then) it goes, once.
    const again = await s.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/print`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode, again.body).toBe(200);
    await s.app.ctx.printWorker.kick();
    expect(sent.filter((printed) => printed.docRef === order.id)).toHaveLength(1);
    expect((await jobOf(order.id)).state).toBe('submitted');
  });

  it('holds an address with a right-to-left override too, while a good one goes to the printer by itself', async () => {
    const overridden = await paidThroughStripe({
      collected_information: { shipping_details: { ...STRIPE_TEST_SHIPPING, name: 'Ann \u202eredaeR' } },
    });
    expect(overridden.deliveryAddress!.name).toBe('Ann \u202eredaeR');
    expect((await jobOf(overridden.id)).state).toBe('failed');
    expect((await detail(overridden.id)).address_problems).toEqual([
      expect.stringMatching(/^Full name contains an invisible character \(U\+202E\)/),
    ]);
    expect(sent.filter((printed) => printed.docRef === overridden.id)).toEqual([]);

    const good = await paidThroughStripe({});
    expect((await detail(good.id)).address_problems).toEqual([]);
    expect(sent.filter((printed) => printed.docRef === good.id)).toHaveLength(1);
  });
});
