/**
 * Checkout: a basket turned into a payment. The server never trusts a price, total or discount from the browser: every
 * checkout is priced here from database prices by the one pricing function, stored as a
 * checkout_sessions row, and the order is made from that row when the payment completes, by
 * `flows/complete-checkout.ts`, once per session however often the payment event arrives.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CART_QTY_MAX } from '@shared/constants';
import type { ValidateDiscountAnswer } from '@shared/contracts/discounts';
import type { CreateCheckoutBody, DemoCheckout, DemoPayBody } from '@shared/contracts/checkout';
import type { CheckoutOrder } from '@shared/contracts/orders';
import { addressProblemList, countryName, normaliseAddress, type DeliveryAddress } from '@shared/delivery-address';
import { zoneCountries, zoneOf, type DeliveryZone } from '@shared/delivery-zones';
import { penceToPounds } from '@shared/money';
import { priceCart, type CartPrice } from '@shared/pricing';
import {
  DEMO_PROVIDER,
  type CreatedCheckout,
  type PaymentEvent,
  type PaymentProvider,
} from '../../adapters/payments/provider';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { CheckoutLine } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { SessionClaims } from '../../lib/tokens';
import {
  DISCOUNT_PROBLEMS,
  discountCodeUsage,
  holdDiscountCode,
  holdDiscountCodeUntilItExpires,
  passDiscountHold,
  releaseDiscountHold,
  usableDiscount,
  type UsableDiscount,
} from '../discounts';
import { lastDeliveryAddress, orderIdOfCheckout, orderOfCheckout } from '../orders';
import { pricedProducts } from '../products';
import { currentZones } from './delivery-zones';
import * as repo from './repository';

/** A checkout can be paid for this long: Stripe's session expires_at (30 minutes to 24 hours away), and the demo's own. */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;
/**
 * A discount code's hold outlasts its checkout by this much, so it never runs out while a payment
 * that began in time is still finishing (docs/decisions/036).
 */
export const HOLD_GRACE_MS = 5 * 60 * 1000;

export const CHECKOUT_EXPIRED = 'This checkout has expired. Please go back to your basket and check out again.';

/** The basket page after a payment: it shows the order's confirmation. `sessionRef` is the provider's session id (or its template for it). */
const orderSuccessPath = (sessionRef: string) => `/cart?order_success=true&token=${sessionRef}`;

interface PricedBasket {
  lines: (CheckoutLine & { type: string; age: string })[];
  price: CartPrice;
  discount: UsableDiscount | null;
}

const emailSchema = z.email();

/**
 * Prices a basket from database prices. Refuses (400) an empty basket, an unknown product, a bad
 * quantity and a code that cannot be used, saying why.
 */
export async function priceBasket(
  ctx: AppContext,
  items: { product_id: string; qty: number }[],
  code?: string | null,
  zone?: DeliveryZone,
): Promise<PricedBasket> {
  if (items.length === 0) throw badRequest('Your basket is empty.');
  const quantities = new Map<string, number>();
  for (const item of items) quantities.set(item.product_id, (quantities.get(item.product_id) ?? 0) + item.qty);
  for (const [productId, qty] of quantities) {
    if (qty > CART_QTY_MAX)
      throw badRequest(`qty must be a whole number from 1 to ${CART_QTY_MAX} (product ${productId}).`);
  }
  const found = new Map((await pricedProducts(ctx.database.db, [...quantities.keys()])).map((p) => [p.id, p]));
  const lines = [...quantities].map(([productId, qty]) => {
    const product = found.get(productId);
    if (!product)
      throw badRequest(
        `A book in your basket is no longer sold (product ${productId}). Please remove it and try again.`,
      );
    return {
      productId,
      productKey: product.key,
      name: product.name,
      qty,
      unitPence: product.pricePence,
      type: product.type,
      age: product.age,
    };
  });
  const pricing = lines.map((line) => ({ unitPence: line.unitPence, qty: line.qty, type: line.type, age: line.age }));

  const typed = code?.trim();
  const discount = typed ? await usableDiscount(ctx.database.db, typed, pricing) : null;
  return { lines, price: priceCart(pricing, discount, zone), discount };
}

