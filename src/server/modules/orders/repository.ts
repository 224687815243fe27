/** SQL of the admin area's orders and discount codes. Product writes are in product-repository.ts. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes, orderItems, orders, products } from '../../db/schema';
import { orderFullyReviewed } from '../checkout/repository';
import type { OrderState } from './status';

export interface OrderWithItems {
  id: string;
  email: string;
  totalPence: number;
  currency: string;
  createdAt: Date;
  status: OrderState['status'];
  bookVaultRef: string | null;
  trackingRef: string | null;
  items: Array<{ productId: string; name: string; quantity: number }>;
  reviewed: boolean;
}

/** Every order, newest first, with its lines and whether every line has been reviewed. */
export async function listOrdersWithItems(db: Db): Promise<OrderWithItems[]> {
  const rows = await db
    .select({
      id: orders.id,
      email: orders.email,
      totalPence: orders.totalPence,
      currency: orders.currency,
      createdAt: orders.createdAt,
      status: orders.status,
      bookVaultRef: orders.bookVaultRef,
      trackingRef: orders.trackingRef,
      reviewed: orderFullyReviewed,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((row) => row.id)))
    .orderBy(orderItems.name);
  const linesByOrder = new Map<string, OrderWithItems['items']>();
  for (const line of lines) {
    const list = linesByOrder.get(line.orderId) ?? [];
    list.push({ productId: line.productId, name: line.name, quantity: line.quantity });
    linesByOrder.set(line.orderId, list);
  }
  return rows.map((row) => ({ ...row, reviewed: Boolean(row.reviewed), items: linesByOrder.get(row.id) ?? [] }));
}

/** The order row, locked for the rest of the transaction. */
export async function lockOrder(tx: Db, orderId: string) {
  const [row] = await tx
    .select({ id: orders.id, email: orders.email, status: orders.status, bookVaultRef: orders.bookVaultRef, trackingRef: orders.trackingRef })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row ?? null;
}

export async function saveOrderState(tx: Db, orderId: string, state: OrderState): Promise<void> {
  await tx
    .update(orders)
    .set({ status: state.status, bookVaultRef: state.bookVaultRef, trackingRef: state.trackingRef, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** The product types that exist in the catalogue. */
export async function existingProductTypes(db: Db, wanted: string[]): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const rows = await db.selectDistinct({ type: products.type }).from(products).where(inArray(products.type, wanted));
  return new Set(rows.map((row) => row.type));
}

/** Inserts the code; false when the code already exists (the caller draws another). */
export async function insertDiscountCode(
  tx: Db,
  code: { code: string; percentage: number; types: string[]; ages: string[]; email: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await tx.insert(discountCodes).values(code).onConflictDoNothing({ target: discountCodes.code }).returning({ code: discountCodes.code });
  return inserted.length === 1;
}

export async function findDiscountCode(db: Db, code: string) {
  const [row] = await db.select().from(discountCodes).where(and(eq(discountCodes.code, code)));
  return row ?? null;
}
