/** Wishlist SQL. One entry per (user, product): the primary key makes "add twice" a no-op. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { wishlistEntries } from '../../db/schema';

export async function findWishlist(db: Db, userId: string) {
  return db
    .select({ product_id: wishlistEntries.productId })
    .from(wishlistEntries)
    .where(eq(wishlistEntries.userId, userId))
    .orderBy(asc(wishlistEntries.createdAt), asc(wishlistEntries.productId));
}

export async function insertWishlistEntry(db: Db, userId: string, productId: string): Promise<void> {
  await db.insert(wishlistEntries).values({ userId, productId }).onConflictDoNothing();
}

export async function deleteWishlistEntry(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistEntries)
    .where(and(eq(wishlistEntries.userId, userId), eq(wishlistEntries.productId, productId)));
}
