/**
 * Refunding an order (issue 26, decision 138): the orders module's refund record and the checkout
 * module's payment provider. Three steps, so that a double click, a retried request or a crash
 * after the provider's call makes one refund, and two refunds at once never pass what was paid:
 *
 * 1. Under the order's row lock, the amount is checked against paid minus refunded and the refund
 *    is written `pending` with its id (a client-given id answers the refund already made with it).
 * 2. The provider is asked with our refund id as the idempotency key. If it certainly made nothing
 *    (it turned the request away), the pending row is deleted (503) and a retry makes the one
 *    refund. If it did not answer (it may have made the refund), the row stays pending, so it still
 *    counts against what is left to refund, and the history says so (decision 163).
 * 3. Its answer is recorded (unless the provider's event came first), with the history line and the
 *    customer's mail (when asked), or the owner's when it failed.
 *
 * A refund left unanswered is finished by its provider's event, by the same request sent again (the
 * same id), or by `resumeUnansweredRefunds`, which the shop runs every few minutes.
 */
import type { Refund, RefundLine, RefundReason } from '@shared/contracts/orders';
import { formatPence } from '@shared/money';
import { isRefundUnanswered, type ProviderRefund } from '../adapters/payments/provider';
import type { AppContext } from '../context';
import { conflict, notFound, refused } from '../lib/errors';
import { refundProviderOf } from '../modules/checkout';
import {
  claimRefundOutcome,
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
  unansweredRefunds,
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
    if (isRefundUnanswered(error)) {
      if (fresh) await noteUnanswered(ctx, order, refund, by);
    } else if (fresh) await deleteRefund(db, refund.id);
    throw error;
  }
  const saved = await db.transaction(async (tx) => {
    const locked = await lockOrderForMoney(tx, order.id);
    const current = await findRefund(tx, refund.id);
    if (!locked || !current) return current;
    // The provider's event may have come first: its state stands, and the outcome is recorded once.
    const recorded = current.providerRefundId
      ? current
      : await updateRefund(tx, refund.id, {
          providerRefundId: answer.id,
          state: answer.state,
          failure: answer.failure,
        });
    if (!recorded) return null;
    await recordOutcomeOnce(ctx, tx, locked, recorded, by);
    return recorded;
  });
  if (!saved) throw notFound('No order with that id.');
  void ctx.mailWorker.kick();
  return saved;
}

/**
 * The history line and mails of a refund made from the shop, in the caller's transaction, by the
 * first of our answer, the provider's event and the check of unanswered refunds to come.
 */
export async function recordOutcomeOnce(
  ctx: AppContext,
  tx: Parameters<typeof mailRefund>[1],
  order: MoneyOrder,
  refund: RefundRow,
  by: string,
): Promise<boolean> {
  if (!(await claimRefundOutcome(tx, refund.id))) return false;
  await recordRefundOutcome(ctx, tx, order, refund, by);
  return true;
}

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

/** The history line of a refund the provider did not answer: pending until it is known. */
export async function noteUnanswered(ctx: AppContext, order: MoneyOrder, refund: RefundRow, by: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await updateRefund(tx, refund.id, { failure: UNANSWERED });
    await recordOrderEvent(tx, order, {
      by,
      text: `Refund of ${formatPence(refund.amountPence)} asked of the payment provider, which did not answer: kept as pending until it confirms`,
    });
  });
}

/** Shown under a pending refund the provider has not answered (the owner's money panel). */
export const UNANSWERED = 'The payment provider has not answered yet: the shop asks it again every few minutes.';

/** Who the history names for what the shop does by itself. */
const BY_SHOP = 'the shop';
/** A refund younger than this may still be in its own request's hands. */
export const UNANSWERED_AFTER_MS = 2 * 60 * 1000;
/** Stripe keeps an idempotency key for 24 hours: past this, the shop stops asking and tells the owner. */
export const GIVE_UP_AFTER_MS = 23 * 3600 * 1000;

/**
 * Refunds the provider has not answered (decision 163): each is looked for at the provider by our
 * id; one it has is recorded as made (history, customer's mail as asked); one it has not is asked
 * for again with the same key (so it is made once). After GIVE_UP_AFTER_MS without an answer it is
 * marked failed and the owner told to check the provider's dashboard. Safe to run twice.
 */
export async function resumeUnansweredRefunds(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<{ resolved: number; waiting: number; givenUp: number }> {
  const db = ctx.database.db;
  const counts = { resolved: 0, waiting: 0, givenUp: 0 };
  for (const row of await unansweredRefunds(db, new Date(now.getTime() - UNANSWERED_AFTER_MS))) {
    const order = await db.transaction((tx) => lockOrderForMoney(tx, row.orderId));
    if (!order?.paymentRef) continue;
    try {
      const provider = await refundProviderOf(ctx, db, {
        checkoutSessionId: order.checkoutSessionId,
        paymentRef: order.paymentRef,
      });
      const found = await provider.findRefund({ refundId: row.id, paymentRef: order.paymentRef });
      if (found) await recordFound(ctx, order, row, found);
      else await askProvider(ctx, order, row, BY_SHOP, false);
      counts.resolved += 1;
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id, refundId: row.id }, 'an unanswered refund is still unanswered');
      if (now.getTime() - row.createdAt.getTime() < GIVE_UP_AFTER_MS) counts.waiting += 1;
      else {
        await giveUp(ctx, order, row);
        counts.givenUp += 1;
      }
    }
  }
  if (counts.resolved + counts.givenUp > 0) void ctx.mailWorker.kick();
  return counts;
}

/** A refund the provider reports having made with our id: recorded as its answer would have been. */
async function recordFound(ctx: AppContext, order: MoneyOrder, refund: RefundRow, found: ProviderRefund) {
  await ctx.database.db.transaction(async (tx) => {
    const locked = await lockOrderForMoney(tx, order.id);
    const current = await findRefund(tx, refund.id);
    if (!locked || !current || current.providerRefundId) return;
    const recorded = await updateRefund(tx, refund.id, {
      providerRefundId: found.id,
      state: found.state,
      failure: found.failure,
    });
    if (recorded) await recordOutcomeOnce(ctx, tx, locked, recorded, BY_SHOP);
  });
}

/** A day without an answer: failed (it no longer counts), and the owner told to look at the provider. */
async function giveUp(ctx: AppContext, order: MoneyOrder, refund: RefundRow) {
  await ctx.database.db.transaction(async (tx) => {
    const current = await findRefund(tx, refund.id);
    if (!current || current.providerRefundId || current.state !== 'pending') return;
    if (!(await claimRefundOutcome(tx, refund.id))) return;
    const failure = 'the payment provider never answered';
    await updateRefund(tx, refund.id, { state: 'failed', failure });
    await recordOrderEvent(tx, order, {
      by: BY_SHOP,
      text: `Refund of ${formatPence(refund.amountPence)} failed: ${failure}`,
    });
    await tellOwner(ctx, tx, order.id, {
      kind: 'refund_failed',
      amountPence: refund.amountPence,
      detail: `The payment provider never answered about this refund in a day of asking. Check the payment provider's dashboard before refunding again: a refund it shows is recorded here when its event arrives.`,
    });
  });
}
