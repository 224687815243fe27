/** The basket and privacy (issue 28): an account's lines for its export, and their deletion with the account. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartLines, products } from '../../db/schema';

export async function basketForExport(db: Db, userId: string) {
  const rows = await db
    .select({
      bookId: cartLines.productId,
      bookName: products.name,
      quantity: cartLines.qty,
      addedAt: cartLines.addedAt,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

export async function deleteBasket(tx: Db, userId: string): Promise<number> {
  const rows = await tx.delete(cartLines).where(eq(cartLines.userId, userId)).returning({ id: cartLines.productId });
  return rows.length;
}
