/**
 * Delivery zones (issue 29, decision 148), on both databases: the owner's list and its rules, a
 * checkout priced for its destination's zone, an address outside it refused, a change that applies
 * to the next checkout and to no paid order, and Stripe's session matching our price per zone.
 */
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceCart } from '@shared/pricing';
import { paymentProviders } from '../../adapters/payments/provider';
import { stripePaymentProvider } from '../../adapters/payments/stripe';
import { checkoutSessions, deliveryZones, orders } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { testAddress } from '../../test/factories/addresses';
import { createDiscountCode } from '../../test/factories/discounts';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mailbox';

let t: TestApp;
let owner: TestUser;
let shopper: TestUser;
let book: ProductFixture;

const UK = { name: 'United Kingdom', countries: ['GB'], first_book: 3.83, each_further_book: 0, free_over: null };
const EUROPE = {
  name: 'Europe',
  countries: ['IE', 'FR'],
  first_book: 6.5,
  each_further_book: 1.5,
  free_over: 50,
  estimate: '5–8 working days',
};
const IRISH = testAddress({ city: 'Dublin', county: 'Dublin', postcode: 'D02 X285', country: 'IE' });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { role: 'admin' });
  shopper = await createUser(t.app);
  book = await createProduct(t.deps.database.db, { name: 'Puzzle Parade', pricePence: 799 });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.database.db.delete(deliveryZones);
});

const db = () => t.deps.database.db;
const put = (body: unknown, user: TestUser | null = owner) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/delivery_zones',
    payload: body as object,
    headers: user ? bearer(user.token) : {},
  });
const zonesNow = async () => (await t.app.inject({ method: 'GET', url: '/api/server/delivery_zones' })).json().zones;
const open = async (country?: string, qty = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/create_checkout_session',
    payload: { cartItems: [{ product_id: book.id, qty }], user_id: null, user_email: 'ann@example.com', country },
  });
const pay = (sessionId: string, address: object) =>
  t.app.inject({ method: 'POST', url: `/api/checkout/demo/${sessionId}/pay`, payload: { address } });
const sessionCount = async () => (await db().select({ n: count() }).from(checkoutSessions))[0]!.n;

