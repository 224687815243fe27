/**
 * What cancelling an order means at the printer (issue 26, decision 137), one pure rule for the
 * owner's dialog, the owner's cancel and the customer's: not sent (cancelled here, nothing reaches
 * the printer), sent (the partner is asked, and only its yes cancels), uncertain (being sent, or
 * cut off mid-send: refused until the owner has checked the partner's portal, as decision 112 does
 * for sending again), by hand (manual mode), or not cancellable at all.
 */
import type { PrintJobState } from '@shared/contracts/orders';
import { ORDER_STATUS_TABLE, canBeCancelled, statusLabel, type OrderStatus } from '@shared/order-status';

export interface CancelFacts {
  status: OrderStatus;
  bookVaultRef: string | null;
  /** The print job; null when orders go to the printer by hand. */
  job: { state: PrintJobState; partnerRef: string | null; outcomeUnknown: boolean } | null;
}

export type CancelPlan =
  | { at: 'not_sent' | 'manual'; ok: true; message: string }
  | { at: 'sent'; ok: true; ref: string; message: string }
  | { at: 'uncertain' | 'none'; ok: false; message: string };

export const UNCERTAIN_AT_PRINTER =
  'It is not known whether the printer has this order (it was being sent, or the last attempt was cut off). ' +
  'Check the print partner’s portal first: cancel it there if it is there, then refund the order here.';

export function planCancel(order: CancelFacts): CancelPlan {
  if (!canBeCancelled(order.status)) {
    const message = ORDER_STATUS_TABLE[order.status].cancelled
      ? 'This order has already been cancelled.'
      : `This order is ${statusLabel(order.status)}: it has left the printer and can no longer be cancelled. Refund it instead.`;
    return { at: 'none', ok: false, message };
  }
  const job = order.job;
  if (!job) {
    return {
      at: 'manual',
      ok: true,
      message: order.bookVaultRef
        ? `Orders go to the printer by hand: cancel ${order.bookVaultRef} in the printer’s portal as well.`
        : 'Orders go to the printer by hand and this one is not recorded as sent: nothing needs doing at the printer.',
    };
  }
  switch (job.state) {
    case 'queued':
      return { at: 'not_sent', ok: true, message: 'The order has not been sent to the printer: nothing reaches it.' };
    case 'cancelled':
      return { at: 'not_sent', ok: true, message: 'The print job is already cancelled.' };
    case 'submitting':
      return { at: 'uncertain', ok: false, message: UNCERTAIN_AT_PRINTER };
    case 'submitted':
      return sentPlan(job.partnerRef);
    case 'failed':
      if (job.outcomeUnknown) return { at: 'uncertain', ok: false, message: UNCERTAIN_AT_PRINTER };
      if (job.partnerRef) return sentPlan(job.partnerRef);
      return { at: 'not_sent', ok: true, message: 'The printer did not take this order: nothing reaches it.' };
  }
}

function sentPlan(ref: string | null): CancelPlan {
  if (!ref) return { at: 'uncertain', ok: false, message: UNCERTAIN_AT_PRINTER };
  return {
    at: 'sent',
    ok: true,
    ref,
    message: `The printer has this order (${ref}): it is asked to cancel it, and the order is cancelled only if it agrees.`,
  };
}
