/**
 * Checkout: a basket turned into a payment. The server never trusts a price, total or discount
 * from the browser: every checkout is priced from database prices by the one pricing function
 * (`flows/price-basket.ts`), opened with its code held (`flows/open-checkout.ts`), stored as a
 * checkout_sessions row, and the order is made from that row when the payment completes, by
 * `flows/complete-checkout.ts`, once per session however often the payment event arrives. This
 * module keeps the session itself: cancelling it, the provider's events, the demo checkout.
 */
import { z } from 'zod';
import type { DemoCheckout, DemoPayBody } from '@shared/contracts/checkout';
import { addressProblemList, countryName, normaliseAddress, type DeliveryAddress } from '@shared/delivery-address';
import { zoneCountries } from '@shared/delivery-zones';
import { penceToPounds } from '@shared/money';
import { DEMO_PROVIDER, type PaymentEvent } from '../../adapters/payments/provider';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
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
export const orderSuccessPath = (sessionRef: string) => `/cart?order_success=true&token=${sessionRef}`;

/** A receipt's e-mail address as the checkout takes it. */
export const emailSchema = z.email();

/** Why a basket can not go to a country in no zone, and where it can go instead. */
export async function noZoneSentence(ctx: AppContext, country: string): Promise<string> {
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
  return { status: (await ctx.database.db.transaction((tx) => ctx.flows.expireCheckout(tx, sessionId))) ?? 'expired' };
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
      await ctx.flows.expireCheckout(tx, event.sessionId!);
    });
    return;
  }
  // Completed with the payment pending (a bank debit): its code stays held until the payment's outcome.
  if (event.kind === 'completed') await ctx.flows.keepCodeWhilePaymentPends(ctx, event.sessionId);
}

// ---- the demo checkout ------------------------------------------------------------------------

async function demoCheckout(ctx: AppContext, sessionId: string) {
  const checkout = await repo.findCheckoutSession(ctx.database.db, sessionId);
  if (!checkout || checkout.provider !== DEMO_PROVIDER) throw notFound('This checkout does not exist.');
  if (checkout.status === 'open' && checkout.expiresAt.getTime() <= Date.now()) {
    const status = await ctx.database.db.transaction((tx) => ctx.flows.expireCheckout(tx, sessionId));
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
    const orderId = await ctx.flows.orderIdOfPaidCheckout(ctx, sessionId);
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
