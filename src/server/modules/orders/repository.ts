/** Order SQL: making an order from a paid checkout, listing orders with their lines, status changes. */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, type CheckoutLine } from '../../db/schema';
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

/**
 * Whether an order is fully reviewed: every line whose book is still in the shop has a review (a
 * deleted book cannot be reviewed, and the review page leaves it out too). One rule for the
 * customer's history and the admin's list.
 */
const orderFullyReviewed = sql<boolean>`not exists (
  select 1 from order_items oi
  where oi.order_id = ${orders.id}
    and exists (select 1 from products p where p.id = oi.product_id)
    and not exists (select 1 from reviews r where r.order_id = oi.order_id and r.product_id = oi.product_id)
)`;

/** Every order (or one user's), newest first, with its lines and whether every line has been reviewed. */
export async function listOrdersWithItems(db: Db, filter: { userId?: string } = {}): Promise<OrderWithItems[]> {
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
    .where(filter.userId === undefined ? undefined : eq(orders.userId, filter.userId))
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

export async function findOrderIdByCheckoutSession(db: Db, checkoutSessionId: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId)).limit(1);
  return row?.id ?? null;
}

/** Inserts the order unless one exists for the checkout session (the unique index decides); answers its id or null. */
export async function insertOrder(
  db: Db,
  order: Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  lines: CheckoutLine[],
): Promise<string | null> {
  const [row] = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.checkoutSessionId })
    .returning({ id: orders.id });
  if (!row) return null;
  await db.insert(orderItems).values(
    lines.map((line) => ({ orderId: row.id, productId: line.productId, name: line.name, unitPricePence: line.unitPence, quantity: line.qty })),
  );
  return row.id;
}
