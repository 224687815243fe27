/**
 * Orders: made from a paid checkout (once per checkout session), the customer's history, the
 * admin's list, and status changes that mail the customer (decision 042).
 */
import { randomUUID } from 'node:crypto';
import { printStateOf, type AdminOrder, type CustomerOrder, type Order } from '@shared/contracts/orders';
import { INITIAL_ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from '@shared/order-status';
import { penceToPounds } from '@shared/money';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { OutgoingMessage } from '../../adapters/mail/transport';
import { enqueueMail } from '../mail';
import type { DeliveryAddress } from '@shared/delivery-address';
import { confirmationMail, orderUpdateMail, ownerNewOrderMail, type PaidCheckout } from './mails';
import {
  findOrderIdByCheckoutSession,
  insertOrder,
  listOrdersWithItems,
  lockOrder,
  saveOrderState,
  type OrderWithItems,
} from './repository';
import { CHANGED_BY_CHECKOUT, recordStatusChange } from './history';
import { insertPrintJob } from './printing/jobs';
import { planOrderUpdate } from './status';
import { customerCancellableUntil, paymentStatusOf } from './refunds/money';
import { cancelLink } from './refunds/cancel-link';
import { customerOrders } from './aftercare/answer';
import { problemLink, reportable } from './aftercare/problems';

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
    kind: row.kind,
    parent_order_id: row.parentOrderId,
    ...orderMoneyAnswer(row, new Date()),
  };
}

/** Where an order's money is, and until when its customer may cancel it (decisions 137, 138). */
export function orderMoneyAnswer(row: OrderWithItems, now: Date) {
  return {
    payment_status: paymentStatusOf(row.totalPence, row.refundedPence),
    refunded_total: penceToPounds(row.refundedPence),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    refunded_at: row.lastRefundAt?.toISOString() ?? null,
    cancellable_until: customerCancellableUntil(row, now)?.toISOString() ?? null,
  };
}

/** The user's orders, newest first, each with the replacements sent for it (aftercare/answer.ts). */
export async function orderHistory(ctx: AppContext, userId: string): Promise<CustomerOrder[]> {
  return customerOrders(ctx, await listOrdersWithItems(ctx.database.db, { userId }), toOrderAnswer);
}

/** An order as the admin's lists show it: the customer's view, the e-mail it was made for, whether its address is missing, its print state. */
export function toAdminOrderAnswer(row: OrderWithItems): AdminOrder {
  return {
    ...toOrderAnswer(row),
    user_email: row.email,
    address_missing: row.addressMissing,
    print_state: printStateOf(row.printJobState, row.printPartnerState),
    problem_open: row.problemOpen,
  };
}

/** Every order, newest first (the spec's admin list). */
export async function listOrders(ctx: AppContext): Promise<AdminOrder[]> {
  return (await listOrdersWithItems(ctx.database.db)).map(toAdminOrderAnswer);
}

const NO_ADDRESS_TO_PRINT = 'The order came without a delivery address: add one, then send it to the printer.';
/** Why an order whose address breaks the rule waits: the owner checks it, and Send again is the confirmation (decision 133). */
export const addressToCheck = (problems: readonly string[]) =>
  `The delivery address the payment page collected breaks the shop's address rule: ${problems.join(' ')} Check it with the customer before it is printed: Send again sends it as it is.`;

/** A paid checkout, as the order is made from it. */
export interface PlacedCheckout extends PaidCheckout {
  id: string;
  email: string;
  /** Where the books go; null when the paid checkout carried none (the order is marked, the owner told). */
  deliveryAddress: DeliveryAddress | null;
  /** What breaks the address rule in an address a payment provider collected (empty: nothing); the order then waits for the owner. */
  addressProblems: readonly string[];
  /** The payment's reference at the provider ('demo' for the demo checkout), when known. */
  paymentRef: string | null;
}

