/**
 * Completing a paid checkout (decisions 037, 110, 112, 133): the checkout module's session and
 * payment event, the orders module's new order, the discounts module's code marked used, the cart
 * module's bought lines cleared and the owner's mail when a code was used twice, all in one
 * transaction. Reached through `ctx.flows` by the payment webhook and the demo's Pay (decision 135).
 */
import { addressProblemList, normaliseAddress, type DeliveryAddress } from '@shared/delivery-address';
import { formatPence } from '@shared/money';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { badRequest, conflict } from '../lib/errors';
import { removeBoughtLines } from '../modules/cart';
import {
  CHECKOUT_EXPIRED,
  findCheckoutSession,
  lockCheckoutSession,
  recordPaymentEvent,
  setCheckoutStatus,
  type CheckoutSessionRow,
} from '../modules/checkout';
import { DISCOUNT_PROBLEMS, discountCodeUsage, redeemDiscountCode } from '../modules/discounts';
import { enqueueMail } from '../modules/mail';
import { draftOrder, orderIdOfCheckout, placeOrder, type OrderDraft, type PlacedCheckout } from '../modules/orders';

export interface Completion {
  orderId: string | null;
  /** True only for the call that made the order. */
  created: boolean;
}

export interface CompleteOptions {
  /** The provider's event id; recorded in processed_payment_events in the same transaction. */
  eventId: string;
  eventType: string;
  /** The amount the provider says was paid; must equal the checkout's total. */
  amountTotalPence?: number | null;
  currency?: string | null;
  /** The buyer's e-mail as the provider knows it (used when the checkout has none). */
  email?: string | null;
  /** Where the books go: the demo's checked form, or what the provider's page collected; null/absent when none came. */
  deliveryAddress?: Partial<DeliveryAddress> | null;
  /** The payment's reference at the provider, or 'demo'. */
  paymentRef?: string | null;
  /**
   * This is the moment of payment and no money is taken yet (the demo's Pay): an expired checkout
   * or a code used meanwhile refuses the payment, writing nothing, instead of being honoured.
   */
  beforePayment?: boolean;
}

/**
 * Makes the order of a paid checkout: order + items, the discount code marked used, the bought
 * lines cleared from the customer's cart, the event recorded, the confirmation mail queued, all in
 * one transaction. Exactly once per checkout session: replays of the same event stop at the
 * processed-events key, other events of the same session wait on the checkout row's lock and then
 * find it completed, and the unique index on orders.checkout_session_id is the last word.
 */
export async function completeCheckout(
  ctx: AppContext,
  sessionId: string,
  options: CompleteOptions,
): Promise<Completion> {
  // The order's mails are made before its transaction (decision 174), once for the deliveries of
  // one checkout's payment that arrive together.
  const draft = sharedDraft(ctx, sessionId, options);
  try {
    return await completeInTransaction(ctx, sessionId, options, await draft);
  } finally {
    forgetDraft(ctx, sessionId, draft);
  }
}

async function completeInTransaction(
  ctx: AppContext,
  sessionId: string,
  options: CompleteOptions,
  draft: OrderDraft | null,
): Promise<Completion> {
  const result = await ctx.database.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, options.eventId, options.eventType))) {
      return { orderId: await orderIdOfCheckout(tx, sessionId), created: false };
    }
    const checkout = await lockCheckoutSession(tx, sessionId);
    if (!checkout) {
      ctx.log.warn({ sessionId, eventId: options.eventId }, 'payment event for an unknown checkout session ignored');
      return { orderId: null, created: false };
    }
    if (checkout.status === 'completed') {
      return { orderId: await orderIdOfCheckout(tx, sessionId), created: false };
    }
    if (options.beforePayment && (checkout.status !== 'open' || checkout.expiresAt.getTime() <= Date.now()))
      throw conflict(CHECKOUT_EXPIRED);
    if (options.amountTotalPence != null && options.amountTotalPence !== checkout.totalPence) {
      throw badRequest(
        `The amount paid (${options.amountTotalPence}) does not match the checkout total (${checkout.totalPence}).`,
      );
    }
    if (options.currency && options.currency.toLowerCase() !== 'gbp') {
      throw badRequest(`The payment currency ${options.currency} is not GBP.`);
    }
    const placed = placedCheckout(checkout, options);
    if (!placed) throw badRequest('The order has no e-mail address.');
    const { deliveryAddress, addressProblems } = placed;
    if (!deliveryAddress)
      ctx.log.warn(
        { sessionId, eventId: options.eventId },
        'a paid checkout carried no delivery address; the order is marked for the owner',
      );
    if (addressProblems.length > 0)
      ctx.log.warn(
        { sessionId, eventId: options.eventId, addressProblems },
        "a paid checkout's delivery address breaks the address rule; the order waits for the owner",
      );
    const orderId = await placeOrder(ctx, tx, placed, draft);
    if (!orderId) return { orderId: await orderIdOfCheckout(tx, sessionId), created: false };

    if (checkout.discountCode && !(await redeemDiscountCode(tx, checkout.discountCode, orderId))) {
      if (options.beforePayment)
        throw badRequest(`${DISCOUNT_PROBLEMS.used} Please go back to your basket and check out again.`);
      await honourCodeUsedTwice(ctx, tx, orderId, checkout);
    }
    if (checkout.userId)
      await removeBoughtLines(
        tx,
        checkout.userId,
        checkout.lines.map((line) => line.productId),
      );
    await setCheckoutStatus(tx, checkout.id, 'completed');
    return { orderId, created: true };
  });
  if (result.created) {
    void ctx.mailWorker.kick();
    // The printer is called after the payment's answer, never inside it (decision 112).
    void ctx.printWorker.kick();
  }
  return result;
}

