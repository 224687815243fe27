/** Discount-code SQL: making codes, finding a typed one, holding one for a checkout (decision 036), and marking one used by an order. */
import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
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