/**
 * The order a paid checkout is about to make, its mails already made (decision 174): its id, the
 * end of its cancel window, the customer's confirmation and the owner's new-order mail. Made
 * before the order's transaction, so that rendering the mails (tens of milliseconds under load)
 * holds no connection and no lock; used only for a checkout that still reads as it was made from.
 */
export interface OrderDraft {
  orderId: string;
  printHoldUntil: Date;
  confirmation: OutgoingMessage;
  ownerMail: OutgoingMessage;
  /** What the mails were made from (draftBasis). */
  basis: string;
}

/** Everything of a placed checkout its mails show or depend on. */
const draftBasis = (checkout: PlacedCheckout) =>
  JSON.stringify([
    checkout.id,
    checkout.email,
    checkout.userId,
    checkout.lines,
    checkout.subtotalPence,
    checkout.shippingPence,
    checkout.discountPence,
    checkout.totalPence,
    checkout.discountCode,
    checkout.deliveryZone,
    checkout.deliveryAddress,
    checkout.addressProblems,
  ]);

/** Makes the order's id, cancel window and mails for a paid checkout (reading book covers from `db`). */
export async function draftOrder(ctx: AppContext, db: Db, checkout: PlacedCheckout): Promise<OrderDraft> {
  const orderId = randomUUID();
  // The cancel window (decision 137): the print job waits until then, in every print mode.
  const printHoldUntil = new Date(Date.now() + ctx.config.PRINT_HOLD_MINUTES * 60_000);
  const cancel =
    printHoldUntil.getTime() > Date.now()
      ? { until: printHoldUntil, url: await cancelLink(ctx, orderId, printHoldUntil) }
      : null;
  const confirmation = await confirmationMail(ctx.config, db, { to: checkout.email, orderId, checkout, cancel });
  const ownerMail = await ownerNewOrderMail(ctx.config, db, {
    to: ctx.config.SHOP_EMAIL,
    orderId,
    checkout,
    addressProblems: checkout.addressProblems,
  });
  return { orderId, printHoldUntil, confirmation, ownerMail, basis: draftBasis(checkout) };
}

/**
 * Makes the order of a paid checkout in the caller's transaction: the order with its delivery
 * address, its lines (each with the name and price paid), the first line of its history, the
 * customer's confirmation and the owner's new-order mail. Answers the new order's id, or null when
 * the checkout already has its order (the unique index on orders.checkout_session_id decides).
 * The mails come from `draft` when it was made from this very checkout, else they are made here.
 */
export async function placeOrder(
  ctx: AppContext,
  tx: Db,
  checkout: PlacedCheckout,
  draft: OrderDraft | null = null,
): Promise<string | null> {
  const made = draft?.basis === draftBasis(checkout) ? draft : await draftOrder(ctx, tx, checkout);
  const { printHoldUntil, confirmation } = made;
  const orderId = await insertOrder(
    tx,
    {
      id: made.orderId,
      checkoutSessionId: checkout.id,
      userId: checkout.userId,
      email: checkout.email,
      subtotalPence: checkout.subtotalPence,
      shippingPence: checkout.shippingPence,
      discountPence: checkout.discountPence,
      totalPence: checkout.totalPence,
      currency: 'gbp',
      discountCode: checkout.discountCode,
      deliveryZone: checkout.deliveryZone,
      status: INITIAL_ORDER_STATUS,
      deliveryAddress: checkout.deliveryAddress,
      addressMissing: checkout.deliveryAddress === null,
      paymentRef: checkout.paymentRef,
      printHoldUntil,
    },
    checkout.lines,
  );
  if (!orderId) return null;
  await enqueueMail(tx, confirmation);
  await enqueueMail(tx, made.ownerMail);
  await recordStatusChange(tx, {
    orderId,
    from: null,
    to: INITIAL_ORDER_STATUS,
    by: CHANGED_BY_CHECKOUT,
    mailSubject: confirmation.subject,
  });
  // Queued with the order, so a paid order is never without its print job (decision 112); sent
  // by the print worker once this commits. With no address, or one that breaks the rule, it waits
  // for the owner (who was told) as needing attention (decision 133).
  if (ctx.printPartner.name !== 'manual') {
    const waitsForOwner = !checkout.deliveryAddress
      ? NO_ADDRESS_TO_PRINT
      : checkout.addressProblems.length > 0
        ? addressToCheck(checkout.addressProblems)
        : null;
    await insertPrintJob(tx, orderId, ctx.printPartner.name, waitsForOwner, printHoldUntil);
  }
  return orderId;
}

