/**
 * What the paged listing keeps in memory (decision 113), dropped on every `productUpdate`, like
 * the catalogue cache (decision 010): the facet summary (counting the whole catalogue for each
 * shopper would make every page cost as much as the catalogue is big) and each filter's first page
 * as the bytes sent (every home page asks for one of a few).
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Db } from '../../../db/client';
import {
  type CatalogueFacets,
  type CatalogueListing,
  LISTING_AGES,
  type ListingAge,
  type ListingSort,
} from '@shared/contracts/products';
import { penceToPounds } from '@shared/money';
import type { CatalogueCache, CatalogueSnapshot } from '../catalogue-cache';
import { ListingIndex } from './memory';
import { findFacetCounts, type ListingFilter, type ListingRow } from './repository';

const gzipAsync = promisify(gzip);

type BookAge = 'Kids' | 'Adults' | '';

/** The books of one (trimmed) type and one age: their distinct prices ascending, and how many books cost at most each. */
interface Cell {
  age: BookAge;
  prices: number[];
  atMost: number[];
}

/**
 * The shop summarised for counting: for each trimmed type and age, the prices with running
 * counts, so that any filter's count is a few binary searches, whatever the catalogue's size.
 */
export class FacetSummary {
  /** Cells by trimmed type ('' for books without one). */
  private readonly cells = new Map<string, Cell[]>();
  readonly types: string[];
  readonly lowestPence: number | null;
  readonly highestPence: number | null;

  constructor(rows: ReadonlyArray<{ type: string; age: BookAge; pricePence: number; count: number }>) {
    const grouped = new Map<string, Map<BookAge, Map<number, number>>>();
    let lowest = Infinity;
    let highest = -Infinity;
    for (const row of rows) {
      // JavaScript's trim, as the browser's rules compare types.
      const type = row.type.trim();
      const byAge = grouped.get(type) ?? new Map<BookAge, Map<number, number>>();
      grouped.set(type, byAge);
      const byPrice = byAge.get(row.age) ?? new Map<number, number>();
      byAge.set(row.age, byPrice);
      byPrice.set(row.pricePence, (byPrice.get(row.pricePence) ?? 0) + row.count);
      lowest = Math.min(lowest, row.pricePence);
      highest = Math.max(highest, row.pricePence);
    }
    for (const [type, byAge] of grouped) {
      const cells: Cell[] = [];
      for (const [age, byPrice] of byAge) {
        const prices = [...byPrice.keys()].sort((a, b) => a - b);
        let running = 0;
        cells.push({ age, prices, atMost: prices.map((price) => (running += byPrice.get(price)!)) });
      }
      this.cells.set(type, cells);
    }
    // As the panel lists them (productTypes): trimmed, no blanks, sorted en-GB.
    this.types = [...grouped.keys()].filter(Boolean).sort((a, b) => a.localeCompare(b, 'en-GB'));
    this.lowestPence = rows.length ? lowest : null;
    this.highestPence = rows.length ? highest : null;
  }

  /** How many books of the shop pass the filter. */
  count(filter: ListingFilter): number {
    const cells = filter.type === '' ? [...this.cells.values()].flat() : (this.cells.get(filter.type) ?? []);
    let total = 0;
    for (const cell of cells) {
      if (filter.age !== 'All' && cell.age !== filter.age && cell.age !== '') continue;
      total += filter.maxPence === null ? (cell.atMost.at(-1) ?? 0) : atMost(cell, filter.maxPence);
    }
    return total;
  }

  /**
   * The panel's facets for the filter. Each count leaves out its own filter (a type's count
   * applies the age and price filters; an age's the type and price filters), so it is what
   * choosing that option would show; the type list and the price range are the whole shop's.
   */
  facets(filter: ListingFilter): CatalogueFacets {
    return {
      types: this.types.map((type) => ({ type, count: this.count({ ...filter, type }) })),
      ages: LISTING_AGES.map((age: ListingAge) => ({ age, count: this.count({ ...filter, age }) })),
      price: {
        lowest: this.lowestPence === null ? null : penceToPounds(this.lowestPence),
        highest: this.highestPence === null ? null : penceToPounds(this.highestPence),
      },
    };
  }
}

