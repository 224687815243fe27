/**
 * Checkout and orders. The server never trusts a price, total or discount from the browser: every
 * checkout is priced here from database prices by the one pricing function, stored as a
 * checkout_sessions row, and the order is made from that row when the payment completes, by
 * `completeCheckout`, once per session however often the payment event arrives.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CART_QTY_MAX } from '../../../shared/constants';
import type { CreateCheckoutBody, DemoCheckout, Order, ValidateDiscountAnswer } from '../../../shared/contracts/order';
import { formatPence, penceToPounds } from '../../../shared/money';
import { priceCart, type CartPrice, type DiscountTerms } from '../../../shared/pricing';
import type { PaymentEvent } from '../../adapters/payments/provider';
import type { AppContext } from '../../context';
import type { CheckoutLine } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { SessionClaims } from '../../lib/tokens';
import { enqueueMail } from '../mail/outbox';
import { deleteCartLines } from '../cart/repository';
import { DISCOUNT_PROBLEMS, discountProblem } from './discount-rules';
import * as repo from './repository';

/** A demo checkout can be paid for this long after it was made. */
export const DEMO_CHECKOUT_TTL_MS = 60 * 60 * 1000;


interface PricedBasket {
  lines: (CheckoutLine & { type: string; age: string })[];
  price: CartPrice;
  discount: ({ code: string } & DiscountTerms) | null;
}

const emailSchema = z.email();

/**
 * Prices a basket from database prices. Refuses (400) an empty basket, an unknown product, a bad
 * quantity and a code that cannot be used, saying why.
 */
export async function priceBasket(ctx: AppContext, items: { product_id: string; qty: number }[], code?: string | null): Promise<PricedBasket> {
  if (items.length === 0) throw badRequest('Your basket is empty.');
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.qty);
  for (const [productId, qty] of quantities) {
    if (qty > CART_QTY_MAX) throw badRequest(`qty must be a whole number from 1 to ${CART_QTY_MAX} (product ${productId}).`);
  }
  const found = new Map((await repo.findPricedProducts(ctx.database.db, [...quantities.keys()])).map((p) => [p.id, p]));
  const lines = [...quantities].map(([productId, qty]) => {
    const product = found.get(productId);
    if (!product) throw badRequest(`A book in your basket is no longer sold (product ${productId}). Please remove it and try again.`);
    return { productId, productKey: product.key, name: product.name, qty, unitPence: product.pricePence, type: product.type, age: product.age };
  });
  const pricing = lines.map((line) => ({ unitPence: line.unitPence, qty: line.qty, type: line.type, age: line.age }));

  let terms: DiscountTerms | null = null;
  let discount: PricedBasket['discount'] = null;
  const typed = code?.trim();
  if (typed) {
    const row = await repo.findDiscountCode(ctx.database.db, typed);
    const problem = discountProblem(row, pricing, new Date());
    if (problem) throw badRequest(problem);
    terms = { percentage: row!.percentage, types: row!.types, ages: row!.ages };
    discount = { code: row!.code, ...terms };
  }
  return { lines, price: priceCart(pricing, terms), discount };
}

export async function validateDiscount(ctx: AppContext, code: string, items: { product_id: string; qty: number }[]): Promise<ValidateDiscountAnswer> {
  const { price, discount } = await priceBasket(ctx, items, code);
  return {
    code: discount!.code,
    percentage: discount!.percentage,
    types: [...discount!.types],
    ages: [...discount!.ages],
    discount: penceToPounds(price.discountPence),
    total: penceToPounds(price.totalPence),
  };
}

/** POST /api/checkout/create_checkout_session */
export async function createCheckoutSession(ctx: AppContext, body: CreateCheckoutBody, user: SessionClaims | null) {
  const userId = body.user_id ?? null;
  if (userId !== null) {
    if (!user) throw unauthorized();
    if (user.id !== userId) throw forbidden('You can only check out your own basket.');
  }
  const basket = await priceBasket(ctx, body.cartItems, body.discount_code);
  const typedEmail = body.user_email?.trim().toLowerCase() ?? '';
  const email = userId && user ? user.email : emailSchema.safeParse(typedEmail).success ? typedEmail : '';
  const reference = randomUUID();
  const base = ctx.config.PUBLIC_URL;
  const created = await ctx.payments.createCheckout({
    reference,
    lines: basket.lines.map(({ productId, name, qty, unitPence }) => ({ productId, name, qty, unitPence })),
    shippingPence: basket.price.shippingPence,
    discountPence: basket.price.discountPence,
    discountLabel: basket.discount ? `Code ${basket.discount.code} (${basket.discount.percentage}% off)` : null,
    totalPence: basket.price.totalPence,
    customerEmail: email || null,
    metadata: {
      checkout_ref: reference,
      user_id: userId ?? '',
      discount_code: basket.discount?.code ?? '',
      total_pence: String(basket.price.totalPence),
    },
    successUrl: `${base}/cart?order_success=true&token={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/cart`,
  });
  await repo.insertCheckoutSession(ctx.database.db, {
    id: created.sessionId,
    provider: ctx.payments.kind,
    userId,
    email,
    lines: basket.lines.map(({ productId, productKey, name, qty, unitPence }) => ({ productId, productKey, name, qty, unitPence })),
    subtotalPence: basket.price.subtotalPence,
    shippingPence: basket.price.shippingPence,
    discountPence: basket.price.discountPence,
    totalPence: basket.price.totalPence,
    discountCode: basket.discount?.code ?? null,
  });
  return { sessionId: created.sessionId, url: created.url };
}

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
}

