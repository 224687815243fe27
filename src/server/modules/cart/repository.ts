/** Cart SQL. One line per (user, product): the primary key makes "add twice" a no-op. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartLines } from '../../db/schema';

/** A cart's lines in the order their books were put in it: a changed quantity does not move a line. */
export async function findCartLines(db: Db, userId: string) {
  return db
    .select({ product_id: cartLines.productId, qty: cartLines.qty })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
}

/** Sets a line's quantity, making the line when it does not exist. */
export async function upsertCartLine(db: Db, userId: string, productId: string, qty: number): Promise<void> {
  await db
    .insert(cartLines)
    .values({ userId, productId, qty })
    .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { qty, updatedAt: sql`now()` } });
}

/** Adds to a line's quantity (capped at `max`), making the line when it does not exist. */
export async function addToCartLine(
  db: Db,
  userId: string,
  productId: string,
  qty: number,
  max: number,
): Promise<void> {
  await db
    .insert(cartLines)
    .values({ userId, productId, qty: Math.min(qty, max) })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: { qty: sql`least(${cartLines.qty} + excluded.qty, ${max})`, updatedAt: sql`now()` },
    });
}

export async function deleteCartLine(db: Db, userId: string, productId: string): Promise<void> {
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
}

export async function deleteCartLines(db: Db, userId: string, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), inArray(cartLines.productId, [...productIds])));
}