export async function validateDiscount(
  ctx: AppContext,
  code: string,
  items: { product_id: string; qty: number }[],
): Promise<ValidateDiscountAnswer> {
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

/**
 * POST /api/checkout/create_checkout_session. A code is held for this checkout before the payment
 * page is made (docs/decisions/036): of checkouts opened with one code, only one at a time gets a
 * page; the others are refused before anything is written, here or at the provider.
 */
export async function createCheckoutSession(ctx: AppContext, body: CreateCheckoutBody, user: SessionClaims | null) {
  const userId = body.user_id ?? null;
  if (userId !== null) {
    if (!user) throw unauthorized();
    if (user.id !== userId) throw forbidden('You can only check out your own basket.');
  }
  const country = body.country;
  const zone = zoneOf(await currentZones(ctx.database.db), country);
  if (!zone) throw badRequest(await noZoneSentence(ctx, country));
  const basket = await priceBasket(ctx, body.cartItems, body.discount_code, zone);
  const typedEmail = body.user_email?.trim().toLowerCase() ?? '';
  const email = userId && user ? user.email : emailSchema.safeParse(typedEmail).success ? typedEmail : '';
  const reference = randomUUID();
  const base = ctx.config.PUBLIC_URL;
  const lines = basket.lines.map(({ productId, productKey, name, qty, unitPence }) => ({
    productId,
    productKey,
    name,
    qty,
    unitPence,
  }));
  const code = basket.discount?.code ?? null;
  const expiresAt = new Date(Math.floor((Date.now() + CHECKOUT_TTL_MS) / 1000) * 1000);
  if (code) await holdCode(ctx, code, reference, new Date(expiresAt.getTime() + HOLD_GRACE_MS));

  const provider = ctx.payments.checkout;
  let created: CreatedCheckout | null = null;
  try {
    created = await provider.createCheckout({
      reference,
      lines,
      shippingPence: basket.price.shippingPence,
      discountPence: basket.price.discountPence,
      discountLabel: basket.discount ? `Code ${basket.discount.code} (${basket.discount.percentage}% off)` : null,
      totalPence: basket.price.totalPence,
      customerEmail: email || null,
      metadata: {
        checkout_ref: reference,
        user_id: userId ?? '',
        discount_code: code ?? '',
        total_pence: String(basket.price.totalPence),
      },
      successUrl: (sessionRef) => `${base}${orderSuccessPath(sessionRef)}`,
      cancelUrl: `${base}/cart`,
      expiresAt,
      shippingCountries: zone.countries,
      shippingLabel: `Delivery (${zone.name})`,
    });
    const sessionId = created.sessionId;
    await ctx.database.db.transaction(async (tx) => {
      await repo.insertCheckoutSession(tx, {
        id: sessionId,
        provider: provider.name,
        userId,
        email,
        lines,
        subtotalPence: basket.price.subtotalPence,
        shippingPence: basket.price.shippingPence,
        discountPence: basket.price.discountPence,
        totalPence: basket.price.totalPence,
        discountCode: code,
        deliveryCountry: country,
        deliveryZone: zone.name,
        deliveryCountries: zone.countries,
        expiresAt,
      });
      // From now on the hold is the session's, which the provider's events and Cancel name.
      if (code && !(await passDiscountHold(tx, code, reference, sessionId))) throw badRequest(DISCOUNT_PROBLEMS.held);
    });
    return { sessionId, url: created.url };
  } catch (error) {
    if (code) await letGoOfCode(ctx, provider, code, reference, created?.sessionId ?? null);
    throw error;
  }
}

/** Why a basket can not go to a country in no zone, and where it can go instead. */
async function noZoneSentence(ctx: AppContext, country: string): Promise<string> {
  const names = zoneCountries(await currentZones(ctx.database.db)).map(countryName);
  return `We do not deliver to ${countryName(country)}. Please choose another destination in your basket: we send books to ${names.join(', ')}.`;
}

/**
 * The sentence for a delivery address outside the zone the basket was priced for (decision 148):
 * the price depends on the destination, so the shopper changes it in the basket and checks out again.
 */
export function outsideZoneSentence(
  checkout: Pick<repo.CheckoutSessionRow, 'deliveryCountry' | 'deliveryZone'>,
  country: string,
): string {
  return `Your basket was priced for delivery to ${countryName(checkout.deliveryCountry)} (${checkout.deliveryZone}), so this checkout can only send to an address there. To send to ${countryName(country)}, go back to your basket, choose ${countryName(country)} as the destination and check out again.`;
}

/** Holds a code for a checkout being opened, or refuses (400) saying why: used by now, or held by another open checkout. */
async function holdCode(ctx: AppContext, code: string, holder: string, until: Date) {
  if (await holdDiscountCode(ctx.database.db, code, holder, until)) return;
  throw badRequest((await discountCodeUsage(ctx.database.db, code)) ? DISCOUNT_PROBLEMS.used : DISCOUNT_PROBLEMS.held);
}

/**
 * A checkout that could not be opened lets go of its code. When the provider made a payment page,
 * it is closed first; if that fails the hold stays until its time is up, since the page might
 * still be paid.
 */
async function letGoOfCode(
  ctx: AppContext,
  provider: PaymentProvider,
  code: string,
  reference: string,
  sessionId: string | null,
) {
  try {
    if (sessionId && !(await provider.expireCheckout(sessionId))) return;
    await releaseDiscountHold(ctx.database.db, code, reference);
  } catch (error) {
    ctx.log.warn({ err: error, code, sessionId }, 'discount code hold left to run out after a failed checkout');
  }
}

/**
 * An open checkout that can no longer be paid: marked expired, and its hold on a discount code let
 * go. Answers the checkout's status afterwards (null for an unknown session).
 */
async function expireCheckout(tx: Db, sessionId: string): Promise<repo.CheckoutSessionRow['status'] | null> {
  const checkout = await repo.lockCheckoutSession(tx, sessionId);
  if (!checkout) return null;
  if (checkout.status !== 'open') return checkout.status;
  await repo.setCheckoutStatus(tx, sessionId, 'expired');
  if (checkout.discountCode) await releaseDiscountHold(tx, checkout.discountCode, sessionId);
  return 'expired';
}

/**
 * POST /api/checkout/sessions/:sessionId/cancel: the shopper left the payment page. The provider's
 * page is closed first (Stripe: the session is expired), then the checkout expires and lets go of
 * its code. A session the buyer completed meanwhile is left alone: its payment event makes the order.
 */
export async function cancelCheckout(
  ctx: AppContext,
  sessionId: string,
): Promise<{ status: repo.CheckoutSessionRow['status'] }> {
  const checkout = await repo.findCheckoutSession(ctx.database.db, sessionId);
  if (!checkout) throw notFound('This checkout does not exist.');
  if (checkout.status !== 'open') return { status: checkout.status };
  const provider = ctx.payments.byName.get(checkout.provider);
  if (!provider)
    throw conflict('This checkout was opened with another payment provider and can not be cancelled here.');
  if (!(await provider.expireCheckout(sessionId))) return { status: 'open' };
  return { status: (await ctx.database.db.transaction((tx) => expireCheckout(tx, sessionId))) ?? 'expired' };
}

/** A verified provider event: complete, expire, or ignore. */
export async function handlePaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<void> {
  // Refunds and disputes belong to an order: matched and applied by the flow (issue 26).
  if (event.kind === 'refund' || event.kind === 'dispute') return ctx.flows.applyAfterSaleEvent(ctx, event);
  if (!event.sessionId) return; // not an event the shop acts on
  if ((event.kind === 'completed' && event.paid) || event.kind === 'payment_succeeded') {
    await ctx.flows.completeCheckout(ctx, event.sessionId, {
      eventId: event.id,
      eventType: event.providerType,
      amountTotalPence: event.amountTotalPence,
      currency: event.currency,
      email: event.email,
      deliveryAddress: event.deliveryAddress,
      paymentRef: event.paymentRef,
    });
    return;
  }
  if (event.kind === 'expired' || event.kind === 'payment_failed') {
    await ctx.database.db.transaction(async (tx) => {
      if (!(await repo.recordPaymentEvent(tx, event.id, event.providerType))) return;
      await expireCheckout(tx, event.sessionId!);
    });
    return;
  }
  if (event.kind === 'completed') {
    // Completed with the payment pending (a bank debit): async_payment_succeeded or _failed will
    // follow, maybe days later. The session can no longer expire, so its code stays held until then.
    const checkout = await repo.findCheckoutSession(ctx.database.db, event.sessionId);
    if (checkout?.status === 'open' && checkout.discountCode) {
      if (!(await holdDiscountCodeUntilItExpires(ctx.database.db, checkout.discountCode, checkout.id))) {
        ctx.log.warn(
          { sessionId: checkout.id, code: checkout.discountCode },
          'a checkout with a pending payment could not keep its discount code',
        );
      }
    }
  }
}

// ---- the demo checkout ------------------------------------------------------------------------

async function demoCheckout(ctx: AppContext, sessionId: string) {
  const checkout = await repo.findCheckoutSession(ctx.database.db, sessionId);
  if (!checkout || checkout.provider !== DEMO_PROVIDER) throw notFound('This checkout does not exist.');
  if (checkout.status === 'open' && checkout.expiresAt.getTime() <= Date.now()) {
    const status = await ctx.database.db.transaction((tx) => expireCheckout(tx, sessionId));
    return { ...checkout, status: status ?? 'expired' };
  }
  return checkout;
}

export async function getDemoCheckout(ctx: AppContext, sessionId: string): Promise<DemoCheckout> {
  const checkout = await demoCheckout(ctx, sessionId);
  return {
    sessionId: checkout.id,
    status: checkout.status,
    lines: checkout.lines.map((line) => ({
      product_id: line.productId,
      name: line.name,
      qty: line.qty,
      unit_price: penceToPounds(line.unitPence),
    })),
    subtotal: penceToPounds(checkout.subtotalPence),
    shipping: penceToPounds(checkout.shippingPence),
    discount: penceToPounds(checkout.discountPence),
    discount_code: checkout.discountCode,
    total: penceToPounds(checkout.totalPence),
    needsEmail: !checkout.email,
    countries: [...checkout.deliveryCountries],
    country: checkout.deliveryCountry,
    zone: checkout.deliveryZone,
    estimate:
      (await currentZones(ctx.database.db)).find((zone) => zone.name === checkout.deliveryZone)?.estimate ?? null,
  };
}

/**
 * A typed delivery address, normalised, or a 400 naming every bad field in the words the
 * checkout form shows under each field (src/shared/delivery-address.ts). Only an address in the
 * zone the basket was priced for is taken (decision 148).
 */
export function checkedDeliveryAddress(
  checkout: Pick<repo.CheckoutSessionRow, 'deliveryCountry' | 'deliveryZone' | 'deliveryCountries'>,
  input: DemoPayBody['address'],
): DeliveryAddress {
  const address = normaliseAddress(input);
  if (/^[A-Z]{2}$/.test(address.country) && !checkout.deliveryCountries.includes(address.country))
    throw badRequest(outsideZoneSentence(checkout, address.country));
  const messages = addressProblemList(address, checkout.deliveryCountries);
  if (messages.length > 0) throw badRequest(`Please check the delivery address. ${messages.join(' ')}`);
  return address;
}

/**
 * The demo's "Pay": the same completeCheckout as Stripe's webhook, but before any money moves, so
 * an expired checkout or a code used meanwhile refuses the payment (inside the order's transaction).
 */
export async function payDemoCheckout(ctx: AppContext, sessionId: string, body: DemoPayBody) {
  const checkout = await demoCheckout(ctx, sessionId);
  const deliveryAddress = checkedDeliveryAddress(checkout, body.address);
  const typedEmail = body.email;
  const redirect = orderSuccessPath(encodeURIComponent(sessionId));
  if (checkout.status === 'completed') {
    const orderId = await orderIdOfCheckout(ctx.database.db, sessionId);
    return { order_id: orderId ?? '', redirect };
  }
  if (checkout.status === 'expired') throw conflict(CHECKOUT_EXPIRED);
  let email: string | null = null;
  if (!checkout.email) {
    const parsed = emailSchema.safeParse(typedEmail?.trim().toLowerCase());
    if (!parsed.success) throw badRequest('Please enter a valid email address for your receipt.');
    email = parsed.data;
  }
  const done = await ctx.flows.completeCheckout(ctx, sessionId, {
    eventId: `demo:${sessionId}`,
    eventType: 'demo.payment_succeeded',
    email,
    beforePayment: true,
    deliveryAddress,
    paymentRef: DEMO_PROVIDER,
  });
  if (!done.orderId) throw new AppError(500, 'The order could not be made.');
  return { order_id: done.orderId, redirect };
}

/** GET /api/checkout/sessions/:sessionId/order: the thank-you view's order; 404 until the payment has made it. */
export async function checkoutOrder(ctx: AppContext, sessionId: string): Promise<CheckoutOrder> {
  const order = await orderOfCheckout(ctx.database.db, sessionId);
  if (!order) throw notFound('We have not received the payment for this checkout yet.');
  return order;
}

/** GET /api/server/delivery_address/:userId: the customer's last delivery address, offered at the next checkout. */
export async function savedDeliveryAddress(
  ctx: AppContext,
  userId: string,
): Promise<{ address: DeliveryAddress | null }> {
  return { address: await lastDeliveryAddress(ctx.database.db, userId) };
}
