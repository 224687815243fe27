/** Checkout, order and discount-code SQL. */
import { and, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  checkoutSessions,
  discountCodes,
  orderItems,
  orders,
  processedPaymentEvents,
  products,
  type CheckoutLine,
} from '../../db/schema';
import { onSale } from '../catalogue/repository';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Key, price, name, type and age of the books of the shop whose ids are given (unknown and archived ids are left out). */
export async function findPricedProducts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, key: products.productKey, name: products.name, type: products.type, age: products.age, pricePence: products.pricePence })
    .from(products)
    .where(and(inArray(products.id, [...ids]), onSale));
}

/** A code as typed, or its upper-cased form (codes are mailed in capitals; people type them any way). */
export async function findDiscountCode(db: Db, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(or(eq(discountCodes.code, code), eq(discountCodes.code, code.toUpperCase())))
    .limit(1);
  return row ?? null;
}

/**
 * Marks a code used by an order, only when no order used it yet, and ends its hold. One
 * conditional update inside the order's transaction: of any number of transactions trying at
 * once, one wins and the others find the row taken. Answers whether this one won.
 */
export async function markDiscountCodeUsed(db: Db, code: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ usedAt: sql`now()`, usedByOrderId: orderId, heldByCheckoutId: null, heldUntil: null })
    .where(and(eq(discountCodes.code, code), isNull(discountCodes.usedAt)))
    .returning({ code: discountCodes.code });
  return rows.length > 0;
}

/** Who may take a code's hold: nobody holds it, its holder's time is up, or it is this holder already. */
const holdFreeFor = (holder: string) =>
  or(isNull(discountCodes.heldUntil), lte(discountCodes.heldUntil, sql`now()`), eq(discountCodes.heldByCheckoutId, holder));

/**
 * Holds an unused code for one checkout until `until` (docs/decisions/036). One conditional
 * update, so of many checkouts opening at once with one code exactly one gets it. Answers whether
 * this holder has it.
 */
export async function holdDiscountCode(db: Db, code: string, holder: string, until: Date | SQL): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ heldByCheckoutId: holder, heldUntil: until })
    .where(and(eq(discountCodes.code, code), isNull(discountCodes.usedAt), holdFreeFor(holder)))
    .returning({ code: discountCodes.code });
  return rows.length > 0;
}

/** Until the code itself expires: for a checkout whose payment is under way and can no longer expire. */
export const untilTheCodeExpires = sql`${discountCodes.expiresAt}`;

/** Hands a hold from one holder to another (the checkout reference to the provider's session id); false if `from` no longer holds it. */
export async function passDiscountHold(db: Db, code: string, from: string, to: string): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ heldByCheckoutId: to })
    .where(and(eq(discountCodes.code, code), eq(discountCodes.heldByCheckoutId, from)))
    .returning({ code: discountCodes.code });
  return rows.length > 0;
}

/** Ends a holder's hold on a code; does nothing when someone else holds it by now. */
export async function releaseDiscountHold(db: Db, code: string, holder: string): Promise<void> {
  await db
    .update(discountCodes)
    .set({ heldByCheckoutId: null, heldUntil: null })
    .where(and(eq(discountCodes.code, code), eq(discountCodes.heldByCheckoutId, holder)));
}

export async function insertCheckoutSession(db: Db, row: typeof checkoutSessions.$inferInsert): Promise<void> {
  await db.insert(checkoutSessions).values(row);
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** The checkout row, locked until the transaction ends: completions of one session run one at a time. */
export async function lockCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setCheckoutStatus(db: Db, id: string, status: CheckoutSessionRow['status'], onlyFrom?: CheckoutSessionRow['status']) {
  await db
    .update(checkoutSessions)
    .set({ status })
    .where(onlyFrom ? and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, onlyFrom)) : eq(checkoutSessions.id, id));
}

/** Records a provider event; false when it was already recorded (a replay). */
export async function recordPaymentEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(processedPaymentEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: processedPaymentEvents.eventId });
  return rows.length > 0;
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
  const bought = await lockBoughtProducts(db, lines);
  await db.insert(orderItems).values(
    lines.map((line) => ({
      orderId: row.id,
      productId: line.productId,
      productKey: line.productKey && bought.has(line.productKey) ? line.productKey : null,
      name: line.name,
      unitPricePence: line.unitPence,
      quantity: line.qty,
    })),
  );
  return row.id;
}

/**
 * The keys of the lines' books that still exist, locked against deletion until the order commits
 * (decision 039): a delete that comes after finds the book sold and archives it; a delete already
 * under way finishes first, and its book, gone, is then not named (the line keeps its copy).
 */
async function lockBoughtProducts(db: Db, lines: CheckoutLine[]): Promise<Set<string>> {
  const keys = lines.flatMap((line) => (line.productKey ? [line.productKey] : []));
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: products.productKey })
    .from(products)
    .where(inArray(products.productKey, keys))
    .orderBy(products.productKey)
    .for('key share');
  return new Set(rows.map((row) => row.key));
}

/**
 * Whether an order is fully reviewed: every line whose book is in the shop has a review. Lines
 * name their book by its key, so a book whose ID changed is still the order's, and a new book
 * given an old ID is not (decision 038); an archived or deleted book cannot be reviewed, and the
 * review page leaves it out too. One rule for the customer's history and the admin's list.
 */
export const orderFullyReviewed = sql<boolean>`not exists (
  select 1 from order_items oi
  where oi.order_id = ${orders.id}
    and exists (select 1 from products p where p.product_key = oi.product_key and p.archived_at is null)
    and not exists (select 1 from reviews r where r.order_id = oi.order_id and r.product_key = oi.product_key)
)`;

/** A user's orders, newest first, each with its items and whether it is fully reviewed. */
export async function findOrdersOfUser(db: Db, userId: string) {
  const rows = await db
    .select({
      id: orders.id,
      totalPence: orders.totalPence,
      createdAt: orders.createdAt,
      status: orders.status,
      currency: orders.currency,
      bookVaultRef: orders.bookVaultRef,
      trackingRef: orders.trackingRef,
      reviewed: orderFullyReviewed,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity, productId: orderItems.productId })
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((row) => row.id)))
    .orderBy(orderItems.name);
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.id) }));
}
