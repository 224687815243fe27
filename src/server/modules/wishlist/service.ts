/**
 * Wishlist rules. The owner check is the permission layer's; the books themselves are the products
 * module's, joined in by flows/wishlist-books.ts.
 */
import type { AppContext } from '../../context';
import * as repo from './repository';

export async function wishlist(ctx: AppContext, userId: string) {
  return repo.findWishlist(ctx.database.db, userId);
}

/** Adds a book the caller has checked exists (flows/wishlist-books.ts). */
export async function addWishlistEntry(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await repo.insertWishlistEntry(ctx.database.db, userId, productId);
}

export async function removeFromWishlist(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await repo.deleteWishlistEntry(ctx.database.db, userId, productId);
}
