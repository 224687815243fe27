/**
 * Refunding an order (issue 26, decision 138): the orders module's refund record and the checkout
 * module's payment provider. Three steps, so that a double click, a retried request or a crash
 * after the provider's call makes one refund, and two refunds at once never pass what was paid:
 *
 * 1. Under the order's row lock, the amount is checked against paid minus refunded and the refund
 *    is written `pending` with its id (a client-given id answers the refund already made with it).
 * 2. The provider is asked with our refund id as the idempotency key. If it cannot be reached, the
 *    pending row is deleted (nothing written: 503), and a retry makes the one refund.
 * 3. Its answer is recorded (unless the provider's event came first), with the history line and the
 *    customer's mail (when asked), or the owner's when it failed.
 */
import type { Refund, RefundLine, RefundReason } from '@shared/contracts/orders';
import { formatPence } from '@shared/money';
import type { ProviderRefund } from '../adapters/payments/provider';
import type { AppContext } from '../context';
import { conflict, notFound, refused } from '../lib/errors';
import { refundProviderOf } from '../modules/checkout';
import {
  deleteRefund,
  findRefund,
  closeProblemWith,
  insertRefund,
  lockOrderForMoney,
  mailRefund,
  recordOrderEvent,
  refundAmount,
  refundEvent,
  tellOwner,
  toRefundAnswer,
  updateRefund,
  type MoneyOrder,
  type RefundRow,
} from '../modules/orders';

export interface RefundInput {
  orderId: string;
  /** The client's id for this refund (once per dialog): the same id twice makes one refund. */
  id?: string;
  lines: RefundLine[];
  shipping: boolean;
  amountPence?: number;
  reason: RefundReason;
  note: string;
  notify: boolean;
  by: 'owner' | 'customer';
  /** The admin's e-mail (by owner). */
  byEmail: string | null;
}

/** Who the history names. */
const actor = (input: Pick<RefundInput, 'by' | 'byEmail'>) => input.byEmail ?? input.by;

/** POST /api/admin/orders/:orderId/refunds. */
export async function refundOrder(ctx: AppContext, input: RefundInput): Promise<{ refund: Refund; created: boolean }> {
  const reserved = await ctx.database.db.transaction(async (tx) => {
    const order = await lockOrderForMoney(tx, input.orderId);
    if (!order) throw notFound('No order with that id.');
    if (input.id) {
      const existing = await findRefund(tx, input.id);
      if (existing && existing.orderId !== order.id) throw conflict('That refund id belongs to another order.');
      if (existing) return { order, refund: existing, fresh: false };
    }
    if (!order.paymentRef)
      throw refused(
        'This order has no payment reference, so it cannot be refunded from the shop.',
        'nothing_to_refund',
      );
    const amountPence = await refundAmount(tx, order, input);
    const refund = await insertRefund(tx, {
      ...(input.id ? { id: input.id } : {}),
      orderId: order.id,
      amountPence,
      lines: input.lines,
      shipping: input.shipping,
      reason: input.reason,
      note: input.note,
      by: input.by,
      byEmail: input.byEmail,
      notify: input.notify,
    });
    return { order, refund, fresh: true };
  });
  // A repeat of a refund the provider already answered: the same refund.
  if (!reserved.fresh && reserved.refund.providerRefundId)
    return { refund: toRefundAnswer(reserved.refund), created: false };
  const refund = await askProvider(ctx, reserved.order, reserved.refund, actor(input), reserved.fresh);
  return { refund: toRefundAnswer(refund), created: reserved.fresh };
}

/**
 * Steps 2 and 3 for a pending refund (also the cancel's). `fresh`: this request wrote it, so a
 * provider that cannot be reached deletes it again.
 */
export async function askProvider(
  ctx: AppContext,
  order: MoneyOrder,
  refund: RefundRow,
  by: string,
  fresh: boolean,
): Promise<RefundRow> {
  const db = ctx.database.db;
  let answer: ProviderRefund;
  try {
    const provider = await refundProviderOf(ctx, db, {
      checkoutSessionId: order.checkoutSessionId,
      paymentRef: order.paymentRef!,
    });
    answer = await provider.refund({
      refundId: refund.id,
      orderId: order.id,
      paymentRef: order.paymentRef!,
      amountPence: refund.amountPence,
      by: refund.by,
    });
  } catch (error) {
    if (fresh) await deleteRefund(db, refund.id);
    throw error;
  }
  const saved = await db.transaction(async (tx) => {
    const locked = await lockOrderForMoney(tx, order.id);
    const current = await findRefund(tx, refund.id);
    if (!locked || !current) return current;
    // The provider's event may have come first and recorded it: its state stands, and this writes nothing twice.
    const recorded = current.providerRefundId
      ? current
      : await updateRefund(tx, refund.id, {
          providerRefundId: answer.id,
          state: answer.state,
          failure: answer.failure,
        });
    if (!recorded) return null;
    await recordRefundOutcome(ctx, tx, locked, recorded, by);
    return recorded;
  });
  if (!saved) throw notFound('No order with that id.');
  void ctx.mailWorker.kick();
  return saved;
}

/** The history line and mails of a refund made from the shop, once, in the caller's transaction. */
async function recordRefundOutcome(
  ctx: AppContext,
  tx: Parameters<typeof mailRefund>[1],
  order: MoneyOrder,
  refund: RefundRow,
  by: string,
): Promise<void> {
  if (refund.state === 'failed') {
    await recordOrderEvent(tx, order, {
      by,
      text: `Refund of ${formatPence(refund.amountPence)} failed: ${refund.failure ?? 'no reason given'}`,
    });
    await tellOwner(ctx, tx, order.id, {
      kind: 'refund_failed',
      amountPence: refund.amountPence,
      detail: `The payment provider refused the refund: ${refund.failure ?? 'no reason given'}. Refund again, or refund the customer another way.`,
    });
    return;
  }
  const mailSubject = refund.notify ? await mailRefund(ctx, tx, order, refund) : null;
  const note = refund.note ? `: ${refund.note}` : '';
  await recordOrderEvent(tx, order, { by, text: `${refundEvent(refund)}${note}`, mailSubject });
  // A refund is one of the ways a reported problem is put right (decision 144).
  await closeProblemWith(tx, order.id, 'refund', by);
}
