/**
 * A filter's first page made from the catalogue kept in memory (decision 166) instead of a
 * database read: the same rows, in the same order, with the same positions as
 * `findListingPage(db, filter, sort, undefined, limit)` (listing/repository.ts), which
 * `memory.test.ts` checks against the database over every filter, sort and size.
 *
 * The snapshot's books are in the database's own shop order (created_at, then id in the database's
 * collation), so a book's place in it is its place in the shop's order; the price orders are that
 * order stably sorted by price (ties keep the shop's order, as `(price, created_at, id)` does).
 */
import type { ListingSort, Product } from '@shared/contracts/products';
import type { CatalogueSnapshot } from '../catalogue-cache';
import type { ListingFilter, ListingRow } from './repository';

interface Entry {
  product: Product;
  pence: number;
  /** The type trimmed as JavaScript trims (the SQL's btrim with the same characters). */
  type: string;
  at: string;
}

type Orders = Record<ListingSort, Entry[]>;

function ordersOf(entries: Entry[]): Orders {
  return {
    default: entries,
    // Array.prototype.sort is stable: books of one price keep the shop's order.
    'price-asc': [...entries].sort((a, b) => a.pence - b.pence),
    'price-desc': [...entries].sort((a, b) => b.pence - a.pence),
  };
}

/** The first index of a list in falling price whose book costs at most `maxPence`. */
function firstAtMost(list: readonly Entry[], maxPence: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]!.pence > maxPence) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The books of one catalogue snapshot in each listing order, whole and by trimmed type. */
export class ListingIndex {
  private readonly all: Orders;
  private readonly byType = new Map<string, Orders>();

  constructor(snapshot: CatalogueSnapshot) {
    const entries = snapshot.products.map((product, i): Entry => ({
      product,
      // The answer's price is pence / 100: back to the stored pence exactly.
      pence: Math.round(product.price * 100),
      type: product.type.trim(),
      at: snapshot.at[i]!,
    }));
    this.all = ordersOf(entries);
    const grouped = new Map<string, Entry[]>();
    for (const entry of entries) {
      const list = grouped.get(entry.type);
      if (list) list.push(entry);
      else grouped.set(entry.type, [entry]);
    }
    for (const [type, list] of grouped) this.byType.set(type, ordersOf(list));
  }

  /** Up to `limit` books of the shop that pass the filter, in `sort`'s order, from the first. */
  firstRows(filter: ListingFilter, sort: ListingSort, limit: number): ListingRow[] {
    // An untrimmed type matches no trimmed type (as typeCondition's `false`).
    const orders = filter.type === '' ? this.all : this.byType.get(filter.type);
    if (!orders) return [];
    const list = orders[sort];
    const { age, maxPence } = filter;
    const rows: ListingRow[] = [];
    let i = sort === 'price-desc' && maxPence !== null ? firstAtMost(list, maxPence) : 0;
    for (; i < list.length && rows.length < limit; i += 1) {
      const entry = list[i]!;
      if (maxPence !== null && entry.pence > maxPence) {
        if (sort === 'price-asc') break; // every later book costs more
        continue;
      }
      const bookAge = entry.product.age;
      if (age !== 'All' && bookAge !== age && bookAge !== '') continue;
      const id = entry.product.id;
      rows.push({
        product: entry.product,
        position: sort === 'default' ? { sort, at: entry.at, id } : { sort, pricePence: entry.pence, at: entry.at, id },
      });
    }
    return rows;
  }
}
