/**
 * Cart rules. The owner check is the permission layer's; the books a cart holds are the products
 * module's, joined and checked by flows/basket-books.ts (decision 135).
 */
import { CART_QTY_MAX } from '@shared/constants';
import type { CartLine } from '@shared/contracts/cart';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import * as repo from './repository';

export async function cartLines(ctx: AppContext, userId: string): Promise<CartLine[]> {
  return repo.findCartLines(ctx.database.db, userId);
}

/** Sets a line's quantity. The book is known to exist: flows/basket-books.ts checks it first. */
export async function setCartQty(ctx: AppContext, userId: string, productId: string, qty: number): Promise<void> {
  await repo.upsertCartLine(ctx.database.db, userId, productId, qty);
}

export async function removeCartProduct(ctx: AppContext, userId: string, productId: string): Promise<void> {
  await repo.deleteCartLine(ctx.database.db, userId, productId);
}

/** A guest's basket as it merges (docs/spec/decisions.md): one line per book, quantities summed. */
export function summedLines(items: CartLine[]): Map<string, number> {
  const summed = new Map<string, number>();
  for (const item of items) summed.set(item.product_id, (summed.get(item.product_id) ?? 0) + item.qty);
  return summed;
}

/** Adds lines to the account's cart, each book's quantity capped at 99, in the caller's transaction. */
export async function addCartLines(tx: Db, userId: string, lines: Iterable<[string, number]>): Promise<void> {
  for (const [productId, qty] of lines) await repo.addToCartLine(tx, userId, productId, qty, CART_QTY_MAX);
}

/** Takes the books just bought out of the buyer's cart, in the caller's transaction (the order is made in it). */
export async function removeBoughtLines(tx: Db, userId: string, productIds: readonly string[]): Promise<void> {
  await repo.deleteCartLines(tx, userId, productIds);
}
