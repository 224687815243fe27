/**
 * The orders module's part of cancel and refund (issue 26, decisions 137–139): an order locked for
 * a change of its money or status, the refund's amount checked against what is left (in the
 * caller's transaction, under that lock), a refund's record and its history line and mails, and a
 * cancel's. The flows (src/server/flows/cancel-order.ts, refund-order.ts, after-sale-events.ts)
 * call these around the payment provider and the print partner.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { REFUND_REASONS, type RefundLine, type RefundReason } from '@shared/contracts/orders';
import { cancelledStatus, type OrderStatus } from '@shared/order-status';
import { formatPence } from '@shared/money';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { orderItems, orders, printJobs, refunds } from '../../../db/schema';
import { badRequest, refused } from '../../../lib/errors';
import { enqueueMail, renderMail, type OwnerOrderAlertKind } from '../../mail';

import { recordStatusChange } from '../history';
import { COUNTED_REFUND_STATES, refundedPence, type RefundRow } from './repository';

/** An order as a cancel or refund needs it, with its lines and print job; locked for the transaction. */
export async function lockOrderForMoney(tx: Db, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      email: orders.email,
      userId: orders.userId,
      status: orders.status,
      checkoutSessionId: orders.checkoutSessionId,
      subtotalPence: orders.subtotalPence,
      shippingPence: orders.shippingPence,
      discountPence: orders.discountPence,
      totalPence: orders.totalPence,
      discountCode: orders.discountCode,
      paymentRef: orders.paymentRef,
      bookVaultRef: orders.bookVaultRef,
      printHoldUntil: orders.printHoldUntil,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return null;
  const items = await tx
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitPricePence: orderItems.unitPricePence,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const [job] = await tx.select().from(printJobs).where(eq(printJobs.orderId, orderId)).for('update');
  return { ...order, items, job: job ?? null };
}
export type MoneyOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForMoney>>>;

/** What a refund asks for, in pence. */
export interface RefundAsk {
  lines: RefundLine[];
  shipping: boolean;
  /** The owner's figure; when absent, the lines' and shipping's worth. */
  amountPence?: number;
}

/** Copies of each book already refunded (pending and succeeded refunds). */
async function refundedCopies(tx: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.state, [...COUNTED_REFUND_STATES])));
  const copies = new Map<string, number>();
  for (const row of rows)
    for (const line of row.lines) copies.set(line.product_id, (copies.get(line.product_id) ?? 0) + line.qty);
  return copies;
}

/**
 * The refund's amount under the order's lock, or a refusal: a book not on the order (400), more
 * copies than are left to refund, or more money than paid minus refunded (409). A line is worth
 * its price less its share of the discount (decision 138), shipping what was charged.
 */
export async function refundAmount(tx: Db, order: MoneyOrder, ask: RefundAsk): Promise<number> {
  const done = await refundedCopies(tx, order.id);
  // The discount spread over the books in proportion to their price (what the customer paid for them).
  const itemsPaid = Math.max(0, order.subtotalPence - order.discountPence);
  let worth = 0;
  for (const line of ask.lines) {
    const item = order.items.find((candidate) => candidate.productId === line.product_id);
    if (!item) throw badRequest(`Invalid lines: ${line.product_id} is not a book of this order.`);
    const left = item.quantity - (done.get(item.productId) ?? 0);
    if (line.qty > left)
      throw refused(
        left === 0
          ? `Every copy of ${item.name} has already been refunded.`
          : `Only ${left} ${left === 1 ? 'copy' : 'copies'} of ${item.name} ${left === 1 ? 'is' : 'are'} left to refund.`,
        'over_remainder',
      );
    worth +=
      order.subtotalPence === 0 ? 0 : Math.round((item.unitPricePence * line.qty * itemsPaid) / order.subtotalPence);
  }
  if (ask.shipping) worth += order.shippingPence;
  const remaining = order.totalPence - (await refundedPence(tx, order.id));
  if (remaining <= 0) throw refused('This order has already been refunded in full.', 'nothing_to_refund');
  // Rounding of each line's share can pass the total by a penny a line: the whole remainder then.
  const amount = ask.amountPence ?? (worth > remaining && worth - remaining <= ask.lines.length ? remaining : worth);
  if (amount <= 0)
    throw refused('There is nothing to refund: the chosen books and delivery are worth £0.00.', 'nothing_to_refund');
  if (amount > remaining)
    throw refused(
      `That is more than is left to refund: ${formatPence(amount)} asked, at most ${formatPence(remaining)} (paid ${formatPence(order.totalPence)}, already refunded ${formatPence(order.totalPence - remaining)}).`,
      'over_remainder',
    );
  return amount;
}