/**
 * The order a checkout's payment makes: its e-mail, and its delivery address as the provider
 * collected it. Paid is paid: an address the provider collected is kept (normalised) even when it
 * breaks the rule the demo's form is held to, and then waits for the owner before it is printed; a
 * payment without one still makes the order, marked for the owner (decisions 110 and 133). The
 * demo's address was checked by the same rule before, so it has no problems here. Null when the
 * order would have no e-mail address.
 */
function placedCheckout(checkout: CheckoutSessionRow, options: CompleteOptions): PlacedCheckout | null {
  const email = (checkout.email || options.email || '').toLowerCase();
  if (!email) return null;
  const deliveryAddress = options.deliveryAddress?.line1 ? normaliseAddress(options.deliveryAddress) : null;
  const addressProblems = deliveryAddress ? addressProblemList(deliveryAddress, checkout.deliveryCountries) : [];
  return { ...checkout, email, deliveryAddress, addressProblems, paymentRef: options.paymentRef ?? null };
}

/** The drafts being made, per app and checkout session: deliveries arriving together share one. */
const drafts = new WeakMap<AppContext, Map<string, Promise<OrderDraft | null>>>();

/**
 * The draft of the order a payment would make (decision 174), read without a lock: null when the
 * checkout is unknown, already completed or has no e-mail address, or when the draft could not be
 * made (the transaction then makes the mails itself, and says why if it cannot).
 */
function sharedDraft(ctx: AppContext, sessionId: string, options: CompleteOptions): Promise<OrderDraft | null> {
  let making = drafts.get(ctx);
  if (!making) drafts.set(ctx, (making = new Map()));
  const known = making.get(sessionId);
  if (known) return known;
  const draft = (async () => {
    const checkout = await findCheckoutSession(ctx.database.db, sessionId);
    const placed = checkout && checkout.status !== 'completed' ? placedCheckout(checkout, options) : null;
    return placed ? await draftOrder(ctx, ctx.database.db, placed) : null;
  })().catch((error: unknown) => {
    ctx.log.warn({ err: error, sessionId }, "the order's mails were not made before its transaction");
    return null;
  });
  making.set(sessionId, draft);
  return draft;
}

function forgetDraft(ctx: AppContext, sessionId: string, draft: Promise<OrderDraft | null>): void {
  const making = drafts.get(ctx);
  if (making?.get(sessionId) === draft) making.delete(sessionId);
}

/**
 * A paid checkout whose code another order used meanwhile (docs/decisions/037). Paid is paid: the
 * shopper was charged the discounted price, so the order stands; the shop owner is told by mail,
 * in the order's transaction, and the log says so too.
 */
async function honourCodeUsedTwice(ctx: AppContext, tx: Db, orderId: string, checkout: CheckoutSessionRow) {
  const code = checkout.discountCode!;
  const firstOrderId = (await discountCodeUsage(tx, code))?.usedByOrderId ?? null;
  ctx.log.error(
    { orderId, code, firstOrderId },
    'discount code was already used by another order; order honoured at the price paid',
  );
  const ref = orderId.slice(-10);
  const text = [
    `Order ${ref} was paid with discount code ${code} (−${formatPence(checkout.discountPence)}), but the code had already been used${firstOrderId ? ` by order ${firstOrderId.slice(-10)}` : ''}.`,
    '',
    'The customer paid the discounted price, so the order stands and goes to printing as usual.',
    `The discount was given twice: ${formatPence(checkout.discountPence)} more than the code allows.`,
    '',
    `Orders: ${ctx.config.PUBLIC_URL}/admin/orders`,
  ].join('\n');
  await enqueueMail(tx, {
    to: ctx.config.SHOP_EMAIL,
    subject: `Discount code ${code} used twice (order ${ref})`,
    text,
  });
}
