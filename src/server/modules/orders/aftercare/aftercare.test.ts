/**
 * Problem orders (issue 27, decisions 142–144), on PGlite and PostgreSQL: replacements through the
 * print queue (never sales), address corrections while the job is not at the printer, the
 * customer's problem reports with photos, and the owner's private notes.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookVaultPrintPartner } from '../../../adapters/print/bookvault';
import { simulatedPrintPartner } from '../../../adapters/print/simulated';
import { orderEvents, orders, printJobs } from '../../../db/schema';
import { startFakeBookVault, type FakeBookVault } from '../../../test/fake-bookvault';
import { testAddress } from '../../../test/factories/addresses';
import { createPaidOrder } from '../../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../test/harness';
import { pngImage, textFile } from '../../../test/images';
import { linkInMail, mailsTo } from '../../../test/mailbox';
import { multipartBody, png } from '../../../test/multipart';
import { AT_THE_PRINTER, ALREADY_SENT, WINDOW_PASSED } from './address';
import { ALREADY_OPEN, NOT_SENT_YET } from './problems';
import { NO_ADDRESS_FOR_REPLACEMENT, NOT_REPLACEABLE, REPLACEMENT_OF_REPLACEMENT } from './replacements';

const jobOf = async (t: TestApp, orderId: string) =>
  (await t.deps.database.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)))[0];
const orderOf = async (t: TestApp, orderId: string) =>
  (await t.deps.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const eventsOf = (t: TestApp, orderId: string) =>
  t.deps.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

/** Runs the print worker until no job waits to be sent. */
async function drain(t: TestApp) {
  for (let pass = 0; pass < 40; pass += 1) {
    await t.deps.database.db.update(printJobs).set({ nextAttemptAt: new Date() }).where(eq(printJobs.state, 'queued'));
    await t.app.ctx.printWorker.kick();
    const waiting = await t.deps.database.db
      .select()
      .from(printJobs)
      .where(inArray(printJobs.state, ['queued', 'submitting']));
    if (waiting.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('print jobs still waiting after 40 passes');
}

const NEW_ADDRESS = {
  name: 'Bea Corrected',
  line1: '3 New Street',
  line2: '',
  city: 'Leeds',
  county: '',
  postcode: 'ls1 4ap',
  country: 'GB',
  phone: '+44 7700 900456',
};

let ip = 0;
/** Each report from an address of its own, so the per-address limit is met only where a test means to. */
const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function report(
  t: TestApp,
  orderId: string,
  fields: Record<string, string>,
  options: { token?: string; photos?: Buffer[]; ip?: string } = {},
) {
  const body = multipartBody(
    fields,
    (options.photos ?? []).map((bytes, i) => png(bytes, `photo${i}.png`)),
    'photos',
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/problems`,
    payload: body.payload,
    headers: { ...body.headers, ...(options.token ? bearer(options.token) : {}) },
    remoteAddress: options.ip ?? nextIp(),
  });
}

describe('replacements, with the simulated printer', () => {
  let t: TestApp;
  let clock = Date.now();
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let maze: ProductFixture;
  let colours: ProductFixture;
  let refused: ProductFixture;
  const printer = simulatedPrintPartner({ stepSeconds: 60, now: () => clock });
  const post = (path: string, body: unknown, token = admin.token) =>
    t.app.inject({ method: 'POST', url: path, payload: body as object, headers: bearer(token) });
  const detail = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(admin.token) })).json();
  const dashboard = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=7d', headers: bearer(admin.token) })).json();

  /** A paid order of Alice's, printed and dispatched by the simulated printer (Shipped). */
  async function shippedOrder(items = [{ product: maze, qty: 2 }, { product: colours }]) {
    const { orderId } = await createPaidOrder(t.app, { user: alice, items });
    await drain(t);
    clock += 121_000;
    await t.deps.database.db.update(printJobs).set({ checkedAt: null });
    await t.app.ctx.printWorker.pollDue();
    expect((await orderOf(t, orderId)).status).toBe('Shipped');
    return orderId;
  }

  /** Moves the simulated printer on and lets the worker follow every open job. */
  async function printerMovesOn() {
    clock += 121_000;
    await t.deps.database.db.update(printJobs).set({ checkedAt: null });
    await t.app.ctx.printWorker.pollDue();
  }

  beforeAll(async () => {
    t = await createTestApp({
      deps: { printPartner: printer },
      env: { DASHBOARD_CACHE_SECONDS: '0' },
      printWorker: { retryBaseMs: 1, leaseMs: 60_000 },
    });
    const db = t.deps.database.db;
    maze = await createProduct(db, { name: 'Maze Book', pricePence: 799 });
    colours = await createProduct(db, { name: 'Colour Calm', pricePence: 450 });
    refused = await createProduct(db, { id: 'FAIL-missing-isbn', name: 'Unknown To The Printer', pricePence: 500 });
    admin = await createUser(t.app, { role: 'admin' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(() => t.close());

  it('makes a linked £0 order with its own print job; the customer is told, then gets the Shipped mail with the new tracking', async () => {
    const orderId = await shippedOrder();
    const res = await post(`/api/admin/orders/${orderId}/replacements`, {
      lines: [{ product_id: maze.id, qty: 1 }],
      reason: 'damaged_in_transit',
      note: 'Cover torn, photo seen',
    });
    expect(res.statusCode, res.body).toBe(201);
    const replacementId = res.json().order_id as string;
    const row = await orderOf(t, replacementId);
    expect(row).toMatchObject({
      kind: 'replacement',
      parentOrderId: orderId,
      totalPence: 0,
      subtotalPence: 0,
      shippingPence: 0,
      paymentRef: null,
      status: 'Printing',
      userId: alice.id,
      replacementReason: 'damaged_in_transit',
    });
    expect((await jobOf(t, replacementId))?.partner).toBe('simulated');
    const told = await mailsTo(t.deps.database.db, alice.email);
    expect(told[0]!.subject).toBe(`We are sending a replacement for your order ${orderId.slice(-10)}`);

    await drain(t);
    const job = (await jobOf(t, replacementId))!;
    expect(job.state).toBe('submitted');
    expect(job.partnerRef).not.toBe((await jobOf(t, orderId))!.partnerRef);
    await printerMovesOn();
    const shipped = await orderOf(t, replacementId);
    expect(shipped.status).toBe('Shipped');
    expect(shipped.trackingRef).toBeTruthy();
    expect(shipped.trackingRef).not.toBe((await orderOf(t, orderId)).trackingRef);
    const mail = (await mailsTo(t.deps.database.db, alice.email))[0]!;
    expect(mail.subject).toBe(`Your order ${replacementId.slice(-10)} is on its way`);
    expect(mail.text).toContain(`This is the replacement for your order ${orderId.slice(-10)}`);
    expect(mail.text).toContain(shipped.trackingRef!);

    // The customer sees it under the order it replaces, never as an order of its own.
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/server/order_history/${alice.id}`,
        headers: bearer(alice.token),
      })
    ).json() as Array<{ order_id: string; replacements: Array<{ order_id: string; tracking_ref: string }> }>;
    expect(history.map((o) => o.order_id)).not.toContain(replacementId);
    const original = history.find((o) => o.order_id === orderId)!;
    expect(original.replacements).toEqual([
      expect.objectContaining({ order_id: replacementId, status: 'Shipped', tracking_ref: shipped.trackingRef }),
    ]);

    // The owner sees both ends of the link, the printer's cost, and the log line.
    const original2 = await detail(orderId);
    expect(original2.linked_orders.replacements).toEqual([
      expect.objectContaining({
        order_id: replacementId,
        reason: 'damaged_in_transit',
        print_cost: expect.any(Number),
      }),
    ]);
    expect(original2.events).toEqual([
      expect.objectContaining({ kind: 'replacement_sent', text: expect.stringContaining('Cover torn, photo seen') }),
    ]);
    const replacement = await detail(replacementId);
    expect(replacement).toMatchObject({ kind: 'replacement', parent_order_id: orderId, total_cost: 0 });
    expect(replacement.linked_orders.original).toMatchObject({ order_id: orderId });
  });

  it('never counts a replacement as a sale: revenue, orders, books sold and best sellers unchanged; its own figure counts it and its cost', async () => {
    const orderId = await shippedOrder([{ product: colours, qty: 3 }]);
    const before = await dashboard();
    const res = await post(`/api/admin/orders/${orderId}/replacements`, {
      lines: [{ product_id: colours.id, qty: 3 }],
      reason: 'lost_in_post',
    });
    expect(res.statusCode, res.body).toBe(201);
    await drain(t);
    const after = await dashboard();
    expect(after.figures.current).toEqual(before.figures.current);
    expect(after.best_sellers).toEqual(before.best_sellers);
    expect(after.orders_by_status).toEqual(before.orders_by_status);
    expect(after.series).toEqual(before.series);
    expect(after.replacements.count).toBe(before.replacements.count + 1);
    expect(after.replacements.printer_cost).toBeGreaterThan(before.replacements.printer_cost);
  });

  it('asks the owner to confirm a second replacement of the same book ("one is already on its way")', async () => {
    const orderId = await shippedOrder();
    const body = { lines: [{ product_id: maze.id, qty: 1 }], reason: 'lost_in_post' };
    expect((await post(`/api/admin/orders/${orderId}/replacements`, body)).statusCode).toBe(201);
    const again = await post(`/api/admin/orders/${orderId}/replacements`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^One is already on its way: a replacement of Maze Book/);
    expect(again.json().kind).toBe('already_replaced');
    // Another book of the order is not a second replacement.
    const other = await post(`/api/admin/orders/${orderId}/replacements`, {
      lines: [{ product_id: colours.id, qty: 1 }],
      reason: 'lost_in_post',
    });
    expect(other.statusCode).toBe(201);
    const confirmed = await post(`/api/admin/orders/${orderId}/replacements`, { ...body, confirm_again: true });
    expect(confirmed.statusCode).toBe(201);
    expect((await detail(orderId)).linked_orders.replacements).toHaveLength(3);
  });

  it('refuses what cannot be replaced, with a sentence, and writes nothing', async () => {
    const shipped = await shippedOrder();
    const count = async () => (await t.deps.database.db.select().from(orders)).length;
    const before = await count();
    const cases: Array<[string, unknown, number, RegExp | string]> = [
      [shipped, { lines: [{ product_id: 'BV-not-bought', qty: 1 }], reason: 'other' }, 400, /not in this order/],
      [shipped, { lines: [{ product_id: maze.id, qty: 3 }], reason: 'other' }, 400, /only 2 copies of Maze Book/],
      [shipped, { lines: [{ product_id: maze.id, qty: 1 }], reason: 'because' }, 400, /reason/],
      [shipped, { lines: [], reason: 'other' }, 400, /at least one book/],
      [shipped, { lines: [{ product_id: maze.id, qty: 0 }], reason: 'other' }, 400, /at least 1/],
      [
        shipped,
        { lines: [{ product_id: maze.id, qty: 1 }], reason: 'other', address: { ...NEW_ADDRESS, postcode: '' } },
        400,
        /Please check the delivery address/,
      ],
      [
        '00000000-0000-4000-8000-000000000000',
        { lines: [{ product_id: maze.id, qty: 1 }], reason: 'other' },
        404,
        /No order/,
      ],
    ];
    for (const [orderId, body, status, message] of cases) {
      const res = await post(`/api/admin/orders/${orderId}/replacements`, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    // An order still with the printer (its job not failed) is not replaced.
    const { orderId: printing } = await createPaidOrder(t.app, { user: alice, items: [{ product: maze }] });
    await drain(t);
    const early = await post(`/api/admin/orders/${printing}/replacements`, {
      lines: [{ product_id: maze.id, qty: 1 }],
      reason: 'other',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOT_REPLACEABLE);
    // A customer is not the owner.
    const customer = await post(
      `/api/admin/orders/${shipped}/replacements`,
      { lines: [{ product_id: maze.id, qty: 1 }], reason: 'other' },
      alice.token,
    );
    expect(customer.statusCode).toBe(403);
    expect(await count()).toBe(before + 1); // only the order made above
    // A replacement is not replaced in turn.
    const made = await post(`/api/admin/orders/${shipped}/replacements`, {
      lines: [{ product_id: maze.id, qty: 1 }],
      reason: 'other',
    });
    const twice = await post(`/api/admin/orders/${made.json().order_id}/replacements`, {
      lines: [{ product_id: maze.id, qty: 1 }],
      reason: 'other',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(REPLACEMENT_OF_REPLACEMENT);
  });

  it('a replacement the printer refuses needs the owner like any order', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: bob, items: [{ product: refused }] });
    await drain(t);
    expect((await jobOf(t, orderId))!.state).toBe('failed'); // the original failed: Printing, replaceable
    const res = await post(`/api/admin/orders/${orderId}/replacements`, {
      lines: [{ product_id: refused.id, qty: 1 }],
      reason: 'print_fault',
    });
    expect(res.statusCode, res.body).toBe(201);
    const replacementId = res.json().order_id as string;
    await drain(t);
    expect(await jobOf(t, replacementId)).toMatchObject({ state: 'failed', problem: expect.stringMatching(/refused/) });
    const owner = await mailsTo(t.deps.database.db, t.config.SHOP_EMAIL);
    expect(owner.some((mail) => mail.subject === `Print partner problem with order ${replacementId.slice(-10)}`)).toBe(
      true,
    );
    const overview = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders?print=needs_attention',
        headers: bearer(admin.token),
      })
    ).json();
    expect(overview.orders.map((o: { order_id: string }) => o.order_id)).toContain(replacementId);
  });

  it('an order paid without an address: no replacement without one (409), and its job goes out once the owner saves one', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: bob, items: [{ product: maze }], address: null });
    expect(await jobOf(t, orderId)).toMatchObject({ state: 'failed', attempts: 0 });
    const res = await post(`/api/admin/orders/${orderId}/replacements`, {
      lines: [{ product_id: maze.id, qty: 1 }],
      reason: 'other',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NO_ADDRESS_FOR_REPLACEMENT);

    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/delivery_address`,
      payload: NEW_ADDRESS,
      headers: bearer(admin.token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toMatch(/on its way to the printer/);
    const row = await orderOf(t, orderId);
    expect(row.addressMissing).toBe(false);
    expect(row.deliveryAddress).toMatchObject({ name: 'Bea Corrected', postcode: 'LS1 4AP' });
    await drain(t);
    expect((await jobOf(t, orderId))!.state).toBe('submitted');
    const order = await detail(orderId);
    expect(order.address_missing).toBe(false);
    expect(order.print.state).toBe('sent');
    expect(order.events).toEqual([
      expect.objectContaining({ kind: 'address_corrected', text: expect.stringContaining('Now: Bea Corrected') }),
    ]);
  });

  it('refuses an address change once the printer holds the job (409 with the sentence), and after sending', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: maze }] });
    await drain(t);
    const patch = (id: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${id}/delivery_address`,
        payload: NEW_ADDRESS,
        headers: bearer(admin.token),
      });
    const atPrinter = await patch(orderId);
    expect(atPrinter.statusCode).toBe(409);
    expect(atPrinter.json().message).toBe(AT_THE_PRINTER);
    expect(atPrinter.json().message).toContain(
      'already at the printer: cancel and send a replacement, or ask the printer',
    );
    expect((await detail(orderId)).can_correct_address).toBe(false);
    await printerMovesOn();
    const sent = await patch(orderId);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(ALREADY_SENT);
    expect(await eventsOf(t, orderId)).toEqual([]);
  });
});