/**
 * Makes the order of a paid checkout: order + items, the discount code marked used, the bought
 * lines cleared from the customer's cart, the event recorded, the confirmation mail queued, all in
 * one transaction. Exactly once per checkout session: replays of the same event stop at the
 * processed-events key, other events of the same session wait on the checkout row's lock and then
 * find it completed, and the unique index on orders.checkout_session_id is the last word.
 */
export async function completeCheckout(ctx: AppContext, sessionId: string, options: CompleteOptions): Promise<Completion> {
  const result = await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.recordPaymentEvent(tx, options.eventId, options.eventType))) {
      return { orderId: await repo.findOrderIdByCheckoutSession(tx, sessionId), created: false };
    }
    const checkout = await repo.lockCheckoutSession(tx, sessionId);
    if (!checkout) {
      ctx.log.warn({ sessionId, eventId: options.eventId }, 'payment event for an unknown checkout session ignored');
      return { orderId: null, created: false };
    }
    if (checkout.status === 'completed') {
      return { orderId: await repo.findOrderIdByCheckoutSession(tx, sessionId), created: false };
    }
    if (options.amountTotalPence != null && options.amountTotalPence !== checkout.totalPence) {
      throw badRequest(`The amount paid (${options.amountTotalPence}) does not match the checkout total (${checkout.totalPence}).`);
    }
    if (options.currency && options.currency.toLowerCase() !== 'gbp') {
      throw badRequest(`The payment currency ${options.currency} is not GBP.`);
    }
    const email = (checkout.email || options.email || '').toLowerCase();
    if (!email) throw badRequest('The order has no e-mail address.');

    const orderId = await repo.insertOrder(
      tx,
      {
        checkoutSessionId: checkout.id,
        userId: checkout.userId,
        email,
        subtotalPence: checkout.subtotalPence,
        shippingPence: checkout.shippingPence,
        discountPence: checkout.discountPence,
        totalPence: checkout.totalPence,
        currency: 'gbp',
        discountCode: checkout.discountCode,
      },
      checkout.lines,
    );
    if (!orderId) return { orderId: await repo.findOrderIdByCheckoutSession(tx, sessionId), created: false };

    if (checkout.discountCode && !(await repo.markDiscountCodeUsed(tx, checkout.discountCode, orderId))) {
      // Paid is paid: the shopper was charged the discounted price, so the order stands (docs/decisions/033).
      ctx.log.warn({ orderId, code: checkout.discountCode }, 'discount code was already used by another order; order honoured at the price paid');
    }
    if (checkout.userId) await deleteCartLines(tx, checkout.userId, checkout.lines.map((line) => line.productId));
    await repo.setCheckoutStatus(tx, checkout.id, 'completed');
    await enqueueMail(tx, confirmationMail(ctx, orderId, email, checkout));
    return { orderId, created: true };
  });
  if (result.created) void ctx.mailWorker.kick();
  return result;
}

function confirmationMail(ctx: AppContext, orderId: string, to: string, checkout: repo.CheckoutSessionRow) {
  const ref = orderId.slice(-10);
  const lines = checkout.lines.map((line) => `  ${line.qty} × ${line.name} — ${formatPence(line.unitPence * line.qty)}`);
  const text = [
    `Thank you for your order with ${ctx.config.SHOP_NAME}!`,
    '',
    `Order ${ref}`,
    ...lines,
    '',
    `Subtotal: ${formatPence(checkout.subtotalPence)}`,
    ...(checkout.discountPence > 0 ? [`Discount (${checkout.discountCode}): −${formatPence(checkout.discountPence)}`] : []),
    `Shipping: ${formatPence(checkout.shippingPence)}`,
    `Total paid: ${formatPence(checkout.totalPence)}`,
    '',
    'Your books are now being printed. We will e-mail you when they are on their way.',
    checkout.userId ? `Your orders: ${ctx.config.PUBLIC_URL}/profile` : `Questions? ${ctx.config.PUBLIC_URL}/contact (quote ${ref})`,
  ].join('\n');
  return { to, subject: `Your order ${ref} is confirmed`, text };
}

