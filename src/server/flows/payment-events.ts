/**
 * The payment provider's after-sale events (issue 26, decision 139), verified by the checkout
 * module's webhook and matched to an order here (orders module), each once (processed events):
 *
 * - A refund of ours (its provider id, or our refund id in its metadata) only updates our row: its
 *   state, and the provider id when the event came before our own write. It never makes a second
 *   row; a refund that fails later is marked failed and the owner told.
 * - A refund we did not make (Stripe's dashboard) is recorded as made there, with a history line
 *   and a mail to the owner. One for a payment no order has is logged and ignored.
 * - A dispute flags the order (`disputed_at`), writes the history and mails the owner.
 */
import { formatPence } from '@shared/money';
import type { PaymentEvent, ProviderRefund } from '../adapters/payments/provider';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { recordPaymentEvent } from '../modules/checkout';
import { recordOutcomeOnce } from './refund-order';
import {
  findOrderIdByPaymentRef,
  findRefund,
  findRefundByProviderId,
  insertRefund,
  lockOrderForMoney,
  markDisputed,
  recordOrderEvent,
  refundEvent,
  tellOwner,
  updateRefund,
  type MoneyOrder,
} from '../modules/orders';

const BY_PROVIDER = 'payment provider';

export async function applyAfterSaleEvent(ctx: AppContext, event: PaymentEvent): Promise<void> {
  const tellsOwner = await ctx.database.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, event.providerType))) return false;
    if (event.kind === 'dispute' && event.dispute) return applyDispute(ctx, tx, event);
    let told = false;
    for (const refund of event.refunds ?? []) told = (await applyRefund(ctx, tx, event, refund)) || told;
    return told;
  });
  if (tellsOwner) void ctx.mailWorker.kick();
}

/** The order a refund or dispute is about, locked; null (logged) when no order has that payment. */
async function orderOfPayment(ctx: AppContext, tx: Db, event: PaymentEvent, paymentRef: string | null) {
  const orderId = paymentRef ? await findOrderIdByPaymentRef(tx, paymentRef) : null;
  const order = orderId ? await lockOrderForMoney(tx, orderId) : null;
  if (!order)
    ctx.log.warn(
      { eventId: event.id, type: event.providerType, paymentRef },
      'payment event for a payment no order has; ignored',
    );
  return order;
}

async function applyRefund(ctx: AppContext, tx: Db, event: PaymentEvent, reported: ProviderRefund): Promise<boolean> {
  const paymentRef = reported.paymentRef ?? event.paymentRef;
  // Lock the order first, as the refund flow does, so that our own write and this one take turns.
  const order = await orderOfPayment(ctx, tx, event, paymentRef);
  if (!order) return false;
  const ours =
    (await findRefundByProviderId(tx, reported.id)) ??
    (reported.refundId ? await findRefund(tx, reported.refundId) : null);
  if (ours && ours.orderId === order.id) {
    const before = ours.state;
    const updated = await updateRefund(tx, ours.id, {
      providerRefundId: reported.id,
      state: reported.state,
      failure: reported.failure,
    });
    // The outcome is recorded once, by this event or our own answer, whichever comes first (decision 163);
    // a later change is the event's to tell.
    if (updated && (await recordOutcomeOnce(ctx, tx, order, updated, updated.byEmail ?? updated.by))) return true;
    if (ours.providerRefundId && before !== 'failed' && reported.state === 'failed') {
      await refundFailed(ctx, tx, order, ours.amountPence, reported.failure);
      return true;
    }
    return false;
  }
  // Not ours: made in the provider's dashboard (or ours, lost before we wrote it: its metadata says by whom).
  if (reported.state === 'failed') return false;
  const row = await insertRefund(tx, {
    orderId: order.id,
    amountPence: reported.amountPence,
    lines: [],
    shipping: false,
    reason: 'other',
    note: reported.by
      ? 'Made from the shop; recorded from the payment provider’s event.'
      : 'Made in Stripe’s dashboard.',
    by: reported.by === 'owner' || reported.by === 'customer' ? reported.by : 'stripe_dashboard',
    byEmail: null,
    state: reported.state,
    providerRefundId: reported.id,
    notify: false,
  });
  await recordOrderEvent(tx, order, { by: BY_PROVIDER, text: refundEvent(row) });
  await tellOwner(ctx, tx, order.id, {
    kind: 'dashboard_refund',
    amountPence: reported.amountPence,
    detail: `The payment provider reports refund ${reported.id} of ${formatPence(reported.amountPence)} (${reported.state}), which was not made in the shop. It is now on the order; the customer was not mailed by the shop.`,
  });
  return true;
}

async function refundFailed(ctx: AppContext, tx: Db, order: MoneyOrder, amountPence: number, failure: string | null) {
  const reason = failure ?? 'no reason given';
  await recordOrderEvent(tx, order, {
    by: BY_PROVIDER,
    text: `Refund of ${formatPence(amountPence)} failed: ${reason}`,
  });
  await tellOwner(ctx, tx, order.id, {
    kind: 'refund_failed',
    amountPence,
    detail: `The payment provider reports that the refund failed (${reason}). The customer has not got this money back: refund again, or another way.`,
  });
}

async function applyDispute(ctx: AppContext, tx: Db, event: PaymentEvent): Promise<boolean> {
  const dispute = event.dispute!;
  const order = await orderOfPayment(ctx, tx, event, dispute.paymentRef);
  if (!order) return false;
  await markDisputed(tx, order.id);
  await recordOrderEvent(tx, order, {
    by: BY_PROVIDER,
    text: `Payment disputed (${dispute.reason}, ${formatPence(dispute.amountPence)})`,
  });
  await tellOwner(ctx, tx, order.id, {
    kind: 'dispute',
    amountPence: dispute.amountPence,
    detail: `Dispute ${dispute.id}, reason: ${dispute.reason}. Answer it with your evidence in Stripe’s dashboard before its deadline.`,
  });
  return true;
}