/** How many of the cell's books cost at most `maxPence` (binary search over its prices). */
function atMost(cell: Cell, maxPence: number): number {
  let low = 0;
  let high = cell.prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (cell.prices[middle]! <= maxPence) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? 0 : cell.atMost[low - 1]!;
}

/**
 * A first page's answer as sent: its JSON bytes, made on first need (a page's render reads the
 * listing itself and never sends them), gzipped once on first need.
 */
export class ListingAnswer {
  private bytes: Buffer | null = null;
  private gzipped: Promise<Buffer> | null = null;

  constructor(readonly listing: CatalogueListing) {}

  get json(): Buffer {
    this.bytes ??= Buffer.from(JSON.stringify(this.listing));
    return this.bytes;
  }

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.json, { level: 6 });
    return this.gzipped;
  }
}

/** At most this many first pages are kept (each a few kB to a few tens of kB); the oldest goes first. */
export const FIRST_PAGES_KEPT = 500;

/**
 * What the listing keeps in memory, dropped on every `productUpdate` (which reaches every
 * instance): the facet summary, and the first page of each filter, sort and size asked for (every
 * shopper's home page asks for one of a few). Concurrent misses share one read; a read that was
 * under way when the catalogue changed is never kept. Pages after the first are always read from
 * the database.
 */
export class ListingCache {
  private summary: FacetSummary | null = null;
  private loadingSummary: Promise<FacetSummary> | null = null;
  private readonly firstPages = new Map<string, Promise<ListingAnswer>>();
  private generation = 0;
  /** The listing orders of the catalogue snapshot last used (made once per snapshot). */
  private indexed: { snapshot: CatalogueSnapshot; index: ListingIndex } | null = null;

  /** @param catalogue the whole catalogue kept in memory, which first pages are made from when it is loaded (decision 166) */
  constructor(
    private readonly db: Db,
    private readonly catalogue?: CatalogueCache,
  ) {}

  /**
   * A filter's first rows made from the catalogue kept in memory (decision 166), or null when it is
   * not loaded: then its load is started, for the pages after this one, and the caller reads the
   * database.
   */
  firstRowsFromMemory(filter: ListingFilter, sort: ListingSort, limit: number): ListingRow[] | null {
    if (!this.catalogue) return null;
    const snapshot = this.catalogue.current;
    if (!snapshot) {
      // A failed load is tried again by the next fresh filter; this page is read from the database.
      this.catalogue.get().catch(() => undefined);
      return null;
    }
    if (this.indexed?.snapshot !== snapshot) this.indexed = { snapshot, index: new ListingIndex(snapshot) };
    return this.indexed.index.firstRows(filter, sort, limit);
  }

  facets(): Promise<FacetSummary> {
    if (this.summary) return Promise.resolve(this.summary);
    if (this.loadingSummary) return this.loadingSummary;
    const generation = this.generation;
    const loading = findFacetCounts(this.db).then((rows) => {
      const summary = new FacetSummary(rows);
      if (generation === this.generation) this.summary = summary;
      return summary;
    });
    this.loadingSummary = loading;
    const clear = () => {
      if (this.loadingSummary === loading) this.loadingSummary = null;
    };
    loading.then(clear, clear);
    return loading;
  }

  /** The first page for `key`, made by `load` when it is not kept. */
  firstPage(key: string, load: () => Promise<CatalogueListing>): Promise<ListingAnswer> {
    const kept = this.firstPages.get(key);
    if (kept) return kept;
    const loading = load().then((listing) => new ListingAnswer(listing));
    if (this.firstPages.size >= FIRST_PAGES_KEPT) this.firstPages.delete(this.firstPages.keys().next().value!);
    this.firstPages.set(key, loading);
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (this.firstPages.get(key) === loading) this.firstPages.delete(key);
    });
    return loading;
  }

  invalidate(): void {
    this.generation += 1;
    this.indexed = null;
    this.summary = null;
    this.loadingSummary = null;
    // A read under way keeps answering the requests that wait for it, and is not kept.
    this.firstPages.clear();
  }
}
