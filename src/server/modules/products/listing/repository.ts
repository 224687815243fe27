/**
 * The paged listing's reads (decision 113): one page of books of the shop in a keyset order, and
 * the counts its facets are made from. The filters are the browser's rules
 * (web/features/products/catalogue-rules.ts) written in SQL:
 *
 * - type: the book's type with JavaScript's `trim()` applied equals the chosen type. `btrim` with
 *   the very characters `String.prototype.trim` removes (worked out below from the running engine)
 *   is that trim exactly (typeCondition).
 * - age: 'All' is every book; 'Kids' and 'Adults' also take the all-ages books (age '').
 * - price: at most the highest price shown, a book exactly at it included (pence on both sides).
 *
 * Orders, each a total order read from its own partial index (migration 0012, books of the shop
 * only) and continued by one row comparison, so a page costs the same at any depth:
 * - default, the shop's order: (created_at, id);
 * - price-asc: (price, created_at, id): ties keep the shop's order, as the browser's stable sort;
 * - price-desc: (-price, created_at, id): high to low, ties still in the shop's order.
 */
import { and, asc, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema';
import type { ListingAge, ListingSort, Product, ProductFields } from '@shared/contracts/products';
import { createdAtExact, imageKeysColumn, onSale, productColumns, toProduct } from '../repository';

export { createdAtExact };

/** Every UTF-16 code unit that `String.prototype.trim` removes (25 of them), as one string. */
export const JS_TRIM_CHARACTERS = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code))
  .filter((char) => char.trim() === '')
  .join('');

export interface ListingFilter {
  /** '' = every type. */
  type: string;
  age: ListingAge;
  /** Highest price shown in pence; null = no limit. */
  maxPence: number | null;
}

/** A book's place in a listing order: what the next page starts after. */
export type ListingPosition =
  | { sort: 'default'; at: string; id: string }
  | { sort: 'price-asc' | 'price-desc'; pricePence: number; at: string; id: string };

export interface ListingRow {
  product: Product;
  position: ListingPosition;
}

/** The expression of products_listing_price_desc's first column (the same text, so the planner matches it). */
const negatedPrice = sql`(-${products.pricePence})`;

/**
 * The book's type, trimmed as JavaScript trims, equals `type`. A trimmed text never starts or ends
 * with a space, so an untrimmed `type` matches nothing. Otherwise `type = $1` (true for every
 * book whose type is stored trimmed, as the admin form stores it) is asked first: the planner
 * knows from the column's statistics how many books that is, and picks an ordered index scan for
 * a common type instead of sorting every match; the btrim covers types stored with spaces.
 */
function typeCondition(type: string): SQL {
  if (type.trim() !== type) return sql`false`;
  return sql`(${products.type} = ${type}::text or btrim(${products.type}, ${JS_TRIM_CHARACTERS}::text) = ${type}::text)`;
}

function filterConditions(filter: ListingFilter, sort: ListingSort): SQL | undefined {
  return and(
    onSale,
    filter.type === '' ? undefined : typeCondition(filter.type),
    filter.age === 'All' ? undefined : inArray(products.age, [filter.age, '']),
    filter.maxPence === null ? undefined : lte(products.pricePence, filter.maxPence),
    // The same limit on price_desc's own column, so that its index scan starts at the limit
    // instead of reading (and filtering out) every dearer book first.
    filter.maxPence === null || sort !== 'price-desc'
      ? undefined
      : sql`${negatedPrice} >= ${-filter.maxPence}::integer`,
  );
}

function orderOf(sort: ListingSort): SQL[] {
  const shopOrder = [asc(products.createdAt), asc(products.id)];
  if (sort === 'price-asc') return [asc(products.pricePence), ...shopOrder];
  if (sort === 'price-desc') return [asc(negatedPrice), ...shopOrder];
  return shopOrder;
}

/** Only the books after `after` in its order (the position's text keeps created_at's microseconds). */
function afterCondition(after: ListingPosition): SQL {
  const tail = sql`${after.at}::timestamptz, ${after.id}::text`;
  if (after.sort === 'price-asc')
    return sql`(${products.pricePence}, ${products.createdAt}, ${products.id}) > (${after.pricePence}::integer, ${tail})`;
  if (after.sort === 'price-desc')
    return sql`(${negatedPrice}, ${products.createdAt}, ${products.id}) > (${-after.pricePence}::integer, ${tail})`;
  return sql`(${products.createdAt}, ${products.id}) > (${tail})`;
}

/** Up to `limit` books of the shop that pass the filter, in `sort`'s order, after `after` when given. */
export async function findListingPage(
  db: Db,
  filter: ListingFilter,
  sort: ListingSort,
  after: ListingPosition | undefined,
  limit: number,
): Promise<ListingRow[]> {
  const rows = await db
    .select({ ...productColumns, imageKeys: imageKeysColumn, at: createdAtExact })
    .from(products)
    .where(and(filterConditions(filter, sort), after ? afterCondition(after) : undefined))
    .orderBy(...orderOf(sort))
    .limit(limit);
  return rows.map((row) => {
    // The row's declared fields are the stored fields (price in pence), as in repository.ts.
    const position: ListingPosition =
      sort === 'default' ? { sort, at: row.at, id: row.id } : { sort, pricePence: row.price, at: row.at, id: row.id };
    return { product: toProduct(row, row.imageKeys ?? []), position };
  });
}

/** How many books of the shop there are of each stored type, age and price: what the facets are counted from. */
export function findFacetCounts(
  db: Db,
): Promise<Array<{ type: string; age: ProductFields['age']; pricePence: number; count: number }>> {
  return db
    .select({
      type: products.type,
      age: products.age,
      pricePence: products.pricePence,
      count: sql<number>`count(*)::integer`,
    })
    .from(products)
    .where(onSale)
    .groupBy(products.type, products.age, products.pricePence);
}
