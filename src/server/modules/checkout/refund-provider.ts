/**
 * Which payment provider took an order's money, so that its refund goes back the same way (issue
 * 26): the provider the order's checkout was opened with; for an order without one (migrated), the
 * demo for a 'demo' payment and Stripe for a payment intent.
 */
import { DEMO_PROVIDER, type PaymentProvider } from '../../adapters/payments/provider';
import { STRIPE_PROVIDER } from '../../adapters/payments/stripe';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { unavailable } from '../../lib/errors';
import { findCheckoutSession } from './repository';

export async function refundProviderOf(
  ctx: AppContext,
  db: Db,
  order: { checkoutSessionId: string; paymentRef: string },
): Promise<PaymentProvider> {
  const checkout = await findCheckoutSession(db, order.checkoutSessionId);
  const name = checkout?.provider ?? (order.paymentRef === 'demo' ? DEMO_PROVIDER : STRIPE_PROVIDER);
  const provider = ctx.payments.byName.get(name);
  if (!provider)
    throw unavailable(
      `This order was paid with ${name}, which this shop is no longer set up for: refund it in the provider's dashboard.`,
    );
  return provider;
}
