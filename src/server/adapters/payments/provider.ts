/**
 * Card payment: named providers behind one interface. Stripe Checkout when STRIPE_SECRET_KEY is
 * set (./stripe.ts), otherwise the demo checkout page served by the app; deps.ts lists the
 * configured ones and which one new checkouts use. The checkout module owns the rules (prices,
 * discounts, orders); a provider only opens a hosted payment page and turns its signed
 * notifications (POST /api/checkout/webhook/<name>) into PaymentEvents.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DeliveryAddress } from '@shared/delivery-address';
import * as MSG from '@shared/messages';
import { AppError, badRequest } from '../../lib/errors';

export interface CheckoutRequestLine {
  productId: string;
  name: string;
  qty: number;
  unitPence: number;
}

export interface CheckoutRequest {
  /** Our own reference for this checkout attempt: metadata and idempotency key. */
  reference: string;
  lines: CheckoutRequestLine[];
  shippingPence: number;
  /** Taken off the whole (items + shipping); 0 for none. */
  discountPence: number;
  /** Shown on the payment page next to the discount, e.g. "Discount code SPRING10 (10 %)". */
  discountLabel: string | null;
  /** What the pricing function says the buyer pays; the provider's total must equal it. */
  totalPence: number;
  customerEmail: string | null;
  metadata: Record<string, string>;
  /**
   * Where the buyer lands after paying, given how the provider names the session in that address
   * (its id, or a template the provider fills in, such as Stripe's {CHECKOUT_SESSION_ID}).
   */
  successUrl: (sessionRef: string) => string;
  cancelUrl: string;
  /** After this the payment page no longer takes a payment (whole seconds; Stripe: 30 minutes to 24 hours away). */
  expiresAt: Date;
  /** The countries a delivery address may be in (ISO codes): a hosted page collects the address and a phone number. */
  shippingCountries: readonly string[];
  /** The delivery price's name on the payment page, e.g. "Delivery (Europe)". */
  shippingLabel: string;
}

