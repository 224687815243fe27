/**
 * Orders: made from a paid checkout (once per checkout session), the customer's history, the
 * admin's list, and status changes that mail the customer (decision 042).
 */
import type { AdminOrder, Order } from '../../../shared/contracts/order';
import { INITIAL_ORDER_STATUS, ORDER_STATUS_TABLE, type OrderStatus } from '../../../shared/order-status';
import { penceToPounds } from '../../../shared/money';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { enqueueMail } from '../mail';
import { createReviewLink } from '../reviews';
import type { DeliveryAddress } from '../../../shared/delivery-address';
import { confirmationMail, orderUpdateMail, ownerNewOrderMail, type PaidCheckout } from './mails';
import { findOrderIdByCheckoutSession, insertOrder, listOrdersWithItems, lockOrder, saveOrderState, type OrderWithItems } from './repository';
import { CHANGED_BY_CHECKOUT, recordStatusChange } from './history';
import { planOrderUpdate } from './status';

/** An order row as the API shows it (pounds, ISO date, the spec's field names). */
export function toOrderAnswer(row: OrderWithItems): Order {
  return {
    order_id: row.id,
    items: row.items.map((item) => ({ item: item.name, quantity: item.quantity, product_id: item.productId })),
    total_cost: penceToPounds(row.totalPence),
    date: row.createdAt.toISOString(),
    status: row.status,
    currency: row.currency,
    bookVault_ref: row.bookVaultRef,
    tracking_ref: row.trackingRef,
    reviewed: row.reviewed,
    delivery_address: row.deliveryAddress,
  };
}

/** The user's orders, newest first. */
export async function orderHistory(ctx: AppContext, userId: string): Promise<Order[]> {
  return (await listOrdersWithItems(ctx.database.db, { userId })).map(toOrderAnswer);
}

/** Every order, newest first, with the address it was made for (the admin's list). */
export async function listOrders(ctx: AppContext): Promise<AdminOrder[]> {
  return (await listOrdersWithItems(ctx.database.db)).map((row) => ({ ...toOrderAnswer(row), user_email: row.email, address_missing: row.addressMissing }));
}

/** A paid checkout, as the order is made from it. */
export interface PlacedCheckout extends PaidCheckout {
  id: string;
  email: string;
  /** Where the books go; null when the paid checkout carried none (the order is marked, the owner told). */
  deliveryAddress: DeliveryAddress | null;
  /** The payment's reference at the provider ('demo' for the demo checkout), when known. */
  paymentRef: string | null;
}

/**
 * Makes the order of a paid checkout in the caller's transaction: the order with its delivery
 * address, its lines (each with the name and price paid), the first line of its history, the
 * customer's confirmation and the owner's new-order mail. Answers the new order's id, or null when
 * the checkout already has its order (the unique index on orders.checkout_session_id decides).
 */
export async function placeOrder(ctx: AppContext, tx: Db, checkout: PlacedCheckout): Promise<string | null> {
  const orderId = await insertOrder(
    tx,
    {
      checkoutSessionId: checkout.id,
      userId: checkout.userId,
      email: checkout.email,
      subtotalPence: checkout.subtotalPence,
      shippingPence: checkout.shippingPence,
      discountPence: checkout.discountPence,
      totalPence: checkout.totalPence,
      currency: 'gbp',
      discountCode: checkout.discountCode,
      status: INITIAL_ORDER_STATUS,
      deliveryAddress: checkout.deliveryAddress,
      addressMissing: checkout.deliveryAddress === null,
      paymentRef: checkout.paymentRef,
    },
    checkout.lines,
  );
  if (!orderId) return null;
  const confirmation = await confirmationMail(ctx.config, tx, { to: checkout.email, orderId, checkout });
  await enqueueMail(tx, confirmation);
  await enqueueMail(tx, await ownerNewOrderMail(ctx.config, tx, { to: ctx.config.SHOP_EMAIL, orderId, checkout }));
  await recordStatusChange(tx, { orderId, from: null, to: INITIAL_ORDER_STATUS, by: CHANGED_BY_CHECKOUT, mailSubject: confirmation.subject });
  return orderId;
}

/** The order made from a checkout session, if there is one. */
export const orderIdOfCheckout = (db: Db, checkoutSessionId: string) => findOrderIdByCheckoutSession(db, checkoutSessionId);

export interface OrderStatusChange {
  orderId: string;
  status: OrderStatus;
  bookVaultRef: string | null;
  trackingRef: string | null;
  /** Who asks: the admin's e-mail address (the order's history records it). */
  by: string;
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
    const invitesReview = plan.statusChanged && ORDER_STATUS_TABLE[plan.next.status].invitesReview === true;
    const reviewLink = invitesReview ? await createReviewLink(ctx, { id: order.id, email: order.email }, tx) : null;
    const mail = await orderUpdateMail(ctx.config, {
      to: order.email,
      orderId: order.id,
      status: plan.next.status,
      statusChanged: plan.statusChanged,
      bookVaultRef: plan.next.bookVaultRef,
      trackingRef: plan.next.trackingRef,
      reviewLink,
    });
    await enqueueMail(tx, mail);
    await recordStatusChange(tx, {
      orderId: order.id,
      from: order.status,
      to: plan.next.status,
      bookVaultRef: plan.refsAdded.includes('bookVaultRef') ? plan.next.bookVaultRef : null,
      trackingRef: plan.refsAdded.includes('trackingRef') ? plan.next.trackingRef : null,
      by: change.by,
      mailSubject: mail.subject,
    });
  });
  void ctx.mailWorker.kick();
  return { message: 'Order status updated successfully!' };
}
