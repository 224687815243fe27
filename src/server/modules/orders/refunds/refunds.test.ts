/**
 * Cancel and refund (issue 26, decisions 137–139) with the demo payment provider (refunds at once):
 * refunds by line, shipping and amount, never above what is left, two at once, a repeated id; the
 * owner's cancel at each print state (not sent, sent and agreed, refused, unreachable, uncertain),
 * the customer's within the hold (signed in or with the mailed link) and after it; the figures.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelResult, Refund } from '@shared/contracts/orders';
import type { PrintPartner } from '../../../adapters/print';
import { PrintPartnerError } from '../../../adapters/print';
import { simulatedPrintPartner } from '../../../adapters/print/simulated';
import { discountCodes, orders, printJobs, refunds } from '../../../db/schema';
import { createPaidOrder } from '../../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../test/harness';
import { linkInMail, mailsTo } from '../../../test/mailbox';

const orderRow = async (t: TestApp, id: string) =>
  (await t.deps.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const jobRow = async (t: TestApp, id: string) =>
  (await t.deps.database.db.select().from(printJobs).where(eq(printJobs.orderId, id)))[0];
const refundRows = (t: TestApp, id: string) => t.deps.database.db.select().from(refunds).where(eq(refunds.orderId, id));

describe('refunds (demo provider)', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let maze: ProductFixture;
  let journal: ProductFixture;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'admin' });
    alice = await createUser(t.app);
    maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799 });
    journal = await createProduct(t.deps.database.db, { name: 'Garden Journal', pricePence: 1299 });
  });
  afterAll(() => t.close());

  const refund = (orderId: string, payload: Record<string, unknown>, user: TestUser = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      payload,
      headers: bearer(user.token),
    });
  const detail = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(admin.token) })).json();
  const twoBooks = () =>
    createPaidOrder(t.app, {
      user: alice,
      items: [
        { product: maze, qty: 2 },
        { product: journal, qty: 1 },
      ],
    });

  it('refunds one copy of a line: its price, the order partly refunded, the history and the customer told', async () => {
    const { orderId } = await twoBooks();
    const res = await refund(orderId, { lines: [{ product_id: maze.id, qty: 1 }], reason: 'damaged', note: 'Torn' });
    expect(res.statusCode).toBe(201);
    const made = res.json() as Refund;
    expect(made).toMatchObject({
      amount: 7.99,
      state: 'succeeded',
      by: 'owner',
      by_email: admin.email,
      shipping: false,
    });
    expect(made.lines).toEqual([{ product_id: maze.id, qty: 1 }]);
    const order = await detail(orderId);
    expect(order).toMatchObject({ payment_status: 'partially_refunded', refunded_total: 7.99, status: 'Printing' });
    expect(order.refunds).toHaveLength(1);
    expect(order.refundable).toBeCloseTo(order.total_cost - 7.99, 2);
    expect(order.history.at(-1)).toMatchObject({ by: admin.email, event: expect.stringContaining('Refunded £7.99') });
    const [mail] = await mailsTo(t.deps.database.db, alice.email);
    expect(mail!.subject).toMatch(/A refund for your order/);
    expect(mail!.text).toContain('£7.99');
    expect(mail!.text).toMatch(/5 to 10 working days/);
  });

  it('refunds shipping and a free amount; refuses more than what is left (409) and writes nothing', async () => {
    const { orderId, totalPence } = await twoBooks();
    const shipping = await refund(orderId, { shipping: true, reason: 'late', notify: false });
    expect(shipping.statusCode).toBe(201);
    const over = await refund(orderId, { amount: totalPence / 100, reason: 'goodwill' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ kind: 'over_remainder', message: expect.stringMatching(/more than is left/) });
    expect(await refundRows(t, orderId)).toHaveLength(1);
    const rest = totalPence - Math.round(shipping.json().amount * 100);
    expect((await refund(orderId, { amount: rest / 100, reason: 'goodwill' })).statusCode).toBe(201);
    expect(await detail(orderId)).toMatchObject({ payment_status: 'refunded', refundable: 0 });
    const again = await refund(orderId, { amount: 0.01, reason: 'goodwill' });
    expect(again.statusCode).toBe(409);
    expect(again.json().kind).toBe('nothing_to_refund');
  });

  it('never refunds a copy twice: more copies than are left is a 409', async () => {
    const { orderId } = await twoBooks();
    expect((await refund(orderId, { lines: [{ product_id: maze.id, qty: 2 }], reason: 'misprinted' })).statusCode).toBe(
      201,
    );
    const more = await refund(orderId, { lines: [{ product_id: maze.id, qty: 1 }], reason: 'misprinted' });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/Every copy of Maze Book/);
  });

  it('two refunds of the whole remainder at once: one wins, the other is refused, never over-refunded', async () => {
    const { orderId, totalPence } = await twoBooks();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => refund(orderId, { amount: totalPence / 100, reason: 'lost_in_post' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await refundRows(t, orderId);
    expect(rows.reduce((sum, row) => sum + row.amountPence, 0)).toBe(totalPence);
  });

  it('a double click with the same id makes one refund and answers it twice', async () => {
    const { orderId } = await twoBooks();
    const id = crypto.randomUUID();
    const body = { id, lines: [{ product_id: journal.id, qty: 1 }], reason: 'wrong_item' };
    const [a, b] = await Promise.all([refund(orderId, body), refund(orderId, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(id);
    expect(b.json().id).toBe(id);
    expect(await refundRows(t, orderId)).toHaveLength(1);
  });

  it('bad bodies are 400 with a message and write nothing; only the owner may refund', async () => {
    const { orderId } = await twoBooks();
    for (const payload of [
      { reason: 'damaged' },
      { amount: 1, reason: 'because' },
      { amount: 1.001, reason: 'damaged' },
      { amount: -2, reason: 'damaged' },
      { lines: [{ product_id: maze.id, qty: 0 }], reason: 'damaged' },
      { lines: [{ product_id: 'NOT-ON-ORDER', qty: 1 }], reason: 'damaged' },
      {
        lines: [
          { product_id: maze.id, qty: 1 },
          { product_id: maze.id, qty: 1 },
        ],
        reason: 'damaged',
      },
    ]) {
      const res = await refund(orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await refund(orderId, { amount: 1, reason: 'damaged' }, alice)).statusCode).toBe(403);
    expect((await refund(crypto.randomUUID(), { amount: 1, reason: 'damaged' })).statusCode).toBe(404);
    expect(await refundRows(t, orderId)).toHaveLength(0);
  });

  it('the dashboard counts refunds and net revenue; a cancelled order leaves the order count', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=today', headers: bearer(admin.token) })
    ).json().figures.current;
    const { orderId, totalPence } = await twoBooks();
    await refund(orderId, { lines: [{ product_id: maze.id, qty: 1 }], reason: 'damaged' });
    const cancelled = await twoBooks();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${cancelled.orderId}/cancel`,
      payload: { refund: true, reason: 'customer_cancelled' },
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    // Another stale_days: the same figures, not the cached answer.
    const dashboard = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard?period=today&stale_days=8',
        headers: bearer(admin.token),
      })
    ).json();
    const now = dashboard.figures.current;
    expect(now.orders).toBe(before.orders + 1);
    // The cancelled order's books were not sold: only the kept order's three copies count.
    expect(now.books_sold).toBe(before.books_sold + 3);
    expect(now.revenue).toBeCloseTo(before.revenue + totalPence / 100, 2);
    expect(now.refunds).toBeCloseTo(before.refunds + 7.99 + cancelled.totalPence / 100, 2);
    expect(now.net_revenue).toBeCloseTo(now.revenue - now.refunds, 2);
    expect(
      dashboard.orders_by_status.find((row: { status: string }) => row.status === 'Cancelled').count,
    ).toBeGreaterThan(0);
  });
});

/** A print partner whose cancel answers as the test says; submissions go to the simulated printer. */
function controllablePartner() {
  const simulated = simulatedPrintPartner({ stepSeconds: 3600 });
  let cancel: 'cancelled' | 'refused' | 'unreachable' = 'cancelled';
  const partner: PrintPartner = {
    name: 'simulated',
    submit: (order) => simulated.submit(order),
    status: (ref) => simulated.status(ref),
    async cancel(ref) {
      if (cancel === 'unreachable') throw new PrintPartnerError('timeout', 'unavailable');
      if (cancel === 'refused')
        return { outcome: 'refused', reason: `Order ${ref} is printing.`, partnerWords: ['Printing'] };
      return simulated.cancel(ref);
    },
  };
  return { partner, answer: (next: typeof cancel) => (cancel = next) };
}

