/**
 * A filter's first page made from the catalogue kept in memory (decision 166) is the database's
 * page exactly: the same books in the same order with the same positions (so the same next
 * cursor), for every filter, sort and size, over catalogues with the ties and odd types that make
 * orders differ (one created_at for a batch, equal prices, types with spaces, archived books).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, productImages, products } from '../../../db/schema';
import { fakeImageKey } from '../../../test/factories/products';
import { createTestApp, type TestApp } from '../../../test/harness';
import { LISTING_AGES, LISTING_SORTS, type CatalogueListing } from '@shared/contracts/products';
import { ListingIndex } from './memory';
import { findListingPage, type ListingFilter } from './repository';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Book {
  id: string;
  type: string;
  age: 'Kids' | 'Adults' | '';
  pricePence: number;
  archived: boolean;
  images: number;
}

/** A fresh shop of these batches: the books of one batch share one created_at (a second apart), so ids decide among them. */
async function shopOf(batches: readonly (readonly Book[])[]): Promise<void> {
  await db().delete(productImages);
  await db().delete(products);
  for (const [i, batch] of batches.entries()) {
    if (batch.length === 0) continue;
    await db()
      .insert(products)
      .values(
        batch.map((book) => ({
          id: book.id,
          name: `Book ${book.id}`,
          type: book.type,
          age: book.age,
          pricePence: book.pricePence,
          description: `About ${book.id}.`,
          createdAt: new Date(Date.UTC(2020, 0, 1) + i * 1000),
          ...(book.archived ? { archivedAt: new Date() } : {}),
        })),
      );
    const withImages = batch.filter((book) => book.images > 0);
    for (const book of withImages) {
      const keys = Array.from({ length: book.images }, (_, n) => fakeImageKey(`${book.id}/${n}`));
      await db()
        .insert(images)
        .values(keys.map((key) => ({ key, contentType: 'image/webp', width: 800, height: 1100, bytes: 1000 })))
        .onConflictDoNothing();
      await db()
        .insert(productImages)
        .values(keys.map((imageKey, position) => ({ productId: book.id, position, imageKey })));
    }
  }
  t.app.ctx.catalogue.invalidate();
}

/** The index of the catalogue as it is now in the database. */
async function indexNow(): Promise<ListingIndex> {
  t.app.ctx.catalogue.invalidate();
  return new ListingIndex(await t.app.ctx.catalogue.get());
}

async function expectSame(
  index: ListingIndex,
  filter: ListingFilter,
  sort: (typeof LISTING_SORTS)[number],
  limit: number,
) {
  const fromDatabase = await findListingPage(db(), filter, sort, undefined, limit);
  expect(index.firstRows(filter, sort, limit), JSON.stringify({ filter, sort, limit })).toEqual(fromDatabase);
}

const TYPES = ['Puzzle', ' Puzzle ', 'Activity', 'Journal\u00a0', '', 'puzzle'];
const FILTER_TYPES = ['', 'Puzzle', 'Activity', 'Journal', ' Puzzle', 'puzzle', 'Colouring'];
const PRICES = [1, 499, 500, 799, 800, 1200, 1999];
const MAXIMA = [null, 1, 499, 500, 799, 5000];

