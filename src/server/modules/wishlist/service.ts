/** Wishlist rules. The owner check is the permission layer's; adding checks the product. */
import type { Product } from '@shared/contracts/products';
import type { AppContext } from '../../context';
import { findProducts, requireProduct } from '../products';
import * as repo from './repository';

export async function wishlist(ctx: AppContext, userId: string) {
  return repo.findWishlist(ctx.database.db, userId);
}

export async function wishlistProducts(ctx: AppContext, userId: string): Promise<Product[]> {
  const entries = await repo.findWishlist(ctx.database.db, userId);
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

export async function addToWishlist(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await requireProduct(ctx.database.db, productId);
  await repo.insertWishlistEntry(ctx.database.db, userId, productId);
}

export async function removeFromWishlist(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await repo.deleteWishlistEntry(ctx.database.db, userId, productId);
}
