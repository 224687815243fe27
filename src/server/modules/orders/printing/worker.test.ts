/**
 * Paid orders to the print partner (decision 112): queued with the order, sent once, retried
 * only when the partner certainly did not take them, handed to the owner when it refused them or
 * the outcome is unknown, and followed until dispatched, when the customer is mailed the tracking.
 * The simulated printer runs on a clock the test moves; BookVault's adapter talks to the local
 * fake BookVault server.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookVaultPrintPartner } from '../../../adapters/print/bookvault';
import { simulatedPrintPartner } from '../../../adapters/print/simulated';
import { orders, orderStatusChanges, printJobs } from '../../../db/schema';
import { startFakeBookVault, type FakeBookVault } from '../../../test/fake-bookvault';
import { TEST_ADDRESS } from '../../../test/factories/addresses';
import { createPaidOrder } from '../../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../test/harness';
import { PrintWorker } from './worker';
import { mailsTo } from '../../../test/mailbox';

const jobOf = async (t: TestApp, orderId: string) =>
  (await t.deps.database.db.select().from(printJobs).where(eq(printJobs.orderId, orderId)))[0];
const orderOf = async (t: TestApp, orderId: string) =>
  (await t.deps.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
/** Every open job is due a look now (the poll interval is measured on the database's clock). */
const dueNow = (t: TestApp) => t.deps.database.db.update(printJobs).set({ checkedAt: null });

/**
 * Runs the print worker until no job waits to be sent (a paid order already kicked it; a kick
 * joins a pass under way). A retry waiting for its time is made due at once.
 */
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