describe('a first page made from the catalogue in memory', () => {
  it('is the database page for every filter, sort and size of a catalogue with ties, odd types and archived books', async () => {
    // Ids whose order differs between ways of comparing (case, hyphens, digits as text).
    const ids = ['a-1', 'A-1', 'B_2', 'b-10', 'b-9', 'Z', 'z-0', 'BV-100', 'BV-11', 'BV-2', 'm', 'M-'];
    const batches: Book[][] = [[], [], []];
    ids.forEach((id, i) =>
      [0, 1, 2].forEach((batch) =>
        batches[batch]!.push({
          id: `${id}.${batch}`,
          type: TYPES[(i + batch) % TYPES.length]!,
          age: (['Kids', 'Adults', ''] as const)[(i * 7 + batch) % 3]!,
          pricePence: PRICES[(i * 3 + batch) % PRICES.length]!,
          archived: (i + batch) % 5 === 0,
          images: (i + batch) % 3,
        }),
      ),
    );
    await shopOf(batches);
    // Books within one millisecond: created_at's microseconds decide.
    await db().execute(
      sql`update products set created_at = '2020-01-01T00:00:00.000900Z' where id in ('a-1.0', 'Z.0')`,
    );
    await db().execute(sql`update products set created_at = '2020-01-01T00:00:00.000100Z' where id = 'b-9.0'`);
    const index = await indexNow();
    for (const type of FILTER_TYPES)
      for (const age of LISTING_AGES)
        for (const maxPence of MAXIMA)
          for (const sort of LISTING_SORTS)
            for (const limit of [1, 3, 25]) await expectSame(index, { type, age, maxPence }, sort, limit);
  }, 120_000); // about 1,100 database pages

  it('is the database page over random catalogues and filters', async () => {
    const book = fc.record({
      id: fc.stringMatching(/^[A-Za-z0-9_-]{1,6}$/),
      type: fc.constantFrom(...TYPES),
      age: fc.constantFrom('Kids' as const, 'Adults' as const, '' as const),
      pricePence: fc.constantFrom(...PRICES),
      archived: fc.boolean(),
      images: fc.constantFrom(0, 0, 1, 2),
    });
    const shop = fc.array(fc.array(book, { maxLength: 12 }), { minLength: 1, maxLength: 4 }).map((batches) => {
      const seen = new Set<string>();
      return batches.map((batch) => batch.filter((b) => !seen.has(b.id) && seen.add(b.id)));
    });
    const query = fc.record({
      type: fc.constantFrom(...FILTER_TYPES),
      age: fc.constantFrom(...LISTING_AGES),
      maxPence: fc.constantFrom(...MAXIMA),
      sort: fc.constantFrom(...LISTING_SORTS),
      limit: fc.integer({ min: 1, max: 30 }),
    });
    await fc.assert(
      fc.asyncProperty(shop, fc.array(query, { minLength: 5, maxLength: 20 }), async (batches, queries) => {
        await shopOf(batches);
        const index = await indexNow();
        for (const { sort, limit, ...filter } of queries) await expectSame(index, filter, sort, limit);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('the listing answers from memory', () => {
  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CatalogueListing;
  };

  it('makes a new filter from memory once the catalogue is loaded, the same answer as the database, and a change is seen', async () => {
    await shopOf([
      Array.from({ length: 30 }, (_, i) => ({
        id: `L-${String(i).padStart(2, '0')}`,
        type: i % 2 ? 'Puzzle' : 'Activity',
        age: '' as const,
        pricePence: 500 + (i % 4) * 100,
        archived: false,
        images: 0,
      })),
    ]);
    const listing = t.app.ctx.listing;
    const filter: ListingFilter = { type: 'Puzzle', age: 'All', maxPence: 700 };
    // Not loaded: the database answers, and the load is started for the pages after it.
    expect(listing.firstRowsFromMemory(filter, 'price-asc', 3)).toBeNull();
    const first = await page('/api/catalogue/products?type=Puzzle&max_price=7&sort=price-asc&limit=2');
    await t.app.ctx.catalogue.get();
    expect(listing.firstRowsFromMemory(filter, 'price-asc', 3)).not.toBeNull();
    const second = await page('/api/catalogue/products?type=Puzzle&max_price=7.00&sort=price-asc&limit=3');
    expect(second.products.slice(0, 2)).toEqual(first.products);
    expect(second.total).toBe(first.total);
    // The next cursor made in memory continues where the database's page would.
    const rest = await page(
      `/api/catalogue/products?type=Puzzle&max_price=7&sort=price-asc&limit=3&cursor=${second.next_cursor}`,
    );
    expect([...second.products, ...rest.products].map((b) => b.id)).toEqual(
      (await findListingPage(db(), filter, 'price-asc', undefined, 100)).map((row) => row.product.id).slice(0, 6),
    );

    // A change reaches the memory's pages: the cheapest puzzle becomes the dearest.
    const cheapest = second.products[0]!.id;
    await db().execute(sql`update products set price_pence = 700 where id = ${cheapest}`);
    t.app.ctx.catalogue.invalidate();
    t.app.ctx.listing.invalidate();
    await t.app.ctx.catalogue.get();
    const after = await page('/api/catalogue/products?type=Puzzle&max_price=7&sort=price-asc&limit=4');
    expect(after.products.map((b) => b.id)).not.toContain(cheapest);
    expect(after.products.map((b) => b.id)).toEqual(
      (await findListingPage(db(), filter, 'price-asc', undefined, 4)).map((row) => row.product.id),
    );
  });
});
