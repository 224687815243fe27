/**
 * Where an order's money is (issue 26, decision 138): derived from its refunds, never stored. A
 * pending or succeeded refund counts against what was paid; a failed one does not. And until when
 * the customer may cancel an order themselves (the print hold, decision 137).
 */
import type { PaymentStatus, PrintJobState } from '@shared/contracts/orders';
import { canBeCancelled, type OrderStatus } from '@shared/order-status';

/** The order's payment state from what was paid and what refunds (pending or succeeded) return. */
export function paymentStatusOf(totalPence: number, refundedPence: number): PaymentStatus {
  if (refundedPence <= 0) return 'paid';
  return refundedPence >= totalPence ? 'refunded' : 'partially_refunded';
}

/** What a customer's cancel depends on. */
export interface HoldState {
  status: OrderStatus;
  printHoldUntil: Date | null;
  /** The print job's state; null when orders go to the printer by hand. */
  printJobState: PrintJobState | null;
  /** Set when the owner recorded the order at the printer by hand (manual mode). */
  bookVaultRef: string | null;
}

/**
 * The end of the customer's cancel window, or null when the customer can no longer cancel: the
 * order can be cancelled, it is held (`print_hold_until` in the future) and the printer does not
 * have it yet (its job still queued; by hand: no printer reference recorded).
 */
export function customerCancellableUntil(order: HoldState, now: Date): Date | null {
  if (!canBeCancelled(order.status) || !order.printHoldUntil || order.printHoldUntil <= now) return null;
  const notSent = order.printJobState === null ? order.bookVaultRef === null : order.printJobState === 'queued';
  return notSent ? order.printHoldUntil : null;
}