/** What the history says of a refund. */
export function refundEvent(refund: Pick<RefundRow, 'amountPence' | 'reason' | 'state' | 'by'>): string {
  const reason = REFUND_REASONS[refund.reason as RefundReason] ?? refund.reason;
  const where = refund.by === 'stripe_dashboard' ? ' in Stripe’s dashboard' : '';
  const state = refund.state === 'pending' ? ' (pending at the payment provider)' : '';
  return `Refunded ${formatPence(refund.amountPence)}${where} (${reason})${state}`;
}

/** A history line that is not a status move (a refund, a dispute, a refused cancel). */
export async function recordOrderEvent(
  tx: Db,
  order: { id: string; status: OrderStatus },
  event: { by: string; text: string; mailSubject?: string | null },
): Promise<void> {
  await recordStatusChange(tx, {
    orderId: order.id,
    from: order.status,
    to: order.status,
    by: event.by,
    mailSubject: event.mailSubject ?? null,
    event: event.text,
  });
}

/** The customer's refund mail, in the caller's transaction; answers its subject. */
export async function mailRefund(ctx: AppContext, tx: Db, order: MoneyOrder, refund: RefundRow): Promise<string> {
  const mail = await renderMail(
    'refundMade',
    {
      orderId: order.id,
      amountPence: refund.amountPence,
      refundedPence: await refundedPence(tx, order.id),
      totalPence: order.totalPence,
      reason: REFUND_REASONS[refund.reason as RefundReason] ?? refund.reason,
    },
    ctx.config,
  );
  await enqueueMail(tx, { to: order.email, ...mail });
  return mail.subject;
}

/** The owner's mail about an order's money or cancel, in the caller's transaction. */
export async function tellOwner(
  ctx: AppContext,
  tx: Db,
  orderId: string,
  alert: { kind: OwnerOrderAlertKind; amountPence: number | null; detail: string },
): Promise<void> {
  const mail = await renderMail('ownerOrderAlert', { orderId, ...alert }, ctx.config);
  await enqueueMail(tx, { to: ctx.config.SHOP_EMAIL, ...mail });
}

/**
 * Cancels the order in the caller's transaction: Cancelled, its print job cancelled (never sent,
 * or the partner confirmed), and the history line with who did it. The customer's mail follows the
 * refund's outcome (flows/cancel-order.ts).
 */
export async function markCancelled(
  ctx: AppContext,
  tx: Db,
  order: MoneyOrder,
  cancel: { by: string; note: string; partnerConfirmed: boolean },
): Promise<void> {
  const to = cancelledStatus();
  await tx
    .update(orders)
    .set({ status: to, cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  if (order.job)
    await tx
      .update(printJobs)
      .set({
        state: 'cancelled',
        ...(cancel.partnerConfirmed ? { partnerState: 'cancelled', partnerStatus: 'Cancelled at our request' } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(printJobs.orderId, order.id));
  const { subject } = await renderMail(
    'orderCancelled',
    { orderId: order.id, refundPence: null, refundDelayed: false },
    ctx.config,
  );
  await recordStatusChange(tx, {
    orderId: order.id,
    from: order.status,
    to,
    by: cancel.by,
    mailSubject: subject,
    event: cancel.note ? `Cancelled: ${cancel.note}` : null,
  });
}

/**
 * "Send to printer now": ends the order's hold (the customer's cancel window) and makes its queued
 * job due at once. Answers null when there is no such order, false when it is not held.
 */
export async function releaseHold(tx: Db, orderId: string): Promise<boolean | null> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return null;
  const held = await tx
    .update(orders)
    .set({ printHoldUntil: sql`now()` })
    .where(and(eq(orders.id, orderId), sql`${orders.printHoldUntil} > now()`))
    .returning({ id: orders.id });
  const jobs = await tx
    .update(printJobs)
    .set({ nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(printJobs.orderId, orderId), eq(printJobs.state, 'queued'), sql`${printJobs.nextAttemptAt} > now()`))
    .returning({ orderId: printJobs.orderId });
  return held.length > 0 || jobs.length > 0;
}
