/**
 * What the refund dialog offers and prefills (issue 26): the copies of each line not yet refunded,
 * whether the delivery charge still can be, and the amount a choice of copies and shipping comes
 * to, never more than what is left to refund. In pence, as the shop counts money; failed refunds
 * returned nothing, so they do not count.
 */
import type { AdminOrderDetail, Refund } from '@shared/contracts/orders';

const pence = (pounds: number) => Math.round(pounds * 100);

const counted = (refunds: readonly Refund[]) => refunds.filter((refund) => refund.state !== 'failed');

/** Copies of each book still refundable by line: bought minus refunded. */
export function copiesLeft(order: Pick<AdminOrderDetail, 'lines' | 'refunds'>): Record<string, number> {
  const left: Record<string, number> = {};
  for (const line of order.lines) left[line.product_id] = (left[line.product_id] ?? 0) + line.quantity;
  for (const refund of counted(order.refunds))
    for (const line of refund.lines) left[line.product_id] = Math.max(0, (left[line.product_id] ?? 0) - line.qty);
  return left;
}

/** True once a refund (not failed) returned the delivery charge. */
export const shippingRefunded = (order: Pick<AdminOrderDetail, 'refunds'>): boolean =>
  counted(order.refunds).some((refund) => refund.shipping);

export interface RefundChoice {
  /** Copies per book id (0 or absent: none). */
  copies: Record<string, number>;
  shipping: boolean;
}

/**
 * What the chosen copies and shipping cost the customer, in pence: their prices less the order's
 * discount in the same proportion (a code takes its percentage from books and shipping together,
 * decision 136), capped at what is left to refund.
 */
export function choiceAmountPence(
  order: Pick<AdminOrderDetail, 'lines' | 'shipping' | 'subtotal' | 'total_cost' | 'refundable'>,
  choice: RefundChoice,
): number {
  let gross = choice.shipping ? pence(order.shipping) : 0;
  for (const line of order.lines) gross += pence(line.unit_price) * (choice.copies[line.product_id] ?? 0);
  const before = pence(order.subtotal) + pence(order.shipping);
  const paid = pence(order.total_cost);
  const afterDiscount = before > 0 && paid < before ? Math.round((gross * paid) / before) : gross;
  return Math.min(afterDiscount, pence(order.refundable));
}

/** "12.50" from pence, for the amount field. */
export const penceToField = (amount: number) => (amount / 100).toFixed(2);

/** The amount field's value in pence, or null when it is not an amount of pounds and pence. */
export function fieldToPence(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
