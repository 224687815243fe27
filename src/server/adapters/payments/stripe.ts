/**
 * Stripe Checkout through the official SDK.
 *
 * The hosted page must charge exactly what our pricing function says (docs/decisions/031). So the
 * session is made of: one line per book at its database unit price, the delivery price as the
 * fixed amount of its one shipping option (named after the zone; the zone's countries are its
 * allowed_countries, decision 148), and the discount as a one-off amount-off coupon. Stripe takes a
 * coupon off the line items only, never off shipping, so the coupon is our discount up to the
 * books' total and any rest (a high percentage of a cheap book and its delivery) comes off the
 * shipping amount: amount_total = Σ lines − coupon + shipping = our total. Both calls carry
 * idempotency keys derived from our checkout reference, so a retried request never makes a second
 * coupon or session.
 */
import Stripe from 'stripe';
import type { DeliveryAddress } from '@shared/delivery-address';
import * as MSG from '@shared/messages';
import { AppError, badRequest, unavailable } from '../../lib/errors';
import {
  refundUnanswered,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
} from './provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests: the local fake Stripe server (http://127.0.0.1:port). */
  apiUrl?: string;
}

/** The coupon and the shipping option's amount that make Stripe's total ours (see above). */
export function stripeAmounts(request: Pick<CheckoutRequest, 'lines' | 'shippingPence' | 'discountPence'>) {
  const booksPence = request.lines.reduce((sum, line) => sum + line.unitPence * line.qty, 0);
  const couponPence = Math.min(request.discountPence, booksPence);
  return { couponPence, shippingPence: Math.max(0, request.shippingPence - (request.discountPence - couponPence)) };
}
export const STRIPE_PROVIDER = 'stripe';
/** Stripe writes the session's id in its place in the success address. */
const STRIPE_SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

export function createStripeClient(options: Pick<StripeOptions, 'secretKey' | 'apiUrl'>): Stripe {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Stripe's checkout parameters for our request (exported for tests of the arithmetic). */
export function sessionParams(request: CheckoutRequest, couponId: string | null): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    currency: 'gbp',
    client_reference_id: request.reference,
    customer_email: request.customerEmail || undefined,
    line_items: [
      ...request.lines.map((line) => ({
        quantity: line.qty,
        price_data: {
          currency: 'gbp',
          unit_amount: line.unitPence,
          product_data: { name: line.name, metadata: { product_id: line.productId } },
        },
      })),
    ],
    shipping_options: [
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: (stripeAmounts(request).shippingPence === 0
            ? request.shippingLabel.replace(/^Delivery/, 'Free delivery')
            : request.shippingLabel
          ).slice(0, 100),
          fixed_amount: { amount: stripeAmounts(request).shippingPence, currency: 'gbp' },
        },
      },
    ],
    discounts: couponId ? [{ coupon: couponId }] : undefined,
    metadata: request.metadata,
    payment_intent_data: { metadata: request.metadata },
    // The delivery address and a phone number (the print partner's courier asks for one): decision 110.
    shipping_address_collection: {
      allowed_countries:
        request.shippingCountries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
    },
    phone_number_collection: { enabled: true },
    success_url: request.successUrl(STRIPE_SESSION_ID_TEMPLATE),
    cancel_url: request.cancelUrl,
    expires_at: Math.floor(request.expiresAt.getTime() / 1000),
  };
}

/** Stripe's refusals of the request itself (400); anything else of Stripe's is its or our setup failing (503). */
const REFUSAL_TYPES = new Set(['StripeInvalidRequestError', 'StripeCardError', 'StripeIdempotencyError']);

/**
 * A Stripe SDK error as the answer, in our own words, carrying Stripe's error as its cause (the
 * error handler logs it): Stripe's text names parameters, ids and sometimes key prefixes, and is
 * not for the browser. Null for any other error. The error handler uses it too, for a Stripe
 * error that reaches it unwrapped.
 */
export function stripeFailure(error: unknown): AppError | null {
  if (!(error instanceof Stripe.errors.StripeError)) return null;
  return REFUSAL_TYPES.has(error.type)
    ? badRequest(MSG.paymentRefused, error)
    : unavailable(MSG.paymentUnavailable, error);
}