describe('the simulated printer: the whole life of an order, by itself', () => {
  let t: TestApp;
  let clock = Date.now();
  let book: ProductFixture;
  const printer = simulatedPrintPartner({ stepSeconds: 60, now: () => clock });
  beforeAll(async () => {
    t = await createTestApp({ deps: { printPartner: printer } });
    book = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799 });
  });
  afterAll(() => t.close());

  it('queues the job with the order, sends it once, follows it to Shipped and mails the tracking', async () => {
    const { orderId } = await createPaidOrder(t.app, {
      email: 'reader@example.com',
      items: [{ product: book, qty: 2 }],
    });
    expect(await jobOf(t, orderId)).toMatchObject({ partner: 'simulated' });

    await drain(t);
    const job = (await jobOf(t, orderId))!;
    expect(job).toMatchObject({ state: 'submitted', attempts: 1, partnerState: 'submitted', problem: null });
    expect(job.partnerRef).toMatch(/^SIM-/);
    expect(job.costPence).toBeGreaterThan(0);
    expect(await orderOf(t, orderId)).toMatchObject({ status: 'Printing', bookVaultRef: job.partnerRef });
    expect(await t.app.ctx.printWorker.submitDue()).toBe(0); // nothing is sent twice

    clock += 61_000;
    await dueNow(t);
    await t.app.ctx.printWorker.pollDue();
    expect((await jobOf(t, orderId))!.partnerState).toBe('printing');
    expect((await orderOf(t, orderId)).status).toBe('Printing');

    clock += 61_000;
    await dueNow(t);
    await t.app.ctx.printWorker.pollDue();
    const shipped = await orderOf(t, orderId);
    expect(shipped).toMatchObject({ status: 'Shipped', carrier: 'Royal Mail' });
    expect(shipped.trackingRef).toBeTruthy();
    const mail = (await mailsTo(t.deps.database.db, 'reader@example.com')).find((m) => /on its way/.test(m.subject))!;
    expect(mail.text).toContain(`Tracking reference: ${shipped.trackingRef}`);
    expect(mail.text).toContain(`${t.config.PUBLIC_URL}/api/orders/${orderId}/track`);

    const history = await t.deps.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(orderStatusChanges.createdAt);
    expect(history.map((line) => [line.fromStatus, line.toStatus, line.changedBy])).toEqual([
      [null, 'Printing', 'checkout'],
      ['Printing', 'Printing', 'print partner'],
      ['Printing', 'Shipped', 'print partner'],
    ]);
    expect(history[1]!.mailSubject).toBeNull(); // the print reference alone is not news for the customer

    // The customer's Track button goes, through the shop, to the carrier's page.
    const track = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/track` });
    expect(track.statusCode).toBe(302);
    expect(track.headers.location).toBe(shipped.trackingUrl);
  });

  it("never overwrites what the owner set: their print reference stays, and a Shipped order isn't mailed again", async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    printer.failNext(1, 'failed'); // the first try fails: the owner acts meanwhile
    const { orderId } = await createPaidOrder(t.app, { email: 'owner-first@example.com', items: [{ product: book }] });
    await t.app.ctx.printWorker.kick();
    expect(await jobOf(t, orderId)).toMatchObject({ state: 'queued', attempts: 1 });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/admin/update_order_status',
      payload: { order_id: orderId, status: 'Shipped', bookVault_ref: 'TYPED-BY-OWNER', tracking_ref: 'RM000000001GB' },
      headers: bearer(admin.token),
    });
    expect(set.statusCode, set.body).toBe(200);
    await drain(t);
    expect((await jobOf(t, orderId))!.partnerRef).toMatch(/^SIM-/);
    clock += 130_000;
    await dueNow(t);
    await t.app.ctx.printWorker.pollDue();
    expect(await orderOf(t, orderId)).toMatchObject({
      status: 'Shipped',
      bookVaultRef: 'TYPED-BY-OWNER',
      trackingRef: 'RM000000001GB',
    });
    expect((await jobOf(t, orderId))!.partnerState).toBe('dispatched');
    expect(
      (await mailsTo(t.deps.database.db, 'owner-first@example.com')).filter((m) => /on its way/.test(m.subject)),
    ).toHaveLength(1);
  });

  it('an order paid without an address waits for the owner and is not sent', async () => {
    const { orderId } = await createPaidOrder(t.app, {
      email: 'no-address@example.com',
      items: [{ product: book }],
      address: null,
    });
    expect(await jobOf(t, orderId)).toMatchObject({
      state: 'failed',
      problem: expect.stringMatching(/without a delivery address/),
    });
    await drain(t);
    expect((await jobOf(t, orderId))!.attempts).toBe(0);
  });
});

describe('with PRINT_PARTNER=manual nothing is queued', () => {
  it('the owner types the references, as before', async () => {
    const t = await createTestApp();
    try {
      const book = await createProduct(t.deps.database.db, { name: 'By Hand', pricePence: 500 });
      const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }] });
      expect(await jobOf(t, orderId)).toBeUndefined();
      expect(await t.app.ctx.printWorker.submitDue()).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('BookVault: failures, refusals and unknown outcomes', () => {
  let t: TestApp;
  let bv: FakeBookVault;
  let book: ProductFixture;
  let unknownBook: ProductFixture;
  let admin: TestUser;
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
    unknownBook = await createProduct(t.deps.database.db, {
      id: '9789999999991',
      name: 'Unknown Book',
      pricePence: 999,
    });
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await bv.close();
  });
  beforeEach(() => {
    bv.calls.length = 0;
  });
  const ownerMails = () => mailsTo(t.deps.database.db, t.config.SHOP_EMAIL);
  it('sends our order id as the DocRef and records BookVault’s reference and cost', async () => {
    const { orderId } = await createPaidOrder(t.app, { email: 'bv@example.com', items: [{ product: book, qty: 3 }] });
    await drain(t);
    const held = bv.orderFor(orderId)!;
    expect(held.lines).toEqual([expect.objectContaining({ ISBN: book.id, Quantity: 3 })]);
    const job = (await jobOf(t, orderId))!;
    expect(job).toMatchObject({ state: 'submitted', partnerRef: String(held.podRef) });
    expect(job.costPence).toBe(Math.round((held.productionCost + held.dispatchCost) * 100));
    expect((await orderOf(t, orderId)).bookVaultRef).toBe(String(held.podRef));
  });

  it('retries a call turned away (503 with Retry-After) with backoff until BookVault takes it, exactly once', async () => {
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }] });
    bv.failNext(3, 503);
    await drain(t);
    expect(await jobOf(t, orderId)).toMatchObject({ state: 'submitted', attempts: 4 });
    expect([...bv.orders.values()].filter((order) => order.docRef === orderId)).toHaveLength(1);
  });

  it('gives up after the last try and tells the owner', async () => {
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }] });
    bv.failNext(8); // every try is turned away
    await drain(t);
    expect(await jobOf(t, orderId)).toMatchObject({
      state: 'failed',
      attempts: 8,
      problem: expect.stringMatching(/could not be reached after 8 tries/),
    });
    expect((await ownerMails()).some((m) => m.subject.includes(orderId.slice(-10)))).toBe(true);
  });

  it('a refusal (an ISBN BookVault does not hold) stops at once: needs attention, with its words, mailed to the owner; Send again after the fix', async () => {
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: unknownBook }] });
    await drain(t);
    const job = (await jobOf(t, orderId))!;
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job.problem).toContain(unknownBook.id);
    const mail = (await ownerMails()).find(
      (m) => m.subject === `Print partner problem with order ${orderId.slice(-10)}`,
    )!;
    expect(mail.text).toContain(unknownBook.id);
    expect(bv.callCount('POST')).toBe(1);

    // The owner adds the book to BookVault's library, then sends the order again.
    bv.isbns.add(unknownBook.id);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/print`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode, again.body).toBe(200);
    await drain(t);
    expect(await jobOf(t, orderId)).toMatchObject({ state: 'submitted', problem: null });
  });

  it('an unknown outcome (the connection dropped after BookVault took the order) is never sent again by itself', async () => {
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }] });
    bv.dropNext(1);
    await drain(t);
    await drain(t);
    expect(await jobOf(t, orderId)).toMatchObject({
      state: 'failed',
      problem: expect.stringMatching(/not known whether the printer received/),
    });
    expect([...bv.orders.values()].filter((order) => order.docRef === orderId)).toHaveLength(1);
    expect(bv.callCount('POST')).toBe(1);
  });

  it('a gateway’s 502 after BookVault took the order is an unknown outcome: never sent again by itself (issue 32, finding 9)', async () => {
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }] });
    bv.gatewayNext(1, 502);
    await drain(t);
    await drain(t);
    expect(await jobOf(t, orderId)).toMatchObject({
      state: 'failed',
      attempts: 1,
      problem: expect.stringMatching(/not known whether the printer received/),
    });
    expect([...bv.orders.values()].filter((order) => order.docRef === orderId)).toHaveLength(1);
    expect(bv.callCount('POST')).toBe(1);
  });

  it('a submission cut off by a stop of the shop is handed to the owner after its lease, not re-sent', async () => {
    // An order whose job never ran (paid without an address), then left as a worker leaves it when
    // the process dies between claiming and recording.
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }], address: null });
    await t.deps.database.db.update(orders).set({ deliveryAddress: TEST_ADDRESS }).where(eq(orders.id, orderId));
    await t.deps.database.db
      .update(printJobs)
      .set({ state: 'submitting', attempts: 1, claimedAt: new Date(Date.now() - 61_000) })
      .where(eq(printJobs.orderId, orderId));
    await drain(t);
    expect(await jobOf(t, orderId)).toMatchObject({
      state: 'failed',
      problem: expect.stringMatching(/shop stopped while it was sending/),
    });
    expect(bv.callCount('POST')).toBe(0);
    expect(
      (await ownerMails()).some((m) => m.subject.includes(orderId.slice(-10)) && /stopped while/.test(m.text)),
    ).toBe(true);
  });

  it('Send again: admin only, only for an order that needs attention, never for one the printer holds', async () => {
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }] });
    await drain(t);
    const customer = await createUser(t.app);
    const url = `/api/admin/orders/${orderId}/print`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: bearer(customer.token) })).statusCode).toBe(403);
    const held = await t.app.inject({ method: 'POST', url, headers: bearer(admin.token) });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(/already with the printer/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/orders/not-an-id/print', headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/orders/00000000-0000-4000-8000-000000000000/print',
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('follows BookVault to dispatched, then delivered, with the tracking it gives', async () => {
    const { orderId } = await createPaidOrder(t.app, { email: 'follow@example.com', items: [{ product: book }] });
    await drain(t);
    const podRef = bv.orderFor(orderId)!.podRef;
    bv.advance(podRef, 'dispatched', {
      TrackingNumber: 'RM123456789GB',
      ServName: 'Royal Mail Tracked 48',
      CombinedURL: 'https://track.example/RM123456789GB',
    });
    await dueNow(t);
    await t.app.ctx.printWorker.pollDue();
    expect(await orderOf(t, orderId)).toMatchObject({
      status: 'Shipped',
      trackingRef: 'RM123456789GB',
      trackingUrl: 'https://track.example/RM123456789GB',
    });
    bv.advance(podRef, 'delivered');
    await dueNow(t);
    await t.app.ctx.printWorker.pollDue();
    expect((await orderOf(t, orderId)).status).toBe('Delivered');
    expect((await jobOf(t, orderId))!.partnerState).toBe('delivered');
    const subjects = (await mailsTo(t.deps.database.db, 'follow@example.com')).map((m) => m.subject);
    expect(subjects.filter((s) => /on its way|delivered/.test(s))).toHaveLength(2);
    // Settled: no more questions about it.
    const asked = () => bv.calls.filter((call) => call.method === 'GET' && call.query.PodRef === String(podRef)).length;
    const before = asked();
    await dueNow(t);
    await t.app.ctx.printWorker.pollDue();
    expect(asked()).toBe(before);
  });

  it('stopping lets the call under way finish and be recorded, and claims nothing more', async () => {
    const worker = new PrintWorker(() => t.app.ctx);
    const first = await createPaidOrder(t.app, { items: [{ product: book }], address: null });
    const second = await createPaidOrder(t.app, { items: [{ product: book }], address: null });
    // The app's own worker, kicked by each payment, is idle before the jobs become due: only `worker` may send them.
    await t.app.ctx.printWorker.kick();
    await t.deps.database.db
      .update(orders)
      .set({ deliveryAddress: TEST_ADDRESS })
      .where(inArray(orders.id, [first.orderId, second.orderId]));
    await t.deps.database.db
      .update(printJobs)
      .set({ state: 'queued', problem: null })
      .where(inArray(printJobs.orderId, [first.orderId, second.orderId]));
    bv.delayMs = 200;
    let stopped: Promise<void> | null = null;
    bv.onCall = () => {
      stopped ??= worker.stop();
    };
    try {
      await worker.kick();
      await stopped;
    } finally {
      bv.onCall = null;
      bv.delayMs = 0;
    }
    const states = [(await jobOf(t, first.orderId))!.state, (await jobOf(t, second.orderId))!.state].sort();
    expect(states).toEqual(['queued', 'submitted']);
    expect(bv.callCount('POST')).toBe(1);
    await drain(t); // the next start sends the other
    expect((await jobOf(t, first.orderId))!.state).toBe('submitted');
    expect((await jobOf(t, second.orderId))!.state).toBe('submitted');
  });

  it('a status BookVault has no name for keeps the order open and asks again later', async () => {
    const { orderId } = await createPaidOrder(t.app, { items: [{ product: book }] });
    await drain(t);
    bv.setStatus(bv.orderFor(orderId)!.podRef, { status: 'Quantum', progress: 'Superposed' });
    await dueNow(t);
    await t.app.ctx.printWorker.pollDue();
    expect(await jobOf(t, orderId)).toMatchObject({ state: 'submitted', partnerState: 'unknown' });
    expect((await orderOf(t, orderId)).status).toBe('Printing');
  });
});