describe('the zones', () => {
  it('are the spec until the owner saves others: the UK at £3.83 a basket, for anyone to read', async () => {
    expect(await zonesNow()).toEqual([{ ...UK, estimate: null }]);
  });

  it('are replaced as a whole by the owner, in pounds, and read back the same by the admin route', async () => {
    const res = await put({ zones: [UK, { ...EUROPE, countries: [' ie', 'fr '] }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().zones).toEqual([{ ...UK, estimate: null }, EUROPE]);
    expect(await zonesNow()).toEqual([{ ...UK, estimate: null }, EUROPE]);
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/delivery_zones', headers: bearer(owner.token) });
    expect(admin.json().zones).toEqual([{ ...UK, estimate: null }, EUROPE]);
  });

  it('answer 401 to a guest and 403 to a customer, changing nothing', async () => {
    expect((await put({ zones: [EUROPE] }, null)).statusCode).toBe(401);
    expect((await put({ zones: [EUROPE] }, shopper)).statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/delivery_zones',
      headers: bearer(shopper.token),
    });
    expect(read.statusCode).toBe(403);
    expect(await zonesNow()).toEqual([{ ...UK, estimate: null }]);
  });

  it.each([
    ['no zone at all', [], /Keep at least one delivery zone/],
    ['a country in two zones', [UK, { ...EUROPE, countries: ['IE', 'GB'] }], /GB is already in zone "United Kingdom"/],
    ['a country twice in one zone', [{ ...UK, countries: ['GB', 'gb'] }], /GB is listed twice/],
    ['a negative first-book price', [{ ...UK, first_book: -1 }], /the price of the first book must be £0.00 or more/],
    [
      'a negative further-book price',
      [{ ...UK, each_further_book: -0.5 }],
      /the price of each further book must be £0.00 or more/,
    ],
    ['a negative threshold', [{ ...UK, free_over: -5 }], /the free-delivery amount must be £0.00 or more/],
    ['a price in fractions of a penny', [{ ...UK, first_book: 3.835 }], /in pounds and pence/],
    ['a zone without a name', [{ ...UK, name: '  ' }], /Zone 1: please give it a name/],
    ['a zone without countries', [{ ...UK, countries: [] }], /add at least one country/],
    ['a country that is not a code', [{ ...UK, countries: ['United Kingdom'] }], /not a two-letter country code/],
    ['a price that is text', [{ ...UK, first_book: '3.83' }], /first_book/],
    ['no list', undefined, /zones/],
  ])('refuses %s with 400 naming it, and saves nothing', async (_, zones, reason) => {
    const res = await put({ zones });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(reason);
    expect(await zonesNow()).toEqual([{ ...UK, estimate: null }]);
  });

  it('names every problem of a list at once', async () => {
    const res = await put({
      zones: [
        { ...UK, first_book: -1 },
        { ...EUROPE, countries: ['GB'], free_over: -1 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/first book.*GB is already in zone "United Kingdom".*free-delivery amount/);
  });
});

describe('a checkout is priced for its destination', () => {
  it('defaults to the UK at the spec’s £3.83, and keeps the zone on the checkout', async () => {
    const res = await open(undefined, 3);
    expect(res.statusCode, res.body).toBe(200);
    const view = (await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${res.json().sessionId}` })).json();
    expect(view).toMatchObject({ shipping: 3.83, total: 27.8, country: 'GB', zone: 'United Kingdom' });
    expect(view.countries).toEqual(['GB']);
  });

  it('refuses a country in no zone with 400 saying where the shop sends, and writes nothing', async () => {
    await put({ zones: [UK, EUROPE] });
    const before = await sessionCount();
    const res = await open('US');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'We do not deliver to United States. Please choose another destination in your basket: we send books to United Kingdom, Ireland, France.',
    );
    expect((await open('Ireland')).statusCode).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it("prices Ireland with Europe's rates and takes an Irish address; the order keeps its zone and delivery price", async () => {
    await put({ zones: [UK, EUROPE] });
    const res = await open('ie', 2);
    const sessionId = res.json().sessionId as string;
    const view = (await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${sessionId}` })).json();
    expect(view).toMatchObject({ shipping: 8, total: 23.98, country: 'IE', zone: 'Europe' });
    expect(view.estimate).toBe('5–8 working days');
    expect(view.countries).toEqual(['IE', 'FR']);
    const paid = await pay(sessionId, IRISH);
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    expect(order).toMatchObject({ deliveryZone: 'Europe', shippingPence: 800, totalPence: 1598 + 800 });
    const [mail] = await mailsTo(t.deps.database.db, 'ann@example.com');
    expect(mail!.text).toMatch(/Shipping \(Europe\): £8\.00/);
  });

  it('a basket priced for the UK can not be paid with an Irish address: 400 saying how to change it, no order', async () => {
    await put({ zones: [UK, EUROPE] });
    const sessionId = (await open('GB')).json().sessionId as string;
    const res = await pay(sessionId, IRISH);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Your basket was priced for delivery to United Kingdom (United Kingdom), so this checkout can only send to an address there. To send to Ireland, go back to your basket, choose Ireland as the destination and check out again.',
    );
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toEqual([]);
    // The other way round too: Europe's basket to a UK address.
    const irish = (await open('IE')).json().sessionId as string;
    expect((await pay(irish, testAddress())).json().message).toMatch(/priced for delivery to Ireland \(Europe\)/);
  });

  it('a change applies to the next checkout, and to no order already paid or checkout already priced', async () => {
    await put({ zones: [UK, EUROPE] });
    const paidId = (await open('IE')).json().sessionId as string;
    expect((await pay(paidId, IRISH)).statusCode).toBe(200);
    const openId = (await open('IE')).json().sessionId as string;
    await put({ zones: [UK, { ...EUROPE, first_book: 9.99 }] });
    const [paidOrder] = await db().select().from(orders).where(eq(orders.checkoutSessionId, paidId));
    expect(paidOrder!.shippingPence).toBe(650);
    // The checkout opened before the change is paid at the price it showed.
    expect((await pay(openId, IRISH)).statusCode).toBe(200);
    const [later] = await db().select().from(orders).where(eq(orders.checkoutSessionId, openId));
    expect(later!.shippingPence).toBe(650);
    const next = (await open('IE')).json().sessionId as string;
    const view = (await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${next}` })).json();
    expect(view.shipping).toBe(9.99);
  });

  it('free delivery over the threshold, judged on the books after the code', async () => {
    const dear = await createProduct(db(), { name: 'Big Atlas', pricePence: 5200 });
    await put({ zones: [UK, EUROPE] });
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: { cartItems: [{ product_id: dear.id, qty: 1 }], user_email: 'ann@example.com', country: 'FR' },
    });
    const freeView = (await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${free.json().sessionId}` })).json();
    expect(freeView).toMatchObject({ shipping: 0, total: 52 });
    const code = await createDiscountCode(db(), { percentage: 10 });
    const coded = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: {
        cartItems: [{ product_id: dear.id, qty: 1 }],
        user_email: 'ann@example.com',
        country: 'FR',
        discount_code: code.code,
      },
    });
    const codedView = (
      await t.app.inject({ method: 'GET', url: `/api/checkout/demo/${coded.json().sessionId}` })
    ).json();
    // £46.80 of books after the code is under £50: £6.50 delivery, and the code takes 10 % of both.
    expect(codedView).toMatchObject({ shipping: 6.5, discount: 5.85, total: 52.65 });
  });
});

