/** Discount-code SQL: making codes, finding a typed one, and marking one used by an order. */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes } from '../../db/schema';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Inserts the code; false when the code already exists (the caller draws another). */
export async function insertDiscountCode(
  tx: Db,
  code: { code: string; percentage: number; types: string[]; ages: string[]; email: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await tx.insert(discountCodes).values(code).onConflictDoNothing({ target: discountCodes.code }).returning({ code: discountCodes.code });
  return inserted.length === 1;
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

/** Marks a code used by an order, only when no order used it yet. Answers whether it did. */
export async function markDiscountCodeUsed(db: Db, code: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ usedAt: sql`now()`, usedByOrderId: orderId })
    .where(and(eq(discountCodes.code, code), isNull(discountCodes.usedAt)))
    .returning({ code: discountCodes.code });
  return rows.length > 0;
}
