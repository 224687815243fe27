/** Cart rules. The owner check is the permission layer's; these check the products. */
import { CART_QTY_MAX } from '@shared/constants';
import type { CartLine, CartProduct } from '@shared/contracts/cart';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { existingProductIds, findProducts, requireProduct } from '../products';
import * as repo from './repository';

export async function cartLines(ctx: AppContext, userId: string): Promise<CartLine[]> {
  return repo.findCartLines(ctx.database.db, userId);
}

export async function cartProducts(ctx: AppContext, userId: string): Promise<CartProduct[]> {
  const lines = await repo.findCartLines(ctx.database.db, userId);
  const byId = new Map(
    (
      await findProducts(
        ctx.database.db,
        lines.map((l) => l.product_id),
      )
    ).map((p) => [p.id, p]),
  );
  return lines.flatMap((line) => {
    const product = byId.get(line.product_id);
    return product ? [{ ...product, qty: line.qty }] : [];
  });
}

export async function setCartQty(ctx: AppContext, userId: string, productId: string, qty: number): Promise<void> {
  await requireProduct(ctx.database.db, productId);
  await repo.upsertCartLine(ctx.database.db, userId, productId, qty);
}

export async function removeCartProduct(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await repo.deleteCartLine(ctx.database.db, userId, productId);
}

/**
 * Adds a guest's basket to the account's cart (docs/spec/decisions.md): same product, quantities summed and
 * capped at 99. Lines for products that no longer exist are dropped (nothing to buy there).
 */
export async function mergeCart(ctx: AppContext, userId: string, items: CartLine[]): Promise<CartLine[]> {
  const summed = new Map<string, number>();
  for (const item of items) summed.set(item.product_id, (summed.get(item.product_id) ?? 0) + item.qty);
  await ctx.database.db.transaction(async (tx) => {
    const existing = await existingProductIds(tx, [...summed.keys()]);
    for (const [productId, qty] of summed) {
      if (existing.has(productId)) await repo.addToCartLine(tx, userId, productId, qty, CART_QTY_MAX);
    }
  });
  return repo.findCartLines(ctx.database.db, userId);
}

/** Takes the books just bought out of the buyer's cart, in the caller's transaction (the order is made in it). */
export async function removeBoughtLines(tx: Db, userId: string, productIds: readonly string[]): Promise<void> {
  await repo.deleteCartLines(tx, userId, productIds);
}
