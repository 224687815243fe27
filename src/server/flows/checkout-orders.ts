/**
 * What the checkout shows of the orders module (decision 135): the order a paid checkout made
 * (the thank-you view, the demo's Pay pressed again) and the customer's last delivery address,
 * offered at the next checkout. Reached through `ctx.flows` by the checkout's routes.
 */
import type { CheckoutOrder } from '@shared/contracts/orders';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { AppContext } from '../context';
import { notFound } from '../lib/errors';
import { lastDeliveryAddress, orderIdOfCheckout, orderOfCheckout } from '../modules/orders';

/** The id of the order a checkout made, or null before its payment made one. */
export async function orderIdOfPaidCheckout(ctx: AppContext, sessionId: string): Promise<string | null> {
  return orderIdOfCheckout(ctx.database.db, sessionId);
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
