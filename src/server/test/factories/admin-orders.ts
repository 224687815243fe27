/**
 * Orders for API tests, inserted directly (the checkout's own tests make them the real way).
 *
 *   const order = await createOrder(t.app, { email: 'ann@example.com', lines: [{ productId: 'BV-1', name: 'Puzzles', unitPence: 799, qty: 2 }] });
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { orderItems, orders, products } from '../../db/schema';
import { SHIPPING_PENCE } from '../../../shared/constants';
import type { OrderStatus } from '../../../shared/order-status';

export interface OrderLineInput {
  productId: string;
  /** The book bought; left out, the book that has `productId` now (or none). */
  productKey?: string | null;
  name: string;
  unitPence: number;
  qty: number;
}

export async function createOrder(
  app: App,
  opts: { email: string; userId?: string | null; lines: OrderLineInput[]; status?: OrderStatus; bookVaultRef?: string; trackingRef?: string; createdAt?: Date },
) {
  const subtotal = opts.lines.reduce((sum, line) => sum + line.unitPence * line.qty, 0);
  const [order] = await app.ctx.database.db
    .insert(orders)
    .values({
      checkoutSessionId: `test_${randomUUID()}`,
      userId: opts.userId ?? null,
      email: opts.email.toLowerCase(),
      subtotalPence: subtotal,
      shippingPence: SHIPPING_PENCE,
      totalPence: subtotal + SHIPPING_PENCE,
      status: opts.status ?? 'Printing',
      bookVaultRef: opts.bookVaultRef ?? null,
      trackingRef: opts.trackingRef ?? null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  await app.ctx.database.db
    .insert(orderItems)
    .values(
      opts.lines.map((line) => ({
        orderId: order!.id,
        productId: line.productId,
        productKey: line.productKey !== undefined ? line.productKey : sql`(select ${products.productKey} from ${products} where ${products.id} = ${line.productId})`,
        name: line.name,
        unitPricePence: line.unitPence,
        quantity: line.qty,
      })),
    );
  return order!;
}