describe('Stripe is asked for exactly our price, per zone', () => {
  let stripe: FakeStripe;
  let s: TestApp;
  let cheap: ProductFixture;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    s = await createTestApp({ deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)) } });
    cheap = await createProduct(s.deps.database.db, { name: 'Tiny Puzzles', pricePence: 199 });
    await createProduct(s.deps.database.db, { id: book.id, name: book.name, pricePence: 799 });
  });
  afterAll(async () => {
    await s.close();
    await stripe.close();
  });
  const stripeCheckout = (payload: Record<string, unknown>) =>
    s.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: { user_id: null, user_email: '', ...payload },
    });
  const sent = (sessionId: string) => stripe.sessions.get(sessionId)!;

  it("sends the zone's countries and its delivery price as the shipping option, and the totals agree", async () => {
    await s.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery_zones',
      payload: { zones: [UK, EUROPE] },
      headers: bearer((await createUser(s.app, { role: 'admin' })).token),
    });
    const res = await stripeCheckout({ cartItems: [{ product_id: book.id, qty: 3 }], country: 'IE' });
    expect(res.statusCode, res.body).toBe(200);
    const session = sent(res.json().sessionId);
    expect(session.shipping_address_collection).toEqual({ allowed_countries: ['IE', 'FR'] });
    expect(session.shipping_options_sent).toEqual([
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Delivery (Europe)',
          fixed_amount: { amount: '950', currency: 'gbp' },
        },
      },
    ]);
    expect(session.amount_total).toBe(3 * 799 + 950);
    const uk = sent((await stripeCheckout({ cartItems: [{ product_id: book.id, qty: 1 }] })).json().sessionId);
    expect(uk.shipping_address_collection).toEqual({ allowed_countries: ['GB'] });
    expect(uk.amount_total).toBe(799 + 383);
  });

  it('property: for any basket, code and destination, Stripe computes the same total as our pricing function', async () => {
    const zones = [
      {
        name: 'United Kingdom',
        countries: ['GB'],
        firstBookPence: 383,
        eachFurtherBookPence: 0,
        freeOverPence: null,
        estimate: null,
      },
      {
        name: 'Europe',
        countries: ['IE', 'FR'],
        firstBookPence: 650,
        eachFurtherBookPence: 150,
        freeOverPence: 5000,
        estimate: null,
      },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
        fc.constantFrom('GB', 'IE'),
        async (cheapQty, bookQty, percentage, country) => {
          const items = [
            { product_id: cheap.id, qty: cheapQty },
            ...(bookQty ? [{ product_id: book.id, qty: bookQty }] : []),
          ];
          const code = percentage ? await createDiscountCode(s.deps.database.db, { percentage }) : null;
          const res = await stripeCheckout({ cartItems: items, country, discount_code: code?.code ?? null });
          expect(res.statusCode, res.body).toBe(200);
          const lines = [
            { unitPence: 199, qty: cheapQty, type: 'Puzzle', age: 'Kids' },
            ...(bookQty ? [{ unitPence: 799, qty: bookQty, type: 'Puzzle', age: 'Kids' }] : []),
          ];
          const zone = zones.find((z) => z.countries.includes(country))!;
          const ours = priceCart(lines, code ? { percentage: code.percentage, types: [], ages: [] } : null, zone);
          expect(sent(res.json().sessionId).amount_total).toBe(ours.totalPence);
        },
      ),
      { numRuns: 15 },
    );
  });
});
