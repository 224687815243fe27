/**
 * The customer's side of a cancel (decision 137): who may (the signed-in customer of the order, or
 * the holder of the mailed link's token), what the cancel page shows, and why a cancel is refused.
 */
import { ORDER_STATUS_TABLE } from '@shared/order-status';
import type { Cancellation } from '@shared/contracts/orders';
import { penceToPounds } from '@shared/money';
import type { AppContext } from '../../../context';
import type { SessionClaims } from '../../../lib/tokens';
import { forbidden, notFound, unauthorized } from '../../../lib/errors';
import { findOrder } from '../admin/repository';
import { isCancelToken } from './cancel-link';
import { customerCancellableUntil, paymentStatusOf } from './money';

/** The sentence of a customer cancel after the window: where to go instead. */
export const WINDOW_CLOSED =
  'This order can no longer be cancelled here: it has gone to the printer. You can still cancel within 14 days of receiving your books (see our terms at /terms): write to us through the contact page (/contact) and quote your order number.';
export const ALREADY_CANCELLED = 'This order has already been cancelled.';

/** Who asks: the session's user (or none) and the link's token (or none). */
export interface CustomerAsk {
  user: SessionClaims | null;
  token?: string | undefined;
}

/** Refuses anyone but the order's customer or the holder of its cancel link (401 without either, 403 for another's order or a bad link). */
export async function authoriseCustomer(
  ctx: AppContext,
  order: { id: string; userId: string | null },
  ask: CustomerAsk,
): Promise<void> {
  if (ask.token) {
    if (await isCancelToken(ctx, order.id, ask.token)) return;
    throw forbidden('This cancel link is not valid for this order. Use the link in your order confirmation.');
  }
  if (!ask.user) throw unauthorized();
  if (order.userId !== ask.user.id) throw forbidden('This is not your order.');
}

/** Why the customer cannot cancel (null: they can). */
export function customerRefusal(
  order: Parameters<typeof customerCancellableUntil>[0],
  now: Date,
): { message: string; kind: 'link_used' | 'window_closed' } | null {
  if (ORDER_STATUS_TABLE[order.status].cancelled) return { message: ALREADY_CANCELLED, kind: 'link_used' };
  return customerCancellableUntil(order, now) ? null : { message: WINDOW_CLOSED, kind: 'window_closed' };
}

/** GET /api/orders/:orderId/cancellation. */
export async function cancellationView(ctx: AppContext, orderId: string, ask: CustomerAsk): Promise<Cancellation> {
  const row = await findOrder(ctx.database.db, orderId);
  if (!row) throw notFound('No order with that id.');
  await authoriseCustomer(ctx, { id: row.id, userId: row.userId }, ask);
  const now = new Date();
  const until = customerCancellableUntil(row, now);
  const refusal = customerRefusal(row, now);
  return {
    order_id: row.id,
    date: row.createdAt.toISOString(),
    items: row.items.map((item) => ({
      product_id: item.productId,
      item: item.name,
      quantity: item.quantity,
      unit_price: penceToPounds(item.unitPricePence),
    })),
    total: penceToPounds(row.totalPence),
    currency: row.currency,
    status: row.status,
    payment_status: paymentStatusOf(row.totalPence, row.refundedPence),
    refunded_total: penceToPounds(row.refundedPence),
    cancellable_until: until?.toISOString() ?? null,
    can_cancel: refusal === null,
    reason: refusal?.message ?? null,
  };
}
