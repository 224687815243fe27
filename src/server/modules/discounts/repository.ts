/** Discount-code SQL: making codes, finding a typed one, holding one for a checkout (decision 036), and marking one used by an order. */
import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discountCodes, orders } from '../../db/schema';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Inserts the code; false when the code already exists (the caller draws another). */
export async function insertDiscountCode(
  tx: Db,
  code: { code: string; percentage: number; types: string[]; ages: string[]; email: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(discountCodes)
    .values(code)
    .onConflictDoNothing({ target: discountCodes.code })
    .returning({ code: discountCodes.code });
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

/**
 * Frees a code that `orderId` used, in that order's cancel (decision 139): it can be used again
 * until it expires. Answers whether the code was this order's.
 */
export async function markDiscountCodeUnused(db: Db, code: string, orderId: string): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ usedAt: null, usedByOrderId: null })
    .where(and(eq(discountCodes.code, code), eq(discountCodes.usedByOrderId, orderId)))
    .returning({ code: discountCodes.code });
  return rows.length > 0;
}

/** Who may take a code's hold: nobody holds it, its holder's time is up, or it is this holder already. */
const holdFreeFor = (holder: string) =>
  or(
    isNull(discountCodes.heldUntil),
    lte(discountCodes.heldUntil, sql`now()`),
    eq(discountCodes.heldByCheckoutId, holder),
  );

/**
 * Holds an unused code for one checkout until `until` (docs/decisions/036). One conditional
 * update, so of many checkouts opening at once with one code exactly one gets it. Answers whether
 * this holder has it. A revoked code is never held (decision 120).
 */
export async function holdDiscountCode(db: Db, code: string, holder: string, until: Date | SQL): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set({ heldByCheckoutId: holder, heldUntil: until })
    .where(
      and(
        eq(discountCodes.code, code),
        isNull(discountCodes.usedAt),
        isNull(discountCodes.revokedAt),
        holdFreeFor(holder),
      ),
    )
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

/**
 * Revokes an unused code that no open checkout holds (decision 120). One conditional update on the
 * row the holds and the order's redemption also update, so it and a checkout taking the code
 * cannot both win: whichever commits first, the other finds the row changed. Answers the row when
 * this call revoked it, null when it was not revocable (the caller reads the row to say why).
 */
export async function revokeDiscountCode(db: Db, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .update(discountCodes)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(discountCodes.code, code),
        isNull(discountCodes.usedAt),
        isNull(discountCodes.revokedAt),
        or(isNull(discountCodes.heldUntil), lte(discountCodes.heldUntil, sql`now()`)),
      ),
    )
    .returning();
  return row ?? null;
}

/** A code, the time of the order that used it (null when unused, or when that order is gone), and its keyset position. */
export type DiscountCodeListRow = DiscountCodeRow & {
  usedByOrderAt: Date | null;
  position: { createdAt: string; code: string };
};

/** Microseconds, as text: a keyset position must not lose what a JavaScript Date drops. */
const createdAtText = sql<string>`to_char(${discountCodes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The codes sent, newest first: the page after `after` (a row's position) when given, `limit` rows; `only` one code. */
export async function listDiscountCodes(
  db: Db,
  after: { createdAt: string; code: string } | null,
  limit: number,
  only?: string,
): Promise<DiscountCodeListRow[]> {
  const rows = await db
    .select({
      code: discountCodes,
      usedByOrderAt: sql<
        string | null
      >`(select ${orders.createdAt} from ${orders} where ${orders.id} = ${discountCodes.usedByOrderId})`,
      createdAtText,
    })
    .from(discountCodes)
    .where(
      and(
        after
          ? sql`(${discountCodes.createdAt}, ${discountCodes.code}) < (${after.createdAt}::timestamptz, ${after.code})`
          : undefined,
        only === undefined ? undefined : eq(discountCodes.code, only),
      ),
    )
    .orderBy(sql`${discountCodes.createdAt} desc`, sql`${discountCodes.code} desc`)
    .limit(limit);
  return rows.map((row) => ({
    ...row.code,
    usedByOrderAt: row.usedByOrderAt === null ? null : new Date(row.usedByOrderAt),
    position: { createdAt: row.createdAtText, code: row.code.code },
  }));
}

/** How many codes were ever sent. */
export async function countDiscountCodes(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(discountCodes);
  return row?.n ?? 0;
}
