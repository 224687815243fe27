/**
 * The whole catalogue kept in memory, in shop order: the books (by id, by name, and each one's
 * created_at to the microsecond for the listing, decision 166) and, made on first need, the exact
 * bytes `get_products` sends (and their gzip) with an ETag. Dropped on every `productUpdate` (which reaches every instance through
 * LISTEN/NOTIFY) and rebuilt on the next request. Concurrent misses share one database read; a
 * read that was under way when the catalogue changed is never kept.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Db } from '../../db/client';
import type { Product } from '@shared/contracts/products';
import { findCatalogue } from './repository';

const gzipAsync = promisify(gzip);

export class CatalogueSnapshot {
  readonly byId: Map<string, Product>;
  readonly byName: Map<string, Product>;
  private bytes: Buffer | null = null;
  private tag: string | null = null;
  private gzipped: Promise<Buffer> | null = null;

  /**
   * @param products the books of the shop in shop order (oldest first, ties by id in the database's order)
   * @param at each book's created_at to the microsecond, `at[i]` for `products[i]` (a listing position's time)
   */
  constructor(
    readonly products: Product[],
    readonly at: readonly string[],
  ) {
    this.byId = new Map(products.map((product) => [product.id, product]));
    this.byName = new Map(products.map((product) => [product.name, product]));
  }

  /**
   * The bytes `get_products` sends, made on first need: the listing's first pages read the books
   * only (decision 166), and at 100,000 books the JSON and its hash cost the event loop a
   * noticeable pause.
   */
  get json(): Buffer {
    this.bytes ??= Buffer.from(JSON.stringify(this.products));
    return this.bytes;
  }

  get etag(): string {
    this.tag ??= `"${createHash('sha1').update(this.json).digest('base64url')}"`;
    return this.tag;
  }

  /** The gzipped bytes, made once on first need. */
  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.json, { level: 6 });
    return this.gzipped;
  }
}

/**
 * Answers read from the database and kept by a key until the catalogue changes (issue 34: a
 * search for a common word, one book by name): the least recently used is dropped past `max`;
 * concurrent misses share one read; a read under way when the catalogue changed is answered but
 * never kept. Callers must not change what they are given: it is shared.
 */
export class KeptAnswers<T> {
  private readonly kept = new Map<string, T>();
  private readonly reading = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(private readonly max: number) {}

  /** The answer kept for `key`, else `read()`'s, kept when `keep` says so (every answer by default). */
  get(key: string, read: () => Promise<T>, keep: (answer: T) => boolean = () => true): Promise<T> {
    if (this.kept.has(key)) {
      const answer = this.kept.get(key) as T;
      this.kept.delete(key);
      this.kept.set(key, answer);
      return Promise.resolve(answer);
    }
    const under = this.reading.get(key);
    if (under) return under;
    const generation = this.generation;
    const reading = read();
    this.reading.set(key, reading);
    const done = () => {
      if (this.reading.get(key) === reading) this.reading.delete(key);
    };
    reading.then((answer) => {
      done();
      if (generation !== this.generation || !keep(answer)) return;
      this.kept.set(key, answer);
      if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value as string);
    }, done);
    return reading;
  }

  clear(): void {
    this.generation += 1;
    this.kept.clear();
    this.reading.clear();
  }

  get size(): number {
    return this.kept.size;
  }
}

/**
 * The catalogue cache of an app (`ctx.catalogue`, made by buildApp), with the search results and
 * books by name kept beside it. `productUpdate` events invalidate them all on every instance; code that changes products on this instance may also call
 * `.invalidate()` right away so that its own next read is fresh even before the notification
 * comes back.
 */
export class CatalogueCache {
  /** The current snapshot, when one is loaded (read synchronously on the hot path). */
  current: CatalogueSnapshot | null = null;
  private loading: Promise<CatalogueSnapshot> | null = null;
  private generation = 0;
  /** Ranked search results by normalised query and count (decision 157). */
  readonly searches = new KeptAnswers<Product[]>(1000);
  /** Books of the shop by name, as the storefront asks for one (decision 157); no book is not kept. */
  readonly booksByName = new KeptAnswers<Product | null>(5000);

  constructor(private readonly db: Db) {}

  get(): Promise<CatalogueSnapshot> {
    if (this.current) return Promise.resolve(this.current);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = findCatalogue(this.db).then(({ products, at }) => {
      const snapshot = new CatalogueSnapshot(products, at);
      if (generation === this.generation) this.current = snapshot;
      return snapshot;
    });
    this.loading = loading;
    const clear = () => {
      if (this.loading === loading) this.loading = null;
    };
    loading.then(clear, clear);
    return loading;
  }

  /** Forget the catalogue; the next request reads it again. */
  invalidate(): void {
    this.generation += 1;
    this.current = null;
    this.loading = null;
    this.searches.clear();
    this.booksByName.clear();
  }
}
