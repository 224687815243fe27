/**
 * The admin's product list (issue #18): the books of the shop newest first, in keyset pages on
 * (created_at, id) descending, read backwards from the listing's own partial index
 * products_listing_shop_order (decision 113), optionally only those whose name, id or type
 * contains the owner's text in any case (ILIKE with the text's metacharacters escaped; a name
 * match can use the products_name_trgm index, decision 122).
 */
import { and, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { Product } from '../../../shared/contracts/product';
import { createdAtExact } from './listing-repository';
import { imageKeysColumn, onSale, productColumns, toProduct } from './repository';
import { escapeLike } from './search-terms';

/** A book's place in the list: created_at as exact UTC text (microseconds) and its id. */
export interface AdminListPosition {
  at: string;
  id: string;
}

export interface AdminListRow {
  product: Product;
  position: AdminListPosition;
}

/** Books of the shop whose name, id or type contains `text` (any case); every book for ''. */
function matching(text: string): SQL | undefined {
  if (text === '') return onSale;
  const pattern = `%${escapeLike(text)}%`;
  return and(onSale, or(ilike(products.name, pattern), ilike(products.id, pattern), ilike(products.type, pattern)));
}

/** Up to `limit` matching books, newest first, after `after` when given. */
export async function findAdminListPage(db: Db, text: string, after: AdminListPosition | undefined, limit: number): Promise<AdminListRow[]> {
  const rows = await db
    .select({ ...productColumns, imageKeys: imageKeysColumn, at: createdAtExact })
    .from(products)
    .where(and(matching(text), after ? sql`(${products.createdAt}, ${products.id}) < (${after.at}::timestamptz, ${after.id}::text)` : undefined))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((row) => ({ product: toProduct(row, row.imageKeys ?? []), position: { at: row.at, id: row.id } }));
}

/** How many books match `text` (all pages). */
export async function countAdminList(db: Db, text: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(matching(text));
  return row?.total ?? 0;
}
