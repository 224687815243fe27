/** The wishlist and privacy (issue 28): an account's entries for its export, and their deletion with the account. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, wishlistEntries } from '../../db/schema';

export async function wishlistForExport(db: Db, userId: string) {
  const rows = await db
    .select({ bookId: wishlistEntries.productId, bookName: products.name, addedAt: wishlistEntries.createdAt })
    .from(wishlistEntries)
    .innerJoin(products, eq(products.id, wishlistEntries.productId))
    .where(eq(wishlistEntries.userId, userId))
    .orderBy(asc(wishlistEntries.createdAt), asc(wishlistEntries.productId));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

export async function deleteWishlist(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .delete(wishlistEntries)
    .where(eq(wishlistEntries.userId, userId))
    .returning({ id: wishlistEntries.productId });
  return rows.length;
}