export function stripePaymentProvider(options: StripeOptions): PaymentProvider {
  const stripe = createStripeClient(options);

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw stripeFailure(error) ?? unavailable(MSG.paymentUnavailable, error);
    }
  };

  return {
    name: STRIPE_PROVIDER,

    async createCheckout(request) {
      let couponId: string | null = null;
      const { couponPence } = stripeAmounts(request);
      if (couponPence > 0) {
        const coupon = await call(() =>
          stripe.coupons.create(
            {
              amount_off: couponPence,
              currency: 'gbp',
              duration: 'once',
              max_redemptions: 1,
              name: (request.discountLabel ?? 'Discount').slice(0, 40),
              metadata: request.metadata,
            },
            { idempotencyKey: `coupon-${request.reference}` },
          ),
        );
        couponId = coupon.id;
      }
      const session = await call(() =>
        stripe.checkout.sessions.create(sessionParams(request, couponId), {
          idempotencyKey: `checkout-${request.reference}`,
        }),
      );
      if (!session.url) throw unavailable('The payment provider did not answer a payment page.');
      if (session.amount_total !== null && session.amount_total !== request.totalPence) {
        // Never send a shopper to pay a different amount from the one the cart showed.
        throw unavailable('The payment provider computed a different total. Please try again.');
      }
      return { sessionId: session.id, url: session.url };
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) throw badRequest('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
      } catch {
        throw badRequest('The webhook signature could not be verified.');
      }
      return toPaymentEvent(event);
    },

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Only an open session can be expired: ask Stripe whether this one expired already or was completed.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError))
          throw stripeFailure(error) ?? unavailable(MSG.paymentUnavailable, error);
      }
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId));
      return session.status === 'expired';
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentRef,
            amount: request.amountPence,
            metadata: { refund_id: request.refundId, order_id: request.orderId, by: request.by },
          },
          { idempotencyKey: request.refundId },
        );
        return toProviderRefund(refund);
      } catch (error) {
        // Stripe refused the refund itself (already refunded, amount too large ...): a conflict, in our words.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new AppError(409, MSG.refundRefused, 'CONFLICT', { cause: error, extra: { kind: 'conflict' } });
        // Stripe turned the request away before doing anything (limits, keys, the key used otherwise).
        if (error instanceof Stripe.errors.StripeError && REFUND_NOT_MADE.has(error.type))
          throw unavailable(MSG.refundUnavailable, error);
        // No answer, a timeout or Stripe's own 5xx: it may have made the refund (decision 163).
        throw refundUnanswered(error);
      }
    },
    async findRefund({ refundId, paymentRef }) {
      try {
        for await (const refund of stripe.refunds.list({ payment_intent: paymentRef, limit: 100 }))
          if (refund.metadata?.refund_id === refundId) return toProviderRefund(refund);
        return null;
      } catch (error) {
        throw stripeFailure(error) ?? unavailable(MSG.refundUnavailable, error);
      }
    },
  };
}

/** Stripe errors that say the request was not carried out (so nothing was refunded). */
const REFUND_NOT_MADE = new Set([
  'StripeRateLimitError',
  'StripeAuthenticationError',
  'StripePermissionError',
  'StripeIdempotencyError',
]);

const REFUND_STATES: Record<string, ProviderRefund['state']> = {
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'failed',
};

/** A Stripe refund as the shop records it: requires_action and pending are pending; canceled is failed. */
export function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const paymentRef =
    typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null);
  const state = REFUND_STATES[refund.status ?? ''] ?? 'pending';
  return {
    id: refund.id,
    refundId: refund.metadata?.refund_id ?? null,
    by: refund.metadata?.by ?? null,
    paymentRef,
    amountPence: refund.amount,
    state,
    failure: state === 'failed' ? (refund.failure_reason ?? refund.status ?? 'failed') : null,
  };
}

const kinds: Record<string, PaymentEvent['kind']> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'payment_succeeded',
  'checkout.session.async_payment_failed': 'payment_failed',
  'checkout.session.expired': 'expired',
};

/** Refund events (issue 26): a refund's own, and the charge's with the refunds it lists. */
const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed']);

const paymentIntentOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const kind = kinds[event.type] ?? 'other';
  const base = {
    id: event.id,
    providerType: event.type,
    sessionId: null,
    paid: false,
    amountTotalPence: null,
    currency: null,
    email: null,
    deliveryAddress: null,
  };
  if (REFUND_EVENTS.has(event.type)) {
    const refund = toProviderRefund(event.data.object as Stripe.Refund);
    return { ...base, kind: 'refund', paymentRef: refund.paymentRef, refunds: [refund] };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const paymentRef = paymentIntentOf(charge.payment_intent);
    // The charge lists its refunds only when expanded (API versions since 2022-11-15 leave them out):
    // the refund events carry them then.
    const refunds = (charge.refunds?.data ?? []).map((refund) => ({
      ...toProviderRefund(refund),
      paymentRef: paymentIntentOf(refund.payment_intent) ?? paymentRef,
    }));
    return { ...base, kind: 'refund', paymentRef, refunds };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object as Stripe.Dispute;
    const paymentRef = paymentIntentOf(dispute.payment_intent);
    return {
      ...base,
      kind: 'dispute',
      paymentRef,
      dispute: { id: dispute.id, paymentRef, amountPence: dispute.amount, reason: dispute.reason },
    };
  }
  if (kind === 'other') return { ...base, kind, paymentRef: null };
  const session = event.data.object as Stripe.Checkout.Session;
  return {
    id: event.id,
    kind,
    providerType: event.type,
    sessionId: session.id,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountTotalPence: session.amount_total ?? null,
    currency: session.currency ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    deliveryAddress: collectedAddress(session),
    paymentRef:
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  };
}

/** Stripe's shipping details: where API versions before 2025-03-31 put them (the session's top level). */
type OlderSession = { shipping_details?: Stripe.Checkout.Session.CollectedInformation.ShippingDetails | null };

/**
 * The delivery address a completed session collected. The API version the SDK pins keeps it under
 * `collected_information.shipping_details`; older versions (an account whose webhook endpoint is
 * pinned to one) sent `shipping_details` on the session itself. The phone number is the
 * customer's (`customer_details.phone`). Null when the session has no address at all.
 */
export function collectedAddress(session: Stripe.Checkout.Session): Partial<DeliveryAddress> | null {
  const shipping =
    session.collected_information?.shipping_details ??
    (session as Stripe.Checkout.Session & OlderSession).shipping_details ??
    null;
  const address = shipping?.address;
  if (!shipping || !address?.line1) return null;
  return {
    name: shipping.name ?? session.customer_details?.name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    county: address.state ?? '',
    postcode: address.postal_code ?? '',
    country: address.country ?? '',
    phone: session.customer_details?.phone ?? '',
  };
}
