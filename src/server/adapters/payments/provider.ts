/**
 * Card payment. Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise the demo checkout page
 * served by the app. The checkout module owns the logic; this is only the provider's side.
 * (Filled in by the checkout issue.)
 */
export interface CheckoutRequestLine {
  productId: string;
  name: string;
  qty: number;
  unitPence: number;
}

export interface CreatedCheckout {
  /** The provider's session id (ours for the demo). */
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'demo';
}

export function demoPaymentProvider(): PaymentProvider {
  return { kind: 'demo' };
}
