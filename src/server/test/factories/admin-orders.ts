/**
 * Orders for API tests, inserted directly (the checkout's own tests make them the real way), with
 * the first line of their history as placeOrder writes it.
 *
 *   const order = await createOrder(t.app, { email: 'ann@example.com', lines: [{ productId: 'BV-1', name: 'Puzzles', unitPence: 799, qty: 2 }] });
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { orderItems, orders, products } from '../../db/schema';
import { SHIPPING_PENCE } from '@shared/constants';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { OrderStatus } from '@shared/order-status';
import { CHANGED_BY_CHECKOUT, recordStatusChange } from '../../modules/orders/history';

export interface OrderLineInput {
  productId: string;
  /** The book bought; left out, the book that has `productId` now (or none). */
  productKey?: string | null;
  name: string;
  unitPence: number;
  qty: number;
}

export interface OrderInput {
  email: string;
  userId?: string | null;
  lines: OrderLineInput[];
  status?: OrderStatus;
  bookVaultRef?: string;
  trackingRef?: string;
  /** A Date, or a timestamptz literal when microseconds matter ('2026-01-01 10:00:00.123456+00'). */
  createdAt?: Date | string;
  /** Where the books go (factories/addresses.ts); left out, none recorded (an order from before addresses were collected). */
  deliveryAddress?: DeliveryAddress | null;
  addressMissing?: boolean;
  paymentRef?: string | null;
  discountPence?: number;
  discountCode?: string | null;
  /** The delivery zone and its price (decision 148); left out, none recorded and the spec's £3.83. */
  deliveryZone?: string | null;
  shippingPence?: number;
}

export async function createOrder(app: App, opts: OrderInput) {
  const db = app.ctx.database.db;
  const subtotal = opts.lines.reduce((sum, line) => sum + line.unitPence * line.qty, 0);
  const discount = opts.discountPence ?? 0;
  const shipping = opts.shippingPence ?? SHIPPING_PENCE;
  const [order] = await db
    .insert(orders)
    .values({
      checkoutSessionId: `test_${randomUUID()}`,
      userId: opts.userId ?? null,
      email: opts.email.toLowerCase(),
      subtotalPence: subtotal,
      shippingPence: shipping,
      discountPence: discount,
      discountCode: opts.discountCode ?? null,
      deliveryZone: opts.deliveryZone ?? null,
      totalPence: subtotal - discount + shipping,
      status: opts.status ?? 'Printing',
      bookVaultRef: opts.bookVaultRef ?? null,
      trackingRef: opts.trackingRef ?? null,
      deliveryAddress: opts.deliveryAddress ?? null,
      addressMissing: opts.addressMissing ?? false,
      paymentRef: opts.paymentRef ?? null,
      ...(opts.createdAt instanceof Date
        ? { createdAt: opts.createdAt }
        : typeof opts.createdAt === 'string'
          ? { createdAt: sql`${opts.createdAt}::timestamptz` }
          : {}),
    })
    .returning();
  await db.insert(orderItems).values(
    opts.lines.map((line) => ({
      orderId: order!.id,
      productId: line.productId,
      productKey:
        line.productKey !== undefined
          ? line.productKey
          : sql`(select ${products.productKey} from ${products} where ${products.id} = ${line.productId})`,
      name: line.name,
      unitPricePence: line.unitPence,
      quantity: line.qty,
    })),
  );
  // The order's making, as placeOrder records it (made with the status asked for).
  await recordStatusChange(db, {
    orderId: order!.id,
    from: null,
    to: order!.status,
    by: CHANGED_BY_CHECKOUT,
    mailSubject: null,
  });
  return order!;
}
