/**
 * A checkout's discount code while it is paid for (decision 036): let go when the checkout
 * expires (the shopper left, the provider said so, the demo's time ran out), kept until the code
 * expires when the payment is pending. The checkout module's session and the discounts module's
 * hold; reached through `ctx.flows` by the checkout module (decision 135).
 */
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import {
  findCheckoutSession,
  lockCheckoutSession,
  setCheckoutStatus,
  type CheckoutSessionRow,
} from '../modules/checkout';
import { holdDiscountCodeUntilItExpires, releaseDiscountHold } from '../modules/discounts';

/**
 * An open checkout that can no longer be paid: marked expired, and its hold on a discount code let
 * go. Answers the checkout's status afterwards (null for an unknown session).
 */
export async function expireCheckout(tx: Db, sessionId: string): Promise<CheckoutSessionRow['status'] | null> {
  const checkout = await lockCheckoutSession(tx, sessionId);
  if (!checkout) return null;
  if (checkout.status !== 'open') return checkout.status;
  await setCheckoutStatus(tx, sessionId, 'expired');
  if (checkout.discountCode) await releaseDiscountHold(tx, checkout.discountCode, sessionId);
  return 'expired';
}

/**
 * A checkout completed with its payment pending (a bank debit): async_payment_succeeded or _failed
 * will follow, maybe days later. The session can no longer expire, so its code stays held until then.
 */
export async function keepCodeWhilePaymentPends(ctx: AppContext, sessionId: string): Promise<void> {
  const checkout = await findCheckoutSession(ctx.database.db, sessionId);
  if (checkout?.status === 'open' && checkout.discountCode) {
    if (!(await holdDiscountCodeUntilItExpires(ctx.database.db, checkout.discountCode, checkout.id))) {
      ctx.log.warn(
        { sessionId: checkout.id, code: checkout.discountCode },
        'a checkout with a pending payment could not keep its discount code',
      );
    }
  }
}
