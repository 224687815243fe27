/**
 * Cancelling an order (issue 26, decision 137): the orders module's order, print job, history and
 * mails, the print partner's cancel, the checkout module's payment provider for the refund and the
 * discounts module's code. By the owner (a Printing order, refunded in full unless unticked) or by
 * its customer (within the print hold, always refunded).
 *
 * - Not sent (or by hand): cancelled in one transaction with the job, so the print worker, which
 *   claims only queued jobs under the same row lock, can never send it after.
 * - Sent: the partner is asked first (outside any transaction) and only its yes cancels; a refusal
 *   or no answer leaves the order as it was, tells the owner and answers 409 (a refund is offered).
 * - Being sent or cut off mid-send: refused until the owner has checked the partner's portal.
 * - The refund is then made like any refund (flows/refund-order.ts); if the payment provider cannot
 *   make it now, the order stays cancelled, the refund is marked failed and the owner told.
 */
import { ORDER_STATUS_TABLE } from '@shared/order-status';
import type { CancelResult, RefundReason } from '@shared/contracts/orders';
import { formatPence } from '@shared/money';
import { PrintPartnerError } from '../adapters/print';
import { isRefundUnanswered } from '../adapters/payments/provider';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError, conflict, notFound, refused } from '../lib/errors';
import { freeDiscountCode } from '../modules/discounts';
import { enqueueMail, renderMail } from '../modules/mail';
import {
  ALREADY_CANCELLED,
  authoriseCustomer,
  customerRefusal,
  insertRefund,
  lockOrderForMoney,
  markCancelled,
  paymentStatusOf,
  planCancel,
  recordOrderEvent,
  refundedPence,
  tellOwner,
  toRefundAnswer,
  updateRefund,
  type CustomerAsk,
  type MoneyOrder,
  type RefundRow,
} from '../modules/orders';
import { askProvider, noteUnanswered } from './refund-order';

export type Canceller = { kind: 'owner'; email: string } | ({ kind: 'customer' } & CustomerAsk);

export interface CancelInput {
  orderId: string;
  who: Canceller;
  refund: boolean;
  reason: RefundReason;
  note: string;
}

const actor = (who: Canceller) => (who.kind === 'owner' ? who.email : 'customer');

/** POST /api/admin/orders/:orderId/cancel and POST /api/orders/:orderId/cancel. */
export async function cancelOrder(ctx: AppContext, input: CancelInput): Promise<CancelResult> {
  const db = ctx.database.db;
  // 1. Look under the lock; an order not sent is cancelled here and now.
  const first = await db.transaction(async (tx) => {
    const order = await lockedForCancel(ctx, tx, input);
    const plan = planCancel({ status: order.status, bookVaultRef: order.bookVaultRef, job: order.job });
    if (!plan.ok) throw refused(plan.message, plan.at === 'uncertain' ? 'uncertain' : 'not_cancellable');
    if (plan.at === 'sent') return { order, ref: plan.ref, refund: null };
    return { order, ref: null, refund: await cancelInTransaction(ctx, tx, order, input, false) };
  });
  let refund = first.refund;
  // 2. Sent: the partner's yes first, then the cancel, if nothing changed meanwhile.
  if (first.ref) {
    await askPartnerToCancel(ctx, first.order, first.ref, input);
    refund = await db.transaction(async (tx) => {
      const order = await lockedForCancel(ctx, tx, input);
      if (order.job?.state !== 'submitted' || order.job.partnerRef !== first.ref)
        throw conflict('The order changed while the printer was asked to cancel it. Please look at it again.');
      return cancelInTransaction(ctx, tx, order, input, true);
    });
  }
  // 3. The refund, now that the order is cancelled.
  let made: RefundRow | null = null;
  let delayed = false;
  if (refund) {
    try {
      made = await askProvider(ctx, first.order, refund, actor(input.who), false);
    } catch (error) {
      delayed = true;
      // No answer: it may have been made, so it stays pending and is finished later (decision 163);
      // the customer is mailed then, as the cancel's mail promises.
      made = isRefundUnanswered(error)
        ? await keepUnanswered(ctx, first.order, refund, actor(input.who))
        : await markRefundFailed(ctx, first.order, refund, error);
    }
  }
  await db.transaction(async (tx) => {
    const mail = await renderMail(
      'orderCancelled',
      {
        orderId: first.order.id,
        refundPence: refund?.amountPence ?? null,
        refundDelayed: delayed || made?.state === 'failed',
      },
      ctx.config,
    );
    await enqueueMail(tx, { to: first.order.email, ...mail });
  });
  void ctx.mailWorker.kick();
  const refundedNow = await refundedPence(db, first.order.id);
  return {
    message: resultMessage(input.who, made),
    status: 'Cancelled',
    payment_status: paymentStatusOf(first.order.totalPence, refundedNow),
    refund: made ? toRefundAnswer(made) : null,
  };
}

/** The order, locked, after the checks of who may cancel it and whether it still can be. */
async function lockedForCancel(ctx: AppContext, tx: Db, input: CancelInput): Promise<MoneyOrder> {
  const order = await lockOrderForMoney(tx, input.orderId);
  if (!order) throw notFound('No order with that id.');
  if (input.who.kind === 'customer') {
    await authoriseCustomer(ctx, order, input.who);
    const refusal = customerRefusal(
      {
        status: order.status,
        printHoldUntil: order.printHoldUntil,
        printJobState: order.job?.state ?? null,
        bookVaultRef: order.bookVaultRef,
      },
      new Date(),
    );
    if (refusal) throw refused(refusal.message, refusal.kind);
  } else if (ORDER_STATUS_TABLE[order.status].cancelled) {
    throw refused(ALREADY_CANCELLED, 'not_cancellable');
  }
  return order;
}

