/**
 * A paid checkout's order is drafted before its transaction (decision 174): its id, cancel window
 * and mails are made without holding a connection or the checkout's lock, and the transaction uses
 * the draft only for a checkout that still reads as the draft was made from.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, orders, outgoingMail } from '../db/schema';
import { draftOrder, placeOrder, type PlacedCheckout } from '../modules/orders';
import { TEST_ADDRESS } from '../test/factories/addresses';
import { createPaidOrder } from '../test/factories/orders';
import { createProduct, type ProductFixture } from '../test/factories/products';
import { createTestApp, type TestApp } from '../test/harness';
import { completeCheckout } from './complete-checkout';

let t: TestApp;
let book: ProductFixture;
beforeAll(async () => {
  t = await createTestApp();
  book = await createProduct(t.deps.database.db, { name: 'The Harbour Puzzle Book', pricePence: 799 });
});
afterAll(async () => {
  await t?.close();
});

const mailsTo = (to: string) => t.deps.database.db.select().from(outgoingMail).where(eq(outgoingMail.to, to));

/** An open checkout of one book for `email`, as the shop writes it when the shopper goes to pay. */
async function openCheckout(email: string) {
  const id = `demo_${randomUUID()}`;
  const [row] = await t.deps.database.db
    .insert(checkoutSessions)
    .values({
      id,
      provider: 'demo',
      userId: null,
      email,
      lines: [{ productId: book.id, productKey: book.key, name: book.name, qty: 1, unitPence: 799 }],
      subtotalPence: 799,
      shippingPence: 0,
      discountPence: 0,
      totalPence: 799,
    })
    .returning();
  return row!;
}

const placed = (row: Awaited<ReturnType<typeof openCheckout>>): PlacedCheckout => ({
  ...row,
  deliveryAddress: TEST_ADDRESS,
  addressProblems: [],
  paymentRef: 'demo',
});

describe('the order drafted before its transaction', () => {
  it('is the order made: its confirmation names it', async () => {
    const email = `draft-${randomUUID()}@example.com`;
    const { orderId } = await createPaidOrder(t.app, { email, items: [{ product: book }] });
    const [confirmation, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(confirmation!.text).toContain(`Order: ${orderId.slice(-10)}`);
  });

  it('is made once for two deliveries of one payment that arrive together: one order, its mails once', async () => {
    const email = `together-${randomUUID()}@example.com`;
    const row = await openCheckout(email);
    const deliver = (eventId: string) =>
      completeCheckout(t.app.ctx, row.id, {
        eventId,
        eventType: 'test.paid',
        deliveryAddress: TEST_ADDRESS,
        paymentRef: 'demo',
      });
    const answers = await Promise.all([deliver(`a:${row.id}`), deliver(`b:${row.id}`)]);
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(answers[0]!.orderId).toBe(answers[1]!.orderId);
    const made = await t.deps.database.db.select().from(orders).where(eq(orders.checkoutSessionId, row.id));
    expect(made).toHaveLength(1);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Order: ${made[0]!.id.slice(-10)}`);
  });

  it('is used when the checkout reads as it was drafted from: the order takes its id and mails', async () => {
    const row = await openCheckout(`same-${randomUUID()}@example.com`);
    const draft = await draftOrder(t.app.ctx, t.deps.database.db, placed(row));
    const orderId = await t.deps.database.db.transaction((tx) => placeOrder(t.app.ctx, tx, placed(row), draft));
    expect(orderId).toBe(draft.orderId);
    const [mail] = await mailsTo(row.email!);
    expect(mail!.subject).toBe(draft.confirmation.subject);
    expect(mail!.html).toBe(draft.confirmation.html);
  });

  it('is not used for a checkout that changed after it was drafted: the mails are made again from what was paid', async () => {
    const row = await openCheckout(`before-${randomUUID()}@example.com`);
    const stale = await draftOrder(t.app.ctx, t.deps.database.db, placed(row));
    const paid = { ...row, email: `after-${randomUUID()}@example.com` };
    const orderId = await t.deps.database.db.transaction((tx) => placeOrder(t.app.ctx, tx, placed(paid), stale));
    expect(orderId).not.toBeNull();
    expect(orderId).not.toBe(stale.orderId);
    expect(await mailsTo(row.email!)).toEqual([]);
    const [mail] = await mailsTo(paid.email);
    expect(mail!.text).toContain(`Order: ${orderId!.slice(-10)}`);
  });
});
