/**
 * Paid orders for tests, made the way the shop makes them: a checkout_sessions row priced by the
 * pricing function, completed by `completeCheckout` (so order, items, mail and events are real).
 *
 *   const order = await createPaidOrder(t.app, { user: alice, items: [{ product: maze, qty: 2 }] });
 */
import { randomUUID } from 'node:crypto';
import type { Order } from '@shared/contracts/orders';
import { priceCart } from '@shared/pricing';
import type { App } from '../../app';
import { checkoutSessions } from '../../db/schema';
import { completeCheckout } from '../../flows/complete-checkout';
import type { DeliveryAddress } from '@shared/delivery-address';
import { TEST_ADDRESS } from './addresses';
import type { ProductFixture } from './products';

export async function createPaidOrder(
  app: App,
  opts: {
    user?: { id: string; email: string } | null;
    email?: string;
    items: { product: ProductFixture; qty?: number }[];
    /** Where the books go (a valid UK address unless given; null: a payment that came without one). */
    address?: DeliveryAddress | null;
    /** The delivery zone the basket was priced for (decision 148): the spec's UK zone unless given. */
    zone?: { name: string; countries: string[] };
  },
): Promise<{ orderId: string; sessionId: string; totalPence: number }> {
  const lines = opts.items.map(({ product, qty = 1 }) => ({
    productId: product.id,
    productKey: product.key,
    name: product.name,
    qty,
    unitPence: product.pricePence,
  }));
  const price = priceCart(
    opts.items.map(({ product, qty = 1 }) => ({
      unitPence: product.pricePence,
      qty,
      type: product.type,
      age: product.age,
    })),
  );
  const sessionId = `demo_${randomUUID()}`;
  await app.ctx.database.db.insert(checkoutSessions).values({
    id: sessionId,
    provider: 'demo',
    userId: opts.user?.id ?? null,
    email: opts.user?.email ?? opts.email ?? 'guest@example.com',
    lines,
    subtotalPence: price.subtotalPence,
    shippingPence: price.shippingPence,
    discountPence: price.discountPence,
    totalPence: price.totalPence,
    ...(opts.zone
      ? {
          deliveryCountry: opts.address?.country ?? opts.zone.countries[0]!,
          deliveryZone: opts.zone.name,
          deliveryCountries: opts.zone.countries,
        }
      : {}),
  });
  const done = await completeCheckout(app.ctx, sessionId, {
    eventId: `test:${sessionId}`,
    eventType: 'test.paid',
    deliveryAddress: opts.address === undefined ? TEST_ADDRESS : opts.address,
    paymentRef: 'demo',
  });
  return { orderId: done.orderId!, sessionId, totalPence: price.totalPence };
}

/** One order as `GET /api/server/order_history/{userId}` shows it to its owner (undefined when not there). */
export async function historyOrder(
  app: App,
  user: { id: string; token: string },
  orderId: string,
): Promise<Order | undefined> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/server/order_history/${user.id}`,
    headers: { authorization: `Bearer ${user.token}` },
  });
  return (res.json() as Order[]).find((order) => order.order_id === orderId);
}