describe("the owner's cancel, at each state of the print job", () => {
  let t: TestApp;
  let admin: TestUser;
  let book: ProductFixture;
  const printer = controllablePartner();
  beforeAll(async () => {
    t = await createTestApp({ env: { PRINT_HOLD_MINUTES: '60' }, deps: { printPartner: printer.partner } });
    admin = await createUser(t.app, { role: 'admin' });
    book = await createProduct(t.deps.database.db, { name: 'Seaside Spotters', pricePence: 599 });
  });
  afterAll(() => t.close());

  const cancel = (orderId: string, payload: Record<string, unknown> = { refund: true, reason: 'customer_cancelled' }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      payload,
      headers: bearer(admin.token),
    });
  const paid = () => createPaidOrder(t.app, { email: 'reader@example.com', items: [{ product: book, qty: 1 }] });
  /** Sends the held order now and lets the worker submit it. */
  const sendNow = async (orderId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/print_now`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    await t.app.ctx.printWorker.kick();
    expect(await jobRow(t, orderId)).toMatchObject({ state: 'submitted' });
  };

  it('holds a paid order for the cancel window; cancelled then, nothing reaches the printer, refunded in full', async () => {
    const { orderId, totalPence } = await paid();
    await t.app.ctx.printWorker.kick();
    expect(await jobRow(t, orderId)).toMatchObject({ state: 'queued', attempts: 0 });
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: bearer(admin.token) })
    ).json();
    expect(before).toMatchObject({ can_send_now: true, cancel: { possible: true, at_printer: 'not_sent' } });
    expect(before.print_hold_until).not.toBeNull();

    const res = await cancel(orderId);
    expect(res.statusCode).toBe(200);
    const result = res.json() as CancelResult;
    expect(result).toMatchObject({ status: 'Cancelled', payment_status: 'refunded' });
    expect(result.refund!.amount).toBe(totalPence / 100);
    expect(await jobRow(t, orderId)).toMatchObject({ state: 'cancelled', attempts: 0 });
    await t.deps.database.db
      .update(printJobs)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(printJobs.orderId, orderId));
    await t.app.ctx.printWorker.kick();
    expect(await jobRow(t, orderId)).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'Cancelled' });
    const [mail] = await mailsTo(t.deps.database.db, 'reader@example.com');
    expect(mail!.subject).toMatch(/has been cancelled/);
    expect((await cancel(orderId)).statusCode).toBe(409);
  });

  it('a sent order is cancelled only when the printer agrees; without a refund when unticked', async () => {
    const { orderId } = await paid();
    await sendNow(orderId);
    printer.answer('cancelled');
    const res = await cancel(orderId, { refund: false, reason: 'other', note: 'Asked by phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', payment_status: 'paid', refund: null });
    expect(await jobRow(t, orderId)).toMatchObject({ state: 'cancelled', partnerState: 'cancelled' });
  });

  it('the printer refusing or unreachable leaves the order as it was, tells the owner why, offers a refund', async () => {
    for (const answer of ['refused', 'unreachable'] as const) {
      const { orderId } = await paid();
      await sendNow(orderId);
      printer.answer(answer);
      const res = await cancel(orderId);
      expect(res.statusCode).toBe(409);
      expect(res.json().kind).toBe(answer === 'refused' ? 'printer_refused' : 'printer_unreachable');
      expect(res.json().message).toMatch(/not cancelled.*refund it instead/);
      expect(await orderRow(t, orderId)).toMatchObject({ status: 'Printing', cancelledAt: null });
      expect(await jobRow(t, orderId)).toMatchObject({ state: 'submitted' });
      expect(await refundRows(t, orderId)).toHaveLength(0);
      const owner = await mailsTo(t.deps.database.db, t.config.SHOP_EMAIL);
      expect(owner[0]!.subject).toMatch(/would not cancel order/);
    }
  });

  it('refuses while the job is being sent or its outcome is unknown, and a Shipped order (409)', async () => {
    const { orderId } = await paid();
    await t.deps.database.db.update(printJobs).set({ state: 'submitting' }).where(eq(printJobs.orderId, orderId));
    const res = await cancel(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ kind: 'uncertain', message: expect.stringMatching(/portal/) });
    await t.deps.database.db
      .update(printJobs)
      .set({ state: 'failed', outcomeUnknown: true })
      .where(eq(printJobs.orderId, orderId));
    expect((await cancel(orderId)).json().kind).toBe('uncertain');
    await t.deps.database.db.update(orders).set({ status: 'Shipped' }).where(eq(orders.id, orderId));
    const shipped = await cancel(orderId);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toMatchObject({ kind: 'not_cancellable', message: expect.stringMatching(/Shipped/) });
  });

  it('bad bodies are 400; a customer is 403', async () => {
    const { orderId } = await paid();
    expect((await cancel(orderId, { reason: 'other' })).statusCode).toBe(400);
    expect((await cancel(orderId, { refund: true, reason: 'whim' })).statusCode).toBe(400);
    expect((await cancel(orderId, { refund: true, reason: 'other', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    const someone = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      payload: { refund: true, reason: 'other' },
      headers: bearer(someone.token),
    });
    expect(res.statusCode).toBe(403);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'Printing' });
  });
});

describe("the customer's cancel (manual mode, the window applies too)", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let book: ProductFixture;
  beforeAll(async () => {
    t = await createTestApp({ env: { PRINT_HOLD_MINUTES: '60', PUBLIC_URL: 'https://shop.example' } });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    book = await createProduct(t.deps.database.db, { name: 'Rainy Day Book', pricePence: 499 });
  });
  afterAll(() => t.close());

  const cancel = (orderId: string, opts: { user?: TestUser; token?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      payload: opts.token ? { token: opts.token } : {},
      headers: opts.user ? bearer(opts.user.token) : {},
    });

  it('the signed-in customer cancels within the window from the order history; not another customer', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: book }] });
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/server/order_history/${alice.id}`, headers: bearer(alice.token) })
    ).json();
    expect(history[0]).toMatchObject({
      order_id: orderId,
      payment_status: 'paid',
      cancellable_until: expect.any(String),
    });
    expect((await cancel(orderId, { user: bob })).statusCode).toBe(403);
    expect((await cancel(orderId)).statusCode).toBe(401);
    const res = await cancel(orderId, { user: alice });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled', payment_status: 'refunded' });
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/server/order_history/${alice.id}`, headers: bearer(alice.token) })
    ).json();
    expect(after[0]).toMatchObject({
      status: 'Cancelled',
      payment_status: 'refunded',
      cancellable_until: null,
      cancelled_at: expect.any(String),
    });
  });

  it('a guest cancels with the mailed link once; a second use and a forged token are refused', async () => {
    const { orderId } = await createPaidOrder(t.app, { email: 'guest@example.com', items: [{ product: book }] });
    const link = await linkInMail(t.deps.database.db, 'guest@example.com', /\/cancel_order\?/);
    expect(link).toContain(`https://shop.example/cancel_order?order=${orderId}&token=`);
    const token = new URL(link!).searchParams.get('token')!;
    const [confirmation] = await mailsTo(t.deps.database.db, 'guest@example.com');
    expect(confirmation!.text).toMatch(/cancel this order free of charge until/i);
    expect(confirmation!.text).toContain('https://shop.example/terms');

    const view = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/cancellation?token=${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ order_id: orderId, can_cancel: true, reason: null, status: 'Printing' });
    expect((await cancel(orderId, { token: `${token}x` })).statusCode).toBe(403);
    const other = await createPaidOrder(t.app, { email: 'other@example.com', items: [{ product: book }] });
    expect((await cancel(other.orderId, { token })).statusCode).toBe(403);

    expect((await cancel(orderId, { token })).statusCode).toBe(200);
    const twice = await cancel(orderId, { token });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ kind: 'link_used', message: 'This order has already been cancelled.' });
  });

  it('after the window: a 409 sentence pointing to the contact page and the terms; the order unchanged', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: book }] });
    await t.deps.database.db
      .update(orders)
      .set({ printHoldUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    const res = await cancel(orderId, { user: alice });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ kind: 'window_closed' });
    expect(res.json().message).toMatch(/\/contact/);
    expect(res.json().message).toMatch(/\/terms/);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'Printing' });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/cancellation`,
      headers: bearer(alice.token),
    });
    expect(view.json()).toMatchObject({ can_cancel: false, cancellable_until: null });
  });

  it('frees the single-use discount code of an order cancelled and refunded (decision 139)', async () => {
    const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: book }] });
    await t.deps.database.db.insert(discountCodes).values({
      code: 'THANKS10',
      percentage: 10,
      email: alice.email,
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: new Date(),
      usedByOrderId: orderId,
    });
    await t.deps.database.db.update(orders).set({ discountCode: 'THANKS10' }).where(eq(orders.id, orderId));
    expect((await cancel(orderId, { user: alice })).statusCode).toBe(200);
    const [code] = await t.deps.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'THANKS10'));
    expect(code).toMatchObject({ usedAt: null, usedByOrderId: null });
  });
});