/** The order made from a checkout session, if there is one. */
export const orderIdOfCheckout = (db: Db, checkoutSessionId: string) =>
  findOrderIdByCheckoutSession(db, checkoutSessionId);

/** An owner's change of an order's status or references (flows/change-order-status.ts). */
export interface OrderStatusChange {
  orderId: string;
  status: OrderStatus;
  bookVaultRef: string | null;
  trackingRef: string | null;
  /** Who asks: the admin's e-mail address (the order's history records it). */
  by: string;
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;
/** A change to an order that its rules allow (`planOrderUpdate`, `planPartnerProgress`). */
export type PlannedChange = Extract<ReturnType<typeof planOrderUpdate>, { ok: true }>;

/** Locks an order for a change, in the caller's transaction; null when there is none. */
export const lockOrderForChange = (tx: Db, orderId: string) => lockOrder(tx, orderId);

/**
 * Saves a planned change in the caller's transaction, mails the customer (a status move always;
 * a reference alone only when `mailRefsOnly`, as the owner's Submit does) with the review link the
 * flow made when the books have arrived, and writes the history line with who made it
 * (flows/change-order-status.ts).
 */
export async function saveOrderChange(
  ctx: AppContext,
  tx: Db,
  order: LockedOrder,
  plan: PlannedChange,
  options: { by: string; mailRefsOnly: boolean; reviewLink: string | null },
) {
  await saveOrderState(tx, order.id, plan.next);
  let mailSubject: string | null = null;
  if (plan.statusChanged || options.mailRefsOnly) {
    const mail = await orderUpdateMail(ctx.config, {
      to: order.email,
      orderId: order.id,
      status: plan.next.status,
      statusChanged: plan.statusChanged,
      bookVaultRef: plan.next.bookVaultRef,
      trackingRef: plan.next.trackingRef,
      reviewLink: options.reviewLink,
      // The signed "Report a problem" link once the books are sent (decision 144), and a replacement's original.
      problemLink: plan.statusChanged && reportable(plan.next.status) ? await problemLink(ctx, order.id) : null,
      replacementFor: order.parentOrderId,
    });
    await enqueueMail(tx, mail);
    mailSubject = mail.subject;
  }
  await recordStatusChange(tx, {
    orderId: order.id,
    from: order.status,
    to: plan.next.status,
    bookVaultRef: plan.refsAdded.includes('bookVaultRef') ? plan.next.bookVaultRef : null,
    trackingRef: plan.refsAdded.includes('trackingRef') ? plan.next.trackingRef : null,
    by: options.by,
    mailSubject,
  });
}

/** What the print partner reports of an order: a status it reached and the references it gave. */
export interface PartnerProgress {
  status: OrderStatus;
  bookVaultRef: string | null;
  trackingRef: string | null;
}

/**
 * The change the print partner's report makes, by the same rules as the owner's changes (decision
 * 112): forward only, and a reference already set (by the owner or before) is never overwritten:
 * the partner's is then simply not used. A status the order has reached or passed changes nothing.
 */
export function planPartnerProgress(order: LockedOrder, progress: PartnerProgress) {
  const behind = ORDER_STATUSES.indexOf(order.status) < ORDER_STATUSES.indexOf(progress.status);
  return planOrderUpdate(order, {
    status: behind ? progress.status : order.status,
    bookVaultRef: order.bookVaultRef === null ? progress.bookVaultRef : null,
    trackingRef: order.trackingRef === null ? progress.trackingRef : null,
  });
}
