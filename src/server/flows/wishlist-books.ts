/**
 * The wishlist's books: the wishlist module's entries joined with the products module's books, and
 * adding only a book that exists (decision 135).
 */
import type { Product } from '@shared/contracts/products';
import type { AppContext } from '../context';
import { findProducts, requireProduct } from '../modules/products';
import { addWishlistEntry, wishlist } from '../modules/wishlist';

/** The books of a wishlist, in its order; a book gone since is left out. */
export async function wishlistProducts(ctx: AppContext, userId: string): Promise<Product[]> {
  const entries = await wishlist(ctx, userId);
  const byId = new Map(
    (
      await findProducts(
        ctx.database.db,
        entries.map((e) => e.product_id),
      )
    ).map((p) => [p.id, p]),
  );
  return entries.flatMap((entry) => byId.get(entry.product_id) ?? []);
}

/** Adds a book to a wishlist; an unknown book is refused (requireProduct's answer). */
export async function addToWishlist(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await requireProduct(ctx.database.db, productId);
  await addWishlistEntry(ctx, userId, productId);
}