/** A verified provider event: complete, expire, or ignore. */
export async function handlePaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<void> {
  if (!event.sessionId) return; // not an event the shop acts on
  if ((event.kind === 'completed' && event.paid) || event.kind === 'payment_succeeded') {
    await completeCheckout(ctx, event.sessionId, {
      eventId: event.id,
      eventType: event.providerType,
      amountTotalPence: event.amountTotalPence,
      currency: event.currency,
      email: event.email,
    });
    return;
  }
  if (event.kind === 'expired' || event.kind === 'payment_failed') {
    await ctx.database.db.transaction(async (tx) => {
      if (!(await repo.recordPaymentEvent(tx, event.id, event.providerType))) return;
      await repo.setCheckoutStatus(tx, event.sessionId!, 'expired', 'open');
    });
  }
  // 'completed' with payment pending: the async_payment_succeeded event will follow.
}

// ---- the demo checkout ------------------------------------------------------------------------

async function demoCheckout(ctx: AppContext, sessionId: string) {
  const checkout = await repo.findCheckoutSession(ctx.database.db, sessionId);
  if (!checkout || checkout.provider !== 'demo') throw notFound('This checkout does not exist.');
  if (checkout.status === 'open' && Date.now() - checkout.createdAt.getTime() > DEMO_CHECKOUT_TTL_MS) {
    await repo.setCheckoutStatus(ctx.database.db, sessionId, 'expired', 'open');
    return { ...checkout, status: 'expired' as const };
  }
  return checkout;
}

export async function getDemoCheckout(ctx: AppContext, sessionId: string): Promise<DemoCheckout> {
  const checkout = await demoCheckout(ctx, sessionId);
  return {
    sessionId: checkout.id,
    status: checkout.status,
    lines: checkout.lines.map((line) => ({ product_id: line.productId, name: line.name, qty: line.qty, unit_price: penceToPounds(line.unitPence) })),
    subtotal: penceToPounds(checkout.subtotalPence),
    shipping: penceToPounds(checkout.shippingPence),
    discount: penceToPounds(checkout.discountPence),
    discount_code: checkout.discountCode,
    total: penceToPounds(checkout.totalPence),
    needsEmail: !checkout.email,
  };
}

/** The demo's "Pay": the moment of payment, so the code is checked once more, then the same completeCheckout as Stripe's webhook. */
export async function payDemoCheckout(ctx: AppContext, sessionId: string, typedEmail?: string) {
  const checkout = await demoCheckout(ctx, sessionId);
  const redirect = `/cart?order_success=true&token=${encodeURIComponent(sessionId)}`;
  if (checkout.status === 'completed') {
    const orderId = await repo.findOrderIdByCheckoutSession(ctx.database.db, sessionId);
    return { order_id: orderId ?? '', redirect };
  }
  if (checkout.status === 'expired') throw conflict('This checkout has expired. Please go back to your basket and check out again.');
  let email: string | null = null;
  if (!checkout.email) {
    const parsed = emailSchema.safeParse(typedEmail?.trim().toLowerCase());
    if (!parsed.success) throw badRequest('Please enter a valid email address for your receipt.');
    email = parsed.data;
  }
  if (checkout.discountCode) {
    const code = await repo.findDiscountCode(ctx.database.db, checkout.discountCode);
    if (code?.usedAt) throw badRequest(`${DISCOUNT_PROBLEMS.used} Please go back to your basket and check out again.`);
  }
  const done = await completeCheckout(ctx, sessionId, { eventId: `demo:${sessionId}`, eventType: 'demo.payment_succeeded', email });
  if (!done.orderId) throw new AppError(500, 'The order could not be made.');
  return { order_id: done.orderId, redirect };
}

// ---- order history ----------------------------------------------------------------------------

export async function orderHistory(ctx: AppContext, userId: string): Promise<Order[]> {
  const rows = await repo.findOrdersOfUser(ctx.database.db, userId);
  return rows.map(toOrderAnswer);
}

/** An order row as the API shows it (pounds, ISO date, the spec's field names). */
export function toOrderAnswer(row: {
  id: string;
  items: { name: string; quantity: number; productId: string }[];
  totalPence: number;
  createdAt: Date;
  status: Order['status'];
  currency: string;
  bookVaultRef: string | null;
  trackingRef: string | null;
  reviewed: unknown;
}): Order {
  return {
    order_id: row.id,
    items: row.items.map((item) => ({ item: item.name, quantity: item.quantity, product_id: item.productId })),
    total_cost: penceToPounds(row.totalPence),
    date: row.createdAt.toISOString(),
    status: row.status,
    currency: row.currency,
    bookVault_ref: row.bookVaultRef,
    tracking_ref: row.trackingRef,
    reviewed: Boolean(row.reviewed),
  };
}

