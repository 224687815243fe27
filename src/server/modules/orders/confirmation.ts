/**
 * What a shopper may read of their order without signing in: the thank-you view, through the
 * checkout session id of the return address (the capability only the paying browser has; decision
 * 110), and a customer's last delivery address, offered again at the next checkout.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { CheckoutOrder } from '@shared/contracts/orders';
import type { DeliveryAddress } from '@shared/delivery-address';
import { penceToPounds } from '@shared/money';
import type { Db } from '../../db/client';
import { checkoutSessions, orders } from '../../db/schema';
import { listOrdersWithItems } from './repository';

/** The thank-you view reads an order through its checkout for this long after payment; later, the customer's history (or a mail) has it. */
export const CONFIRMATION_READABLE_MS = 24 * 60 * 60 * 1000;

/** The order a checkout made, as the thank-you view shows it; null when there is none (yet), or it is too old to show this way. */
export async function orderOfCheckout(
  db: Db,
  checkoutSessionId: string,
  now = Date.now(),
): Promise<CheckoutOrder | null> {
  const [order] = await listOrdersWithItems(db, { where: eq(orders.checkoutSessionId, checkoutSessionId), limit: 1 });
  if (!order || now - order.createdAt.getTime() > CONFIRMATION_READABLE_MS) return null;
  return {
    order_id: order.id,
    items: order.items.map((line) => ({
      product_id: line.productId,
      item: line.name,
      quantity: line.quantity,
      unit_price: penceToPounds(line.unitPricePence),
    })),
    subtotal: penceToPounds(order.subtotalPence),
    discount: penceToPounds(order.discountPence),
    discount_code: order.discountPence > 0 ? order.discountCode : null,
    shipping: penceToPounds(order.shippingPence),
    delivery_zone: order.deliveryZone,
    total: penceToPounds(order.totalPence),
    currency: order.currency,
    email: order.email,
    delivery_address: order.deliveryAddress,
  };
}

/**
 * The delivery address of the customer's newest order that has one and that they placed signed in
 * as this account: the checkout itself was theirs (checkout_sessions.user_id), so the address is
 * one they typed or confirmed. An order that became theirs later, a guest order attached by a
 * review link sent to their e-mail address, is in their history but its address is never offered
 * again: whoever paid for it chose that address, and anyone can pay with anyone's e-mail address
 * (issue 32, finding 6).
 */
export async function lastDeliveryAddress(db: Db, userId: string): Promise<DeliveryAddress | null> {
  const [row] = await db
    .select({ address: orders.deliveryAddress })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(and(eq(orders.userId, userId), eq(checkoutSessions.userId, userId), isNotNull(orders.deliveryAddress)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.address ?? null;
}
