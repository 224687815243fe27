/**
 * The basket's books: the cart module's lines joined with the products module's books, and only
 * books that exist put in a cart (decision 135), as flows/wishlist-books.ts does for the wishlist.
 */
import type { CartLine, CartProduct } from '@shared/contracts/cart';
import type { AppContext } from '../context';
import { addCartLines, cartLines, setCartQty, summedLines } from '../modules/cart';
import { existingProductIds, findProducts, requireProduct } from '../modules/products';

/** The books of a cart with their quantities, in its order; a book gone since is left out. */
export async function basketBooks(ctx: AppContext, userId: string): Promise<CartProduct[]> {
  const lines = await cartLines(ctx, userId);
  const books = await findProducts(
    ctx.database.db,
    lines.map((line) => line.product_id),
  );
  const byId = new Map(books.map((book) => [book.id, book]));
  return lines.flatMap((line) => {
    const book = byId.get(line.product_id);
    return book ? [{ ...book, qty: line.qty }] : [];
  });
}

/** Sets a book's quantity in a cart; an unknown book is refused (requireProduct's answer). */
export async function setBasketQty(ctx: AppContext, userId: string, productId: string, qty: number): Promise<void> {
  await requireProduct(ctx.database.db, productId);
  await setCartQty(ctx, userId, productId, qty);
}

/**
 * Adds a guest's basket to the account's cart (docs/spec/decisions.md): same book, quantities
 * summed and capped at 99. Lines for books that no longer exist are dropped (nothing to buy there).
 */
export async function mergeBasket(ctx: AppContext, userId: string, items: CartLine[]): Promise<CartLine[]> {
  const summed = summedLines(items);
  await ctx.database.db.transaction(async (tx) => {
    const existing = await existingProductIds(tx, [...summed.keys()]);
    await addCartLines(
      tx,
      userId,
      [...summed].filter(([productId]) => existing.has(productId)),
    );
  });
  return cartLines(ctx, userId);
}
