/**
 * Card payment, one interface with two implementations: Stripe Checkout when STRIPE_SECRET_KEY is
 * set (./stripe.ts), otherwise the demo checkout page served by the app. The checkout module owns
 * the rules (prices, discounts, orders); a provider only opens a hosted payment page and turns the
 * provider's signed notifications into PaymentEvents.
 */
import { randomUUID } from 'node:crypto';
import { badRequest } from '../../lib/errors';

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
  successUrl: string;
  cancelUrl: string;
  /** After this the payment page no longer takes a payment (whole seconds; Stripe: 30 minutes to 24 hours away). */
  expiresAt: Date;
}

export interface CreatedCheckout {
  /** The provider's session id (ours for the demo). */
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** A verified notification from the provider, reduced to what the shop acts on. */
export interface PaymentEvent {
  id: string;
  /** completed: the buyer finished paying (or the session completed and payment is pending). */
  kind: 'completed' | 'payment_succeeded' | 'payment_failed' | 'expired' | 'other';
  providerType: string;
  sessionId: string | null;
  /** True when the money is in (Stripe's payment_status 'paid' or 'no_payment_required'). */
  paid: boolean;
  amountTotalPence: number | null;
  currency: string | null;
  email: string | null;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'demo';
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Checks the signature on the raw bytes and answers the event; throws a 400 AppError when it is not genuine. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
  /**
   * Closes an open payment page so it can no longer be paid. Answers true when the session is
   * expired (now or before), false when it can not be expired because the buyer completed it.
   */
  expireCheckout(sessionId: string): Promise<boolean>;
}

export const DEMO_SESSION_PREFIX = 'demo_';

/** The embedded default: the app's own demo checkout page at /checkout/demo/:sessionId. No card is charged. */
export function demoPaymentProvider(): PaymentProvider {
  return {
    kind: 'demo',
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
  };
}
