/** Order fulfilment: the admin's list of orders and status changes that mail the customer. */
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { toOrderAnswer } from '../checkout/service';
import { createReviewLink } from '../reviews/review-links';
import type { AdminOrder } from '../../../shared/contracts/admin';
import type { OrderStatus } from '../../../shared/constants';
import { orderUpdateMail } from './mails';
import { planOrderUpdate } from './order-status';
import { listOrdersWithItems, lockOrder, saveOrderState } from './repository';

export async function listOrders(ctx: AppContext): Promise<AdminOrder[]> {
  const rows = await listOrdersWithItems(ctx.database.db);
  return rows.map((row) => ({ ...toOrderAnswer(row), user_email: row.email }));
}

export interface OrderStatusChange {
  orderId: string;
  status: OrderStatus;
  bookVaultRef: string | null;
  trackingRef: string | null;
}

/**
 * Applies the change under a row lock and writes the customer's mail in the same transaction;
 * the mail goes to the address stored on the order, whatever the request says.
 */
export async function updateOrderStatus(ctx: AppContext, change: OrderStatusChange): Promise<{ message: string }> {
  await ctx.database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, change.orderId);
    if (!order) throw notFound('No order with that id.');
    const plan = planOrderUpdate(order, change);
    if (!plan.ok) throw badRequest(plan.message);
    await saveOrderState(tx, order.id, plan.next);
    const reviewLink = plan.statusChanged && plan.next.status === 'Delivered' ? await createReviewLink(ctx, { id: order.id, email: order.email }, tx) : null;
    await enqueueMail(
      tx,
      await orderUpdateMail(ctx.config, {
        to: order.email,
        orderId: order.id,
        status: plan.next.status,
        statusChanged: plan.statusChanged,
        bookVaultRef: plan.next.bookVaultRef,
        trackingRef: plan.next.trackingRef,
        reviewLink,
      }),
    );
  });
  void ctx.mailWorker.kick();
  return { message: 'Order status updated successfully!' };
}