/** Cancelled, the code freed when the money goes back, and the refund of what is left written pending. */
async function cancelInTransaction(
  ctx: AppContext,
  tx: Db,
  order: MoneyOrder,
  input: CancelInput,
  partnerConfirmed: boolean,
): Promise<RefundRow | null> {
  await markCancelled(ctx, tx, order, { by: actor(input.who), note: input.note, partnerConfirmed });
  const remaining = order.totalPence - (await refundedPence(tx, order.id));
  if (input.refund && order.discountCode) await freeDiscountCode(tx, order.discountCode, order.id);
  if (!input.refund || remaining <= 0 || !order.paymentRef) return null;
  return insertRefund(tx, {
    orderId: order.id,
    amountPence: remaining,
    lines: [],
    shipping: true,
    reason: input.reason,
    note: input.note,
    by: input.who.kind,
    byEmail: input.who.kind === 'owner' ? input.who.email : null,
    // The cancel's own mail tells the customer of the refund.
    notify: false,
  });
}

/** The partner's cancel; anything but its yes leaves the order as it was (409), and the owner is told. */
async function askPartnerToCancel(ctx: AppContext, order: MoneyOrder, ref: string, input: CancelInput) {
  let refusal: { message: string; kind: 'printer_refused' | 'printer_unreachable' };
  try {
    const result = await ctx.printPartner.cancel(ref);
    if (result.outcome === 'cancelled') return;
    refusal =
      result.outcome === 'refused'
        ? { message: `The printer would not cancel it: ${result.reason}`, kind: 'printer_refused' }
        : { message: 'Orders go to the printer by hand: cancel it in the printer’s portal.', kind: 'printer_refused' };
  } catch (error) {
    const notThere = error instanceof PrintPartnerError && error.kind === 'not_found';
    ctx.log.warn({ err: error, orderId: order.id, ref }, 'the print partner could not be asked to cancel an order');
    refusal = notThere
      ? { message: `The printer does not know order ${ref}, so it could not cancel it.`, kind: 'printer_refused' }
      : { message: 'The printer could not be reached to cancel it.', kind: 'printer_unreachable' };
  }
  const sentence = `${refusal.message} The order was not cancelled and will be printed and sent. You can refund it instead. Check the partner’s portal (${ref}).`;
  await ctx.database.db.transaction(async (tx) => {
    await recordOrderEvent(tx, order, {
      by: actor(input.who),
      text: `Cancel refused by the printer: ${refusal.message}`,
    });
    await tellOwner(ctx, tx, order.id, { kind: 'cancel_refused', amountPence: null, detail: sentence });
  });
  void ctx.mailWorker.kick();
  throw refused(sentence, refusal.kind);
}

/** The cancel's refund the provider did not answer: pending, noted, and mailed to the customer when made. */
async function keepUnanswered(ctx: AppContext, order: MoneyOrder, refund: RefundRow, by: string): Promise<RefundRow> {
  await noteUnanswered(ctx, order, refund, by);
  return (await updateRefund(ctx.database.db, refund.id, { notify: true })) ?? refund;
}

/** The cancel's refund could not be made now: marked failed (it returns nothing), and the owner told. */
async function markRefundFailed(ctx: AppContext, order: MoneyOrder, refund: RefundRow, error: unknown) {
  const reason = error instanceof AppError ? error.message : 'The payment provider could not be asked.';
  ctx.log.warn({ err: error, orderId: order.id, refundId: refund.id }, 'the refund of a cancelled order failed');
  return ctx.database.db.transaction(async (tx) => {
    const row = await updateRefund(tx, refund.id, { state: 'failed', failure: reason });
    await recordOrderEvent(
      tx,
      { id: order.id, status: 'Cancelled' },
      {
        by: refund.byEmail ?? refund.by,
        text: `Refund of ${formatPence(refund.amountPence)} failed: ${reason}`,
      },
    );
    await tellOwner(ctx, tx, order.id, {
      kind: 'refund_failed',
      amountPence: refund.amountPence,
      detail: `The order was cancelled, but its refund could not be made: ${reason} Refund it from the order page.`,
    });
    return row;
  });
}

function resultMessage(who: Canceller, refund: RefundRow | null): string {
  const failed = refund?.state === 'failed';
  const unanswered = refund?.state === 'pending' && !refund.providerRefundId;
  if (who.kind === 'customer') {
    if (!refund || failed || unanswered)
      return 'Your order has been cancelled. We will refund you shortly and e-mail you when it is done.';
    return `Your order has been cancelled. ${formatPence(refund.amountPence)} will be back on your card in 5 to 10 working days.`;
  }
  if (!refund) return 'Order cancelled. Nothing was refunded.';
  if (unanswered)
    return `Order cancelled. The refund of ${formatPence(refund.amountPence)} is waiting for the payment provider's answer: the shop asks it again every few minutes.`;
  if (failed)
    return `Order cancelled, but the refund of ${formatPence(refund.amountPence)} could not be made: ${refund.failure ?? ''} Refund it from the money panel.`;
  return `Order cancelled and ${formatPence(refund.amountPence)} refunded.`;
}