export interface CreatedCheckout {
  /** The provider's session id (ours for the demo). */
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** A refund to make (issue 26): our refund id is the idempotency key, so a retry makes one refund. */
export interface RefundRequest {
  refundId: string;
  orderId: string;
  /** The payment's reference at the provider (Stripe's payment intent). */
  paymentRef: string;
  amountPence: number;
  /** Who asked (owner, customer): kept with the refund at the provider, so its event can be matched. */
  by: string;
}

/** A refund as the provider knows it (its answer, or one reported by an event). */
export interface ProviderRefund {
  /** The provider's refund id (Stripe's re_…). */
  id: string;
  /** Our refund id, when we made it (Stripe's metadata.refund_id). */
  refundId: string | null;
  /** Who asked, when we made it (metadata.by). */
  by: string | null;
  paymentRef: string | null;
  amountPence: number;
  state: 'pending' | 'succeeded' | 'failed';
  /** Why it failed, in the provider's words. */
  failure: string | null;
}

/** A dispute (chargeback) the provider reported. */
export interface ProviderDispute {
  id: string;
  paymentRef: string | null;
  amountPence: number;
  reason: string;
}

/** A verified notification from the provider, reduced to what the shop acts on. */
export interface PaymentEvent {
  id: string;
  /**
   * completed: the buyer finished paying (or the session completed and payment is pending);
   * refund: refunds were made or changed (`refunds`); dispute: a chargeback was opened (`dispute`).
   */
  kind: 'completed' | 'payment_succeeded' | 'payment_failed' | 'expired' | 'refund' | 'dispute' | 'other';
  providerType: string;
  sessionId: string | null;
  /** True when the money is in (Stripe's payment_status 'paid' or 'no_payment_required'). */
  paid: boolean;
  amountTotalPence: number | null;
  currency: string | null;
  email: string | null;
  /**
   * The delivery address the payment page collected, as the provider gave it (not yet checked
   * against the shop's rules), or null when it carried none.
   */
  deliveryAddress: Partial<DeliveryAddress> | null;
  /** The payment's own reference at the provider (Stripe's payment intent id), when it has one. */
  paymentRef: string | null;
  /** kind refund: the refunds the event reports. */
  refunds?: ProviderRefund[];
  /** kind dispute. */
  dispute?: ProviderDispute;
}

export interface PaymentProvider {
  /** Its name: stored on each checkout it opens, and the last part of its webhook address. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /**
   * Checks the signature (in the headers the provider uses) on the raw bytes and answers the
   * event; throws a 400 AppError when it is not genuine.
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<PaymentEvent>;
  /**
   * Closes an open payment page so it can no longer be paid. Answers true when the session is
   * expired (now or before), false when it can not be expired because the buyer completed it.
   */
  expireCheckout(sessionId: string): Promise<boolean>;
  /**
   * Refunds part or all of a payment, with our refund id as the idempotency key. Throws a 409
   * when it refuses, a 503 when it certainly made nothing (it refused to look at the request), and
   * `refundUnanswered` when it may have made the refund but its answer was lost (no connection, a
   * timeout, its own 5xx): only asking again with the same key tells (decision 163).
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * The refund the provider made with our refund id, if any (Stripe: the payment's refunds, by
   * their metadata): how the shop learns what became of a refund it was not answered about.
   */
  findRefund(request: { refundId: string; paymentRef: string }): Promise<ProviderRefund | null>;
}

/** The configured providers: the one new checkouts use, and every one by name (for webhooks and open checkouts). */
export interface PaymentProviders {
  readonly checkout: PaymentProvider;
  readonly byName: ReadonlyMap<string, PaymentProvider>;
}

/** `checkout` opens new checkouts; `others` still receive webhooks and complete their open checkouts. */
export function paymentProviders(checkout: PaymentProvider, ...others: PaymentProvider[]): PaymentProviders {
  const byName = new Map([checkout, ...others].map((provider) => [provider.name, provider]));
  if (byName.size !== others.length + 1) throw new Error('Two payment providers have the same name');
  return { checkout, byName };
}

/** The `kind` of a refund the provider did not answer: it may have been made (decision 163). */
export const REFUND_UNANSWERED = 'refund_unanswered';

/** The provider may have made the refund, but did not say: the shop keeps it pending and asks again. */
export const refundUnanswered = (cause: unknown) =>
  new AppError(503, MSG.refundUnanswered, 'UNAVAILABLE', { cause, extra: { kind: REFUND_UNANSWERED } });

export const isRefundUnanswered = (error: unknown): boolean =>
  error instanceof AppError && error.extra?.kind === REFUND_UNANSWERED;

export const DEMO_PROVIDER = 'demo';
export const DEMO_SESSION_PREFIX = 'demo_';

/** The embedded default: the app's own demo checkout page at /checkout/demo/:sessionId. No card is charged. */
export function demoPaymentProvider(): PaymentProvider {
  return {
    name: DEMO_PROVIDER,
    async createCheckout() {
      const sessionId = `${DEMO_SESSION_PREFIX}${randomUUID()}`;
      return { sessionId, url: `/checkout/demo/${sessionId}` };
    },
    async verifyWebhook() {
      throw badRequest('Payment webhooks are not enabled: this shop uses the demo checkout.');
    },
    // The demo page is the shop's own: its checkout row is all there is to close.
    async expireCheckout() {
      return true;
    },
    // No card was charged: the demo's refund succeeds at once.
    async refund(request) {
      return {
        id: `demo_re_${request.refundId}`,
        refundId: request.refundId,
        by: request.by,
        paymentRef: request.paymentRef,
        amountPence: request.amountPence,
        state: 'succeeded',
        failure: null,
      };
    },
    // The demo answers every refund at once, so none is ever left without an answer.
    async findRefund() {
      return null;
    },
  };
}
