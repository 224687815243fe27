/**
 * Changing an order's status, by the owner or as the printer reports it (decisions 042, 112): the
 * orders module locks, plans, saves, mails and records the change; when the new status means the
 * books have arrived, the reviews module makes the review link the mail carries, in the same
 * transaction. An order whose customer asked to be forgotten is redacted on reaching a final status
 * (decision 145). Flows are reached through `ctx.flows` (decision 135).
 */
import { invitesReview } from '@shared/order-status';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../lib/errors';
import {
  CHANGED_BY_PRINT_PARTNER,
  lockOrderForChange,
  planOrderUpdate,
  planPartnerProgress,
  saveOrderChange,
  type OrderStatusChange,
  type PartnerProgress,
  type PlannedChange,
} from '../modules/orders';
import { createReviewLink } from '../modules/reviews';
import { redactIfForgotten } from './erase-personal-data';

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderForChange>>>;

async function save(
  ctx: AppContext,
  tx: Db,
  order: LockedOrder,
  plan: PlannedChange,
  options: { by: string; mailRefsOnly: boolean },
) {
  // A customer who asked to be forgotten is not invited to review (decision 145).
  const reviewLink =
    // A replacement's books were reviewed (or can be) under the order they were bought with.
    plan.statusChanged && invitesReview(plan.next.status) && !order.redactWhenFinal && order.kind === 'sale'
      ? await createReviewLink(ctx, { id: order.id, email: order.email }, tx)
      : null;
  await saveOrderChange(ctx, tx, order, plan, { ...options, reviewLink });
  if (plan.statusChanged) await redactIfForgotten(tx, order, plan.next.status);
}

/**
 * The owner's change: under a row lock, with the customer's mail written in the same transaction;
 * the mail goes to the address stored on the order, whatever the request says.
 */
export async function changeOrderStatus(ctx: AppContext, change: OrderStatusChange): Promise<{ message: string }> {
  await ctx.database.db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, change.orderId);
    if (!order) throw notFound('No order with that id.');
    const plan = planOrderUpdate(order, change);
    if (!plan.ok) throw badRequest(plan.message);
    await save(ctx, tx, order, plan, { by: change.by, mailRefsOnly: true });
  });
  void ctx.mailWorker.kick();
  return { message: 'Order status updated successfully!' };
}

/**
 * Moves an order on as the print partner reports it, in the caller's transaction, by the owner's
 * rules (`planPartnerProgress`). The customer is mailed a status move, not a reference alone.
 * Answers whether anything changed.
 */
export async function applyPrinterProgress(
  ctx: AppContext,
  tx: Db,
  orderId: string,
  progress: PartnerProgress,
): Promise<boolean> {
  const order = await lockOrderForChange(tx, orderId);
  if (!order) return false;
  const plan = planPartnerProgress(order, progress);
  if (!plan.ok) return false;
  await save(ctx, tx, order, plan, { by: CHANGED_BY_PRINT_PARTNER, mailRefsOnly: false });
  return true;
}