describe('address corrections reach BookVault', () => {
  let t: TestApp;
  let bv: FakeBookVault;
  let admin: TestUser;
  let book: ProductFixture;
  beforeAll(async () => {
    bv = await startFakeBookVault();
    t = await createTestApp({
      deps: {
        printPartner: bookVaultPrintPartner({
          apiKey: bv.apiKey,
          apiUrl: bv.url,
          payMethod: 'Saved',
          dispatchService: 'CheapestTracked',
          timeoutMs: 400,
        }),
      },
      printWorker: { retryBaseMs: 1, leaseMs: 60_000 },
    });
    book = await createProduct(t.deps.database.db, { id: '9781234567897', name: 'Known Book', pricePence: 999 });
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await bv.close();
  });

  it('an order held for its address is sent with the corrected one, once', async () => {
    const { orderId } = await createPaidOrder(t.app, {
      email: 'held@example.com',
      items: [{ product: book }],
      address: null,
    });
    await drain(t);
    expect(bv.orderFor(orderId)).toBeUndefined();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/delivery_address`,
      payload: NEW_ADDRESS,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain(t);
    const held = bv.orderFor(orderId)!;
    expect(JSON.stringify(held.body)).toContain('Bea Corrected');
    expect([...bv.orders.values()].filter((order) => order.docRef === orderId)).toHaveLength(1);
  });
});

describe('the customer: address corrections, problem reports; the owner: notes (printing by hand)', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let maze: ProductFixture;
  let photo: Buffer;
  const setStatus = (orderId: string, status: string, refs: { bv?: string; tracking?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/update_order_status',
      payload: { order_id: orderId, status, bookVault_ref: refs.bv ?? null, tracking_ref: refs.tracking ?? null },
      headers: bearer(admin.token),
    });
  const detail = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(admin.token) })).json();
  const historyOf = async (user: TestUser) =>
    t.app.inject({ method: 'GET', url: `/api/server/order_history/${user.id}`, headers: bearer(user.token) });

  async function shipped(user: TestUser | null = alice) {
    const { orderId } = await createPaidOrder(t.app, {
      ...(user ? { user } : { email: 'guest.reader@example.com' }),
      items: [{ product: maze }],
    });
    expect(
      (await setStatus(orderId, 'Shipped', { bv: `BV-${orderId.slice(0, 6)}`, tracking: 'RM123GB' })).statusCode,
    ).toBe(200);
    return orderId;
  }

  beforeAll(async () => {
    // The customer may correct within the cancel window (the print hold, decision 137).
    t = await createTestApp({ env: { DASHBOARD_CACHE_SECONDS: '0', PRINT_HOLD_MINUTES: '60' } });
    maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799 });
    admin = await createUser(t.app, { role: 'admin' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    photo = await pngImage('#c04020', 64);
  });
  afterAll(() => t.close());

  it('the customer corrects their own address before it is sent; not another customer’s, nor once the printer has it', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: maze }] });
    const mine = (await historyOf(alice)).json().find((o: { order_id: string }) => o.order_id === orderId);
    expect(mine.can_correct_address).toBe(true);
    const patch = (user: TestUser | null, payload: unknown = NEW_ADDRESS) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${orderId}/delivery_address`,
        payload: payload as object,
        headers: user ? bearer(user.token) : {},
      });
    expect((await patch(null)).statusCode).toBe(401);
    const other = await patch(bob);
    expect(other.statusCode).toBe(403);
    expect((await patch(alice, { ...NEW_ADDRESS, country: 'ZZ' })).statusCode).toBe(400);
    expect((await orderOf(t, orderId)).deliveryAddress?.name).toBe('Ann Reader');
    const ok = await patch(alice);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await orderOf(t, orderId)).deliveryAddress?.name).toBe('Bea Corrected');
    expect((await detail(orderId)).events).toEqual([
      expect.objectContaining({ kind: 'address_corrected', by: `customer ${alice.email}` }),
    ]);
    // The owner typed the printer's reference: the printer holds it.
    expect((await setStatus(orderId, 'Printing', { bv: 'BV-HELD' })).statusCode).toBe(200);
    const late = await patch(alice);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(AT_THE_PRINTER);
  });

  it('the customer’s correction ends with the cancel window, though the printer does not have the order yet', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: maze }] });
    await t.deps.database.db
      .update(orders)
      .set({ printHoldUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    const mine = (await historyOf(alice)).json().find((o: { order_id: string }) => o.order_id === orderId);
    expect(mine.can_correct_address).toBe(false);
    const late = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/delivery_address`,
      payload: NEW_ADDRESS,
      headers: bearer(alice.token),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(WINDOW_PASSED);
    expect((await orderOf(t, orderId)).deliveryAddress?.name).toBe('Ann Reader');
  });

  it('a customer reports "arrived damaged" with a photo: flagged, counted, mailed to the shop; one open report per order', async () => {
    const orderId = await shipped();
    const res = await report(
      t,
      orderId,
      { reason: 'damaged', message: 'The cover was torn in the post.' },
      { token: alice.token, photos: [photo] },
    );
    expect(res.statusCode, res.body).toBe(201);
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/admin/orders?problem=open', headers: bearer(admin.token) })
    ).json();
    expect(overview.orders.map((o: { order_id: string }) => o.order_id)).toEqual([orderId]);
    expect(overview.orders[0].problem_open).toBe(true);
    const order = await detail(orderId);
    expect(order.problem).toMatchObject({
      reason: 'damaged',
      message: 'The cover was torn in the post.',
      reported_by: alice.email,
      closed: null,
    });
    expect(order.problem.photos).toHaveLength(1);
    const image = await t.app.inject({ method: 'GET', url: order.problem.photos[0] });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const board = (
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin.token) })
    ).json();
    expect(board.attention.problems_reported.count).toBe(1);
    expect(board.attention.problems_reported.orders[0].order_id).toBe(orderId);
    const shop = await mailsTo(t.deps.database.db, t.config.SHOP_EMAIL);
    expect(shop[0]!.subject).toBe(`Problem reported with order ${orderId.slice(-10)}: Arrived damaged`);
    expect(shop[0]!.replyTo).toBe(alice.email);
    const mine = (await historyOf(alice)).json().find((o: { order_id: string }) => o.order_id === orderId);
    expect(mine).toMatchObject({ problem_open: true, can_report_problem: false });

    const second = await report(t, orderId, { reason: 'other', message: 'And another thing' }, { token: alice.token });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ALREADY_OPEN);

    // Closed by a note: off the list, and a new report may be made.
    const close = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/problem/close`,
        payload: { text },
        headers: bearer(admin.token),
      });
    expect((await close('Customer happy with a discount code instead')).statusCode).toBe(200);
    expect((await close('again')).statusCode).toBe(409);
    expect((await detail(orderId)).problem.closed).toMatchObject({ how: 'note', by: admin.email });
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/admin/orders?problem=open', headers: bearer(admin.token) })
    ).json();
    expect(after.orders).toEqual([]);
  });

  it('a refund closes the open report (decision 144): the owner put it right with money', async () => {
    const orderId = await shipped();
    expect(
      (await report(t, orderId, { reason: 'damaged', message: 'Torn cover.' }, { token: alice.token })).statusCode,
    ).toBe(201);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      payload: { amount: 2, reason: 'damaged' },
      headers: bearer(admin.token),
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const order = await detail(orderId);
    expect(order.problem.closed).toMatchObject({ how: 'refund', by: admin.email });
    expect(order.events.at(-1)).toMatchObject({ kind: 'problem_closed', text: 'Problem closed: a refund was made.' });
  });

  it('a guest reports through the signed link of the Shipped mail; the link is worth nothing for another order', async () => {
    const orderId = await shipped(null);
    const other = await shipped(null);
    const link = await linkInMail(
      t.deps.database.db,
      'guest.reader@example.com',
      new RegExp(`/orders/${orderId}/problem\\?token=`),
    );
    expect(link).toBeTruthy();
    const token = new URL(link!.replace(/[\])>.,]+$/, '')).searchParams.get('token')!;
    const wrong = await report(t, other, { reason: 'not_arrived', message: 'Nothing came', token });
    expect(wrong.statusCode).toBe(403);
    const forged = await report(t, orderId, { reason: 'not_arrived', message: 'Nothing came', token: `${token}x` });
    expect(forged.statusCode).toBe(403);
    const anonymous = await report(t, orderId, { reason: 'not_arrived', message: 'Nothing came' });
    expect(anonymous.statusCode).toBe(401);
    const ok = await report(t, orderId, { reason: 'not_arrived', message: 'Nothing came', token });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a report on another customer’s order (403), one not sent yet (409), and bad input (400, 413), writing nothing', async () => {
    const orderId = await shipped();
    const { orderId: printing } = await createPaidOrder(t.app, { user: alice, items: [{ product: maze }] });
    const good = { reason: 'damaged', message: 'Torn' };
    expect((await report(t, orderId, good, { token: bob.token })).statusCode).toBe(403);
    const early = await report(t, printing, good, { token: alice.token });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(NOT_SENT_YET);
    const bad: Array<[Record<string, string>, Buffer[], number, RegExp]> = [
      [{ reason: 'bored', message: 'x' }, [], 400, /reason/],
      [{ reason: 'damaged', message: '   ' }, [], 400, /message/],
      [{ reason: 'damaged', message: 'x'.repeat(2001) }, [], 400, /at most 2000/],
      [good, [photo, photo, photo, photo], 400, /At most 3 photos/],
      [good, [textFile], 400, /Photo 1: This file is not a supported image/],
      [good, [Buffer.alloc(10 * 1024 * 1024 + 10, 1)], 413, /Photo 1: The image is larger than/],
    ];
    for (const [fields, photos, status, message] of bad) {
      const res = await report(t, orderId, fields, { token: alice.token, photos });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await detail(orderId)).problem).toBeNull();
  });

  it('limits reports per client address like the contact form', async () => {
    const orderId = await shipped();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1)
      codes.push(
        (await report(t, orderId, { reason: 'x', message: 'y' }, { token: alice.token, ip: '10.9.9.9' })).statusCode,
      );
    expect(codes.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('a replacement closes the open report', async () => {
    const orderId = await shipped();
    expect(
      (await report(t, orderId, { reason: 'print_fault', message: 'Pages blank' }, { token: alice.token })).statusCode,
    ).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/replacements`,
      payload: { lines: [{ product_id: maze.id, qty: 1 }], reason: 'print_fault' },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await detail(orderId);
    expect(order.problem.closed).toMatchObject({ how: 'replacement' });
    expect(order.events.map((e: { kind: string }) => e.kind)).toEqual([
      'problem_reported',
      'replacement_sent',
      'problem_closed',
    ]);
  });

  it('private notes: in the owner’s log, never in any customer answer or mail; the owner’s only', async () => {
    const orderId = await shipped();
    const secret = 'Customer was rude on the phone, PRIVATE-7731';
    const note = (token: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/notes`,
        payload: payload as object,
        headers: bearer(token),
      });
    expect((await note(alice.token, { text: secret })).statusCode).toBe(403);
    expect((await note(admin.token, { text: '   ' })).statusCode).toBe(400);
    expect((await note(admin.token, {})).statusCode).toBe(400);
    const ok = await note(admin.token, { text: secret });
    expect(ok.statusCode).toBe(201);
    expect((await detail(orderId)).events).toEqual([
      expect.objectContaining({ kind: 'note', text: secret, by: admin.email }),
    ]);
    await setStatus(orderId, 'Delivered');
    expect((await historyOf(alice)).body).not.toContain('PRIVATE-7731');
    for (const mail of await mailsTo(t.deps.database.db, alice.email)) {
      expect(mail.text).not.toContain('PRIVATE-7731');
      expect(mail.html ?? '').not.toContain('PRIVATE-7731');
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/00000000-0000-4000-8000-000000000000/notes',
      payload: { text: 'x' },
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('where a corrected address or a replacement may go: the zone the order was priced with (decisions 143, 164)', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let maze: ProductFixture;
  const UK = { name: 'United Kingdom', countries: ['GB'], first_book: 3.83, each_further_book: 0, free_over: null };
  const EUROPE = {
    name: 'Europe',
    countries: ['IE', 'FR', 'DE'],
    first_book: 6.5,
    each_further_book: 1.5,
    free_over: null,
  };
  const IRISH = testAddress({ city: 'Dublin', county: 'Dublin', postcode: 'D02 X285', country: 'IE' });
  const FRENCH = testAddress({
    name: 'Aoife Moved',
    line2: '',
    city: 'Paris',
    county: '',
    postcode: '75011',
    country: 'FR',
  });
  const saveZones = async (zones: object[]) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery_zones',
      payload: { zones },
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const detail = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(admin.token) })).json();
  const mine = async (user: TestUser, orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/server/order_history/${user.id}`, headers: bearer(user.token) }))
      .json()
      .find((order: { order_id: string }) => order.order_id === orderId);
  const correct = (orderId: string, address: object, user: TestUser) =>
    t.app.inject({
      method: 'PATCH',
      url:
        user.role === 'admin'
          ? `/api/admin/orders/${orderId}/delivery_address`
          : `/api/orders/${orderId}/delivery_address`,
      payload: address,
      headers: bearer(user.token),
    });
  const irishOrder = async () =>
    (await createPaidOrder(t.app, { user: alice, items: [{ product: maze }], address: IRISH, zone: EUROPE })).orderId;

  beforeAll(async () => {
    t = await createTestApp({ env: { PRINT_HOLD_MINUTES: '60' } });
    maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799 });
    admin = await createUser(t.app, { role: 'admin' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    await saveZones([UK, EUROPE]);
  });
  afterAll(() => t.close());

  it('the customer’s history and the owner’s page name the countries the forms may offer; only the customer sees theirs', async () => {
    const orderId = await irishOrder();
    const uk = (await createPaidOrder(t.app, { user: alice, items: [{ product: maze }] })).orderId;
    expect((await mine(alice, orderId)).address_countries).toEqual(['IE', 'FR', 'DE']);
    expect((await mine(alice, uk)).address_countries).toEqual(['GB']);
    expect((await detail(orderId)).address_countries).toEqual(['IE', 'FR', 'DE']);
    expect((await detail(uk)).address_countries).toEqual(['GB']);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/server/order_history/${alice.id}`,
      headers: bearer(bob.token),
    });
    expect(other.statusCode).toBe(403);
  });

  it('a correction may move within the zone, never out of it (400 naming where, nothing written)', async () => {
    const orderId = await irishOrder();
    const out = await correct(orderId, { ...FRENCH, postcode: 'BA1 1AA', city: 'Bath', country: 'GB' }, alice);
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toContain('We can only send books to Ireland, France, Germany.');
    expect((await orderOf(t, orderId)).deliveryAddress?.country).toBe('IE');
    expect((await correct(orderId, { ...FRENCH, country: 'US' }, admin)).statusCode).toBe(400);
    expect((await orderOf(t, orderId)).deliveryAddress?.country).toBe('IE');
    const ok = await correct(orderId, FRENCH, alice);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await orderOf(t, orderId)).deliveryAddress).toMatchObject({ country: 'FR', city: 'Paris' });
    const owner = await correct(orderId, { ...FRENCH, city: 'Berlin', postcode: '10115', country: 'de' }, admin);
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await orderOf(t, orderId)).deliveryAddress?.country).toBe('DE');
  });

  it('a replacement’s address stays in the zone too', async () => {
    const orderId = await irishOrder();
    const shipped = await t.app.inject({
      method: 'POST',
      url: '/api/admin/update_order_status',
      payload: { order_id: orderId, status: 'Shipped', bookVault_ref: 'BV-EU-1', tracking_ref: 'RM1IE' },
      headers: bearer(admin.token),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const send = (address: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/replacements`,
        payload: { lines: [{ product_id: maze.id, qty: 1 }], reason: 'lost_in_post', address },
        headers: bearer(admin.token),
      });
    const out = await send({ ...FRENCH, postcode: 'BA1 1AA', city: 'Bath', country: 'GB' });
    expect(out.statusCode).toBe(400);
    expect(out.json().message).toContain('We can only send books to Ireland, France, Germany.');
    expect((await detail(orderId)).linked_orders.replacements).toEqual([]);
    const ok = await send(FRENCH);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await orderOf(t, ok.json().order_id)).deliveryAddress?.country).toBe('FR');
  });

  it('a country taken out of the zone since the sale: the order may still be corrected within it, the delivery was paid for there (decision 172)', async () => {
    const orderId = await irishOrder();
    await saveZones([UK, { ...EUROPE, countries: ['FR', 'DE'] }]);
    try {
      expect((await detail(orderId)).address_countries).toEqual(['FR', 'DE', 'IE']);
      expect((await mine(alice, orderId)).address_countries).toEqual(['FR', 'DE', 'IE']);
      const ok = await correct(
        orderId,
        { ...IRISH, line1: '9 Harbour Road', city: 'Cork', postcode: 'T12 X70A' },
        alice,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await orderOf(t, orderId)).deliveryAddress).toMatchObject({ country: 'IE', city: 'Cork' });
      // Once moved to France, Ireland is no longer the order's country: back there is refused.
      expect((await correct(orderId, FRENCH, admin)).statusCode).toBe(200);
      expect((await detail(orderId)).address_countries).toEqual(['FR', 'DE']);
      const back = await correct(orderId, IRISH, alice);
      expect(back.statusCode).toBe(400);
      expect(back.json().message).toContain('We can only send books to France, Germany.');
      expect((await orderOf(t, orderId)).deliveryAddress?.country).toBe('FR');
    } finally {
      await saveZones([UK, EUROPE]);
    }
  });

  it('an address outside what the checkout was priced for is not made correctable in place', async () => {
    const orderId = await irishOrder();
    // As a payment provider's collected address held outside the zone would be (decision 149).
    await t.deps.database.db
      .update(orders)
      .set({ deliveryAddress: { ...FRENCH, postcode: 'BA1 1AA', city: 'Bath', country: 'GB' } })
      .where(eq(orders.id, orderId));
    expect((await detail(orderId)).address_countries).toEqual(['IE', 'FR', 'DE']);
    const stay = await correct(orderId, { ...FRENCH, postcode: 'BA2 2BB', city: 'Bath', country: 'GB' }, alice);
    expect(stay.statusCode).toBe(400);
  });

  it('a zone renamed since the sale: the zone the address is in now, as the answers say', async () => {
    const orderId = await irishOrder();
    await saveZones([UK, { ...EUROPE, name: 'European Union', countries: ['IE', 'FR'] }]);
    try {
      expect((await detail(orderId)).address_countries).toEqual(['IE', 'FR']);
      expect((await mine(alice, orderId)).address_countries).toEqual(['IE', 'FR']);
      expect(
        (await correct(orderId, { ...FRENCH, city: 'Berlin', postcode: '10115', country: 'DE' }, alice)).statusCode,
      ).toBe(400);
    } finally {
      await saveZones([UK, EUROPE]);
    }
  });
});
