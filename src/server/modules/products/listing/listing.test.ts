/**
 * The paged listing, GET /api/catalogue/products (decision 113): the browser's rules
 * (web/features/products/catalogue-rules.ts) applied by the server, page by page, with the filter
 * panel's facets; keyset cursors that neither skip nor repeat a book, and refuse what is not one
 * of theirs with a 400.
 */
import { gunzipSync } from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productImages, products } from '../../../db/schema';
import { createProduct } from '../../../test/factories/products';
import { createTestApp, type TestApp } from '../../../test/harness';
import { catalogueListingSchema } from '@shared/contracts/products';
import type { Product, CatalogueListing, CatalogueListingQuery } from '@shared/contracts/products';
import {
  applyFilters,
  priceBounds,
  productTypes,
  sortProducts,
  type Filters,
} from '../../../../web/features/products/catalogue-rules';
import { BAD_LISTING_CURSOR_MESSAGE, encodeListingCursor } from './service';
import { FIRST_PAGES_KEPT, ListingCache } from './cache';
import { JS_TRIM_CHARACTERS } from './repository';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Query = Partial<Record<keyof CatalogueListingQuery, string | number>>;

const listingUrl = (query: Query) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `/api/catalogue/products${params.size ? `?${params}` : ''}`;
};
const request = (query: Query) => t.app.inject({ method: 'GET', url: listingUrl(query) });

async function listing(query: Query = {}): Promise<CatalogueListing> {
  const res = await request(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CatalogueListing;
}

/** Every page of a listing, following next_cursor. */
async function allPages(query: Query = {}): Promise<CatalogueListing[]> {
  const pages: CatalogueListing[] = [];
  let cursor: string | null = null;
  do {
    const page = await listing({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 500);
  expect(cursor).toBeNull();
  return pages;
}

const ids = (list: readonly Product[]) => list.map((product) => product.id);
const wholeCatalogue = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/server/get_products' })).json() as Product[];

let announced = 0;
/**
 * Tells the app that the catalogue changed, as the admin's writes do (productUpdate), and waits
 * until the notification has reached this instance: the listing's facets are fresh after it.
 */
async function announceChange(): Promise<void> {
  t.app.ctx.catalogue.invalidate();
  const payload = `listing-test-${(announced += 1)}`;
  const arrived = new Promise<void>((resolve) => {
    const stop = t.app.ctx.events.subscribe((received) => {
      if (received === payload) {
        stop();
        resolve();
      }
    });
  });
  await t.app.ctx.events.publish(payload);
  await arrived;
}

async function emptyShop(): Promise<void> {
  await db().delete(productImages);
  await db().delete(products);
}

interface Book {
  id: string;
  type?: string;
  age?: 'Kids' | 'Adults' | '';
  pricePence?: number;
  archived?: boolean;
}

/** Books written in one statement share one created_at (the shop's order then goes by id): `at`, else now(). */
async function insertBatch(books: readonly Book[], at?: Date): Promise<void> {
  if (books.length === 0) return;
  await db()
    .insert(products)
    .values(
      books.map((book) => ({
        id: book.id,
        name: `Book ${book.id}`,
        type: book.type ?? 'Puzzle',
        age: book.age ?? '',
        pricePence: book.pricePence ?? 799,
        description: `About ${book.id}.`,
        ...(book.archived ? { archivedAt: new Date() } : {}),
        ...(at ? { createdAt: at } : {}),
      })),
    );
}

/**
 * A fresh shop of these batches, announced: each batch is one moment, a second after the one
 * before (in 2020, so that books written later with now() come after them).
 */
async function shopOf(batches: readonly (readonly Book[])[]): Promise<void> {
  await emptyShop();
  for (const [i, batch] of batches.entries()) await insertBatch(batch, new Date(Date.UTC(2020, 0, 1) + i * 1000));
  await announceChange();
}

/** What the home page shows today for the query: the browser's rules over get_products' answer. */
function browserView(
  all: readonly Product[],
  query: { type?: string; age?: Filters['age']; max_price?: string; sort?: 'default' | 'price-asc' | 'price-desc' },
) {
  const filters: Filters = {
    type: query.type ?? '',
    age: query.age ?? 'All',
    maxPrice: query.max_price === undefined || query.max_price === '' ? Infinity : Number(query.max_price),
  };
  return {
    shown: sortProducts(applyFilters(all, filters), query.sort ?? 'default'),
    facets: {
      types: productTypes(all).map((type) => ({ type, count: applyFilters(all, { ...filters, type }).length })),
      ages: (['All', 'Kids', 'Adults'] as const).map((age) => ({
        age,
        count: applyFilters(all, { ...filters, age }).length,
      })),
      price: all.length
        ? {
            lowest: Math.min(...all.map((product) => product.price)),
            highest: Math.max(...all.map((product) => product.price)),
          }
        : { lowest: null, highest: null },
    },
  };
}

describe('the listing follows the browser rules exactly', () => {
  const TYPES = [
    'Puzzle',
    ' Puzzle',
    'Puzzle\u00a0',
    '\u3000Puzzle\t',
    'puzzle',
    'Colouring',
    'Journal',
    'Activity Book',
    '',
    '  ',
  ];
  const bookArb = fc.record({
    type: fc.constantFrom(...TYPES),
    age: fc.constantFrom('Kids' as const, 'Adults' as const, '' as const),
    // Few prices, so that ties are common, and some anywhere.
    pricePence: fc.oneof(fc.constantFrom(100, 799, 800, 1300), fc.integer({ min: 1, max: 4000 })),
    // About one book in six archived.
    archived: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  });
  const catalogueArb = fc
    .tuple(
      // Ids in an order unrelated to the order of writing.
      fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: 0, maxLength: 22, size: 'max' }),
      fc.array(bookArb, { minLength: 22, maxLength: 22 }),
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 22, maxLength: 22 }),
    )
    .map(([numbers, fields, sizes]) => {
      const books = numbers.map((n, i) => ({ id: `B-${n}`, ...fields[i]! }));
      const batches: Book[][] = [];
      for (let start = 0, i = 0; start < books.length; i += 1) {
        batches.push(books.slice(start, start + sizes[i]!));
        start += sizes[i]!;
      }
      return batches;
    });
  const queryArb = fc.record({
    type: fc.constantFrom('', 'Puzzle', 'Colouring', 'Journal', 'Activity Book', ' Puzzle', 'Nope'),
    age: fc.constantFrom('All' as const, 'Kids' as const, 'Adults' as const),
    max_price: fc.oneof(
      fc.constant(''),
      fc.integer({ min: 0, max: 42 }).map(String),
      fc.constantFrom('7.99', '8', '12.99', '13', '0.99', '1'),
    ),
    sort: fc.constantFrom('default' as const, 'price-asc' as const, 'price-desc' as const),
    limit: fc.integer({ min: 1, max: 6 }),
  });

  it('pages through every matching book once, in the order and with the facets the browser rules give (random catalogues)', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        fc.integer({ min: 1, max: 6 }),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        async (batches, limit, filtered) => {
          await shopOf(batches);
          const all = await wholeCatalogue();
          expect(all.length).toBe(batches.flat().filter((book) => !book.archived).length);
          // Every sort over the whole shop, then some filtered views.
          const unfiltered = (['default', 'price-asc', 'price-desc'] as const).map((sort) => ({
            type: '',
            age: 'All' as const,
            max_price: '',
            sort,
            limit,
          }));
          for (const query of [...unfiltered, ...filtered]) {
            const expected = browserView(all, query);
            const pages = await allPages(query);
            const listed = pages.flatMap((page) => page.products);
            expect(listed).toEqual(expected.shown);
            pages.forEach((page, i) => {
              expect(page.products.length).toBe(
                i < pages.length - 1 ? query.limit : expected.shown.length - query.limit * (pages.length - 1),
              );
              expect(page.total).toBe(expected.shown.length);
              expect(page.facets).toEqual(expected.facets);
            });
            // The slider's range from the facets is the one the browser computes.
            const { lowest, highest } = pages[0]!.facets.price;
            expect(
              lowest === null || highest === null
                ? { min: 0, max: 100 }
                : { min: Math.floor(lowest), max: Math.ceil(highest) },
            ).toEqual(priceBounds(all));
          }
        },
      ),
      // A failure is shrunk for at most a minute (each try rebuilds the shop).
      { numRuns: 50, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
    );
  }, 120_000);
});

describe('paging', () => {
  it('keeps ties in price in the shop order both ways, across page boundaries, without skipping or repeating', async () => {
    // Three moments: the first two books share one created_at, so id decides between them.
    await shopOf([
      [
        { id: 'T-2', pricePence: 500 },
        { id: 'T-1', pricePence: 500 },
      ],
      [
        { id: 'T-0', pricePence: 900 },
        { id: 'T-9', pricePence: 500 },
        { id: 'T-5', pricePence: 100 },
      ],
      [{ id: 'T-3', pricePence: 500 }],
    ]);
    const order = async (sort: string) => (await allPages({ sort, limit: 2 })).flatMap((page) => ids(page.products));
    expect(await order('default')).toEqual(['T-1', 'T-2', 'T-0', 'T-5', 'T-9', 'T-3']);
    expect(await order('price-asc')).toEqual(['T-5', 'T-1', 'T-2', 'T-9', 'T-3', 'T-0']);
    expect(await order('price-desc')).toEqual(['T-0', 'T-1', 'T-2', 'T-9', 'T-3', 'T-5']);
    for (const limit of [1, 3, 4, 6, 7]) {
      expect((await allPages({ sort: 'price-desc', limit })).flatMap((page) => ids(page.products))).toEqual([
        'T-0',
        'T-1',
        'T-2',
        'T-9',
        'T-3',
        'T-5',
      ]);
    }
  });

  it('keeps created_at to the microsecond: books written within one millisecond are neither lost nor repeated', async () => {
    await emptyShop();
    await insertBatch([{ id: 'M-3' }, { id: 'M-4' }]);
    await insertBatch([{ id: 'M-1' }, { id: 'M-2' }]);
    // Three moments inside one millisecond, in an order that differs from the ids'.
    await db().execute(sql`update products set created_at = '2026-03-01T10:00:00.000900Z' where id in ('M-3', 'M-4')`);
    await db().execute(sql`update products set created_at = '2026-03-01T10:00:00.000100Z' where id = 'M-2'`);
    await db().execute(sql`update products set created_at = '2026-03-01T10:00:00.000500Z' where id = 'M-1'`);
    await announceChange();
    for (const sort of ['default', 'price-asc', 'price-desc']) {
      expect((await allPages({ sort, limit: 1 })).flatMap((page) => ids(page.products))).toEqual([
        'M-2',
        'M-1',
        'M-3',
        'M-4',
      ]);
    }
  });

  for (const sort of ['default', 'price-asc', 'price-desc'] as const) {
    it(`${sort}: a book added or removed between pages is never repeated, and nothing that was there throughout is skipped`, async () => {
      const prices = [300, 500, 500, 500, 700, 700, 900, 1100, 1100, 1300];
      await shopOf(prices.map((pricePence, i) => [{ id: `C-${String(i).padStart(2, '0')}`, pricePence }]));
      const first = await listing({ sort, limit: 4 });
      const seen = ids(first.products);
      const unseen = ids(browserView(await wholeCatalogue(), { sort }).shown).filter((id) => !seen.includes(id));

      // Removed: one already shown and one still to come; archived: one still to come; added: new
      // books at every price, including the price of the page's last book.
      await db()
        .delete(products)
        .where(inArray(products.id, [seen[1]!, unseen[0]!]));
      await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, unseen[2]!));
      await insertBatch([300, 500, 700, 1300, 2000].map((pricePence, i) => ({ id: `N-${i}`, pricePence })));
      await announceChange();

      const rest: string[] = [];
      let cursor = first.next_cursor;
      while (cursor) {
        const page = await listing({ sort, limit: 4, cursor });
        rest.push(...ids(page.products));
        cursor = page.next_cursor;
      }
      const listed = [...seen, ...rest];
      expect(new Set(listed).size).toBe(listed.length);
      expect(rest).not.toContain(unseen[0]);
      expect(rest).not.toContain(unseen[2]);
      for (const id of unseen.filter((id) => id !== unseen[0] && id !== unseen[2])) expect(rest).toContain(id);
      // The later pages are exactly the books that now come after the first page's last book, new ones included.
      const now = ids(browserView(await wholeCatalogue(), { sort }).shown);
      expect(rest).toEqual(now.slice(now.indexOf(seen.at(-1)!) + 1));
      expect(rest.some((id) => id.startsWith('N-'))).toBe(true);
    });
  }

  it('answers 24 books by default, at most 100 when asked, and the rest on the last page', async () => {
    await shopOf([
      Array.from({ length: 130 }, (_, i) => ({ id: `L-${String(i).padStart(3, '0')}`, pricePence: 100 + (i % 7) })),
    ]);
    const first = await listing();
    expect(first.products).toHaveLength(24);
    expect(first.total).toBe(130);
    expect(first.next_cursor).not.toBeNull();
    const big = await listing({ limit: 100 });
    expect(big.products).toHaveLength(100);
    const last = await listing({ limit: 100, cursor: big.next_cursor! });
    expect(last.products).toHaveLength(30);
    expect(last.next_cursor).toBeNull();
    expect(ids([...big.products, ...last.products])).toEqual(ids(await wholeCatalogue()));
    expect(await listing({ limit: 130 - 100, cursor: big.next_cursor! }).then((page) => page.next_cursor)).toBeNull();
  });

  it('answers an empty shop with no books, no cursor, and the empty facets', async () => {
    await shopOf([]);
    expect(await listing()).toEqual({
      products: [],
      next_cursor: null,
      total: 0,
      facets: {
        types: [],
        ages: [
          { age: 'All', count: 0 },
          { age: 'Kids', count: 0 },
          { age: 'Adults', count: 0 },
        ],
        price: { lowest: null, highest: null },
      },
    });
  });

  it('accepts a cursor it made for a book that is gone: the next page is what comes after that place', async () => {
    await shopOf([
      [{ id: 'G-1', pricePence: 500 }],
      [{ id: 'G-2', pricePence: 700 }],
      [{ id: 'G-3', pricePence: 900 }],
    ]);
    const gone = encodeListingCursor({
      sort: 'price-asc',
      pricePence: 600,
      at: '2020-01-01T00:00:00.000000Z',
      id: 'ZZZ',
    });
    expect(ids((await listing({ sort: 'price-asc', cursor: gone })).products)).toEqual(['G-2', 'G-3']);
    const goneDesc = encodeListingCursor({
      sort: 'price-desc',
      pricePence: 800,
      at: '2999-01-01T00:00:00.000000Z',
      id: 'A',
    });
    expect(ids((await listing({ sort: 'price-desc', cursor: goneDesc })).products)).toEqual(['G-2', 'G-1']);
  });
});

describe('filters and facets', () => {
  beforeEach(async () => {
    await shopOf([
      // One statement: one created_at, so F-CA comes before F-PK (by id).
      [
        { id: 'F-PK', type: 'Puzzle', age: 'Kids', pricePence: 799 },
        { id: 'F-CA', type: 'Colouring', age: 'Adults', pricePence: 399 },
      ],
      [
        { id: 'F-J', type: 'Journal', age: '', pricePence: 1499 },
        { id: 'F-PA', type: ' Puzzle ', age: 'Adults', pricePence: 800 },
        { id: 'F-X', type: '', age: 'Kids', pricePence: 100 },
        { id: 'F-ARCH', type: 'Archived Type', age: '', pricePence: 5000, archived: true },
      ],
    ]);
  });

  const listed = async (query: Query) => ids((await listing(query)).products);

  it('filters by one type, compared with each book type trimmed', async () => {
    expect(await listed({ type: 'Puzzle' })).toEqual(['F-PK', 'F-PA']);
    expect(await listed({ type: 'Journal' })).toEqual(['F-J']);
    expect(await listed({ type: ' Puzzle ' })).toEqual([]);
    expect(await listed({ type: 'puzzle' })).toEqual([]);
    expect(await listed({ type: '' })).toHaveLength(5);
  });

  it('trims exactly what JavaScript trims', () => {
    expect(JS_TRIM_CHARACTERS).toHaveLength(25);
    expect(`${JS_TRIM_CHARACTERS}x${JS_TRIM_CHARACTERS}`.trim()).toBe('x');
  });

  it('filters by age, the all-ages books in both Kids and Adults (decision 012)', async () => {
    expect(await listed({ age: 'Kids' })).toEqual(['F-PK', 'F-J', 'F-X']);
    expect(await listed({ age: 'Adults' })).toEqual(['F-CA', 'F-J', 'F-PA']);
    expect(await listed({ age: 'All' })).toEqual(['F-CA', 'F-PK', 'F-J', 'F-PA', 'F-X']);
  });

  it('filters by the highest price in pounds, a book exactly at it shown', async () => {
    expect(await listed({ max_price: '7.99' })).toEqual(['F-CA', 'F-PK', 'F-X']);
    expect(await listed({ max_price: '8' })).toEqual(['F-CA', 'F-PK', 'F-PA', 'F-X']);
    expect(await listed({ max_price: '0' })).toEqual([]);
    expect(await listed({ max_price: '' })).toHaveLength(5);
    expect(await listed({ max_price: '999999999.99' })).toHaveLength(5);
  });

  it('combines the filters with the sort', async () => {
    expect(await listed({ type: 'Puzzle', age: 'Adults', max_price: '10', sort: 'price-desc' })).toEqual(['F-PA']);
    expect(await listed({ age: 'Kids', max_price: '15', sort: 'price-desc' })).toEqual(['F-J', 'F-PK', 'F-X']);
  });

  it('counts each option with the other filters, lists the whole shop types and price range, never an archived book', async () => {
    const page = await listing({ type: 'Puzzle', age: 'Kids', max_price: '8' });
    expect(page.total).toBe(1);
    expect(page.facets).toEqual({
      // Age Kids and at most £8: what each type would show.
      types: [
        { type: 'Colouring', count: 0 },
        { type: 'Journal', count: 0 },
        { type: 'Puzzle', count: 1 },
      ],
      // Type Puzzle and at most £8: what each age would show.
      ages: [
        { age: 'All', count: 2 },
        { age: 'Kids', count: 1 },
        { age: 'Adults', count: 1 },
      ],
      price: { lowest: 1, highest: 14.99 },
    });
    // The all-ages Journal counts for Kids and for Adults.
    expect((await listing({ age: 'Kids' })).facets.ages).toEqual([
      { age: 'All', count: 5 },
      { age: 'Kids', count: 3 },
      { age: 'Adults', count: 3 },
    ]);
    expect(JSON.stringify(await listing({ type: 'Archived Type' }))).not.toContain('F-ARCH');
    expect((await listing({ type: 'Archived Type' })).total).toBe(0);
  });

  it('answers the same product shape as get_products', async () => {
    const withImages = await createProduct(db(), { id: 'F-IMG', type: 'Puzzle', images: 2 });
    await announceChange();
    const fromListing = (await listing({ type: 'Puzzle' })).products.find((product) => product.id === withImages.id);
    expect(fromListing).toEqual((await wholeCatalogue()).find((product) => product.id === withImages.id));
    expect(fromListing?.imageUrls).toHaveLength(2);
  });

  it('keeps each first page and the counts until productUpdate arrives; later pages are read at once', async () => {
    const first = await listing({ sort: 'price-desc', limit: 2 });
    await insertBatch([
      { id: 'F-NEW', type: 'Maps', age: 'Adults', pricePence: 2500 },
      { id: 'F-CHEAP', type: 'Maps', age: 'Adults', pricePence: 50 },
    ]);
    // The first page is the one kept; the pages after it come from the database.
    expect(await listing({ sort: 'price-desc', limit: 2 })).toEqual(first);
    const rest = (await allPages({ sort: 'price-desc', limit: 2, cursor: first.next_cursor! })).flatMap((page) =>
      ids(page.products),
    );
    expect(rest.at(-1)).toBe('F-CHEAP');

    await announceChange();
    const page = await listing({ sort: 'price-desc', limit: 2 });
    expect(ids(page.products)).toEqual(['F-NEW', 'F-J']);
    expect(page.total).toBe(7);
    expect(page.facets.types.map((facet) => facet.type)).toEqual(['Colouring', 'Journal', 'Maps', 'Puzzle']);
    expect(page.facets.price).toEqual({ lowest: 0.5, highest: 25 });
  });

  it('answers JSON that matches its contract, gzipped when the client accepts it', async () => {
    await createProduct(db(), {
      id: 'F-LONG',
      type: 'Puzzle',
      description: 'Forty mazes through castles and caves. '.repeat(60),
    });
    await announceChange();
    const plain = await request({ limit: 4, sort: 'price-desc' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const zipped = await t.app.inject({
      method: 'GET',
      url: listingUrl({ limit: 4, sort: 'price-desc' }),
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const next = await request({ limit: 4, sort: 'price-desc', cursor: plain.json().next_cursor });
    for (const answer of [plain.json(), next.json()])
      expect(catalogueListingSchema.safeParse(answer).error).toBeUndefined();
  });
});

describe('bad requests: 400 with a sentence, never a 5xx', () => {
  beforeAll(async () => {
    await shopOf([[{ id: 'Q-1' }, { id: 'Q-2' }]]);
  });

  it('refuses a page size out of bounds or not a whole number', async () => {
    for (const [limit, words] of [
      ['0', /at least 1/],
      ['101', /at most 100/],
      ['-3', /at least 1/],
      ['2.5', /whole number/],
      ['ten', /number/],
    ] as const) {
      const res = await request({ limit });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message).toMatch(/^Invalid limit: /);
      expect(res.json().message).toMatch(words);
    }
  });

  it('refuses an unknown sort or age, a price that is not pounds, a repeated or very long filter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['sort=newest', /^Invalid sort: /],
      ['sort=', /^Invalid sort: /],
      ['age=kids', /^Invalid age: /],
      ['age=', /^Invalid age: /],
      ['max_price=-1', /^Invalid max_price: .*pounds/],
      ['max_price=7.999', /^Invalid max_price: /],
      ['max_price=abc', /^Invalid max_price: /],
      ['max_price=1e3', /^Invalid max_price: /],
      ['max_price=1234567890', /^Invalid max_price: /],
      ['type=Puzzle&type=Journal', /^Invalid type: /],
      [`type=${'x'.repeat(201)}`, /^Invalid type: .*too long/],
      ['type=%00', /^Invalid type: /],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/catalogue/products?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it('refuses every cursor that is not one of its own for that sort', async () => {
    const cursor = (value: unknown) =>
      Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    const t0 = '2026-01-01T00:00:00.000000Z';
    const badCursors: Array<[string, string]> = [
      ['not a cursor!', 'default'],
      ['', 'default'],
      ['====', 'default'],
      [cursor('not json'), 'default'],
      [cursor([1, 2]), 'default'],
      [cursor(null), 'default'],
      [cursor(42), 'default'],
      [cursor({ t: t0, i: 'Q-1' }), 'default'],
      [cursor({ o: 'default', t: t0 }), 'default'],
      [cursor({ o: 'default', t: t0, i: '' }), 'default'],
      [cursor({ o: 'default', t: t0, i: 7 }), 'default'],
      [cursor({ o: 'default', t: t0, i: 'Q\u0000' }), 'default'],
      [cursor({ o: 'default', t: t0, i: '\ud800' }), 'default'],
      [cursor({ o: 'default', t: t0, i: 'x'.repeat(501) }), 'default'],
      [cursor({ o: 'default', t: '2026-01-01T00:00:00.000Z', i: 'Q-1' }), 'default'],
      [cursor({ o: 'default', t: '2026-02-30T00:00:00.000000Z', i: 'Q-1' }), 'default'],
      [cursor({ o: 'default', t: '2026-01-01T25:00:00.000000Z', i: 'Q-1' }), 'default'],
      [cursor({ o: 'default', t: '0000-01-01T00:00:00.000000Z', i: 'Q-1' }), 'default'],
      [cursor({ o: 'default', t: 'yesterday', i: 'Q-1' }), 'default'],
      [cursor({ o: 'default', t: t0, i: 'Q-1', extra: true }), 'default'],
      [cursor({ o: 'default', p: 500, t: t0, i: 'Q-1' }), 'default'],
      [cursor({ o: 'newest', t: t0, i: 'Q-1' }), 'default'],
      [cursor({ o: 'price-asc', t: t0, i: 'Q-1' }), 'price-asc'],
      [cursor({ o: 'price-asc', p: '500', t: t0, i: 'Q-1' }), 'price-asc'],
      [cursor({ o: 'price-asc', p: 5.5, t: t0, i: 'Q-1' }), 'price-asc'],
      [cursor({ o: 'price-asc', p: 0, t: t0, i: 'Q-1' }), 'price-asc'],
      [cursor({ o: 'price-desc', p: 2 ** 31, t: t0, i: 'Q-1' }), 'price-desc'],
      [cursor({ o: 'price-desc', p: 1e300, t: t0, i: 'Q-1' }), 'price-desc'],
      // A good cursor for another sort.
      [cursor({ o: 'price-asc', p: 500, t: t0, i: 'Q-1' }), 'price-desc'],
      [cursor({ o: 'price-asc', p: 500, t: t0, i: 'Q-1' }), 'default'],
      [cursor({ o: 'default', t: t0, i: 'Q-1' }), 'price-asc'],
      ['x'.repeat(1001), 'default'],
    ];
    for (const [bad, sort] of badCursors) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/catalogue/products?sort=${sort}&cursor=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, `${bad} (${sort})`).toBe(400);
      expect(res.json().message, bad).toMatch(/cursor/i);
    }
    expect(BAD_LISTING_CURSOR_MESSAGE).toMatch(/first page/);
    // And the good ones of each sort pass.
    for (const sort of ['default', 'price-asc', 'price-desc'] as const) {
      const good = encodeListingCursor(
        sort === 'default' ? { sort, at: t0, id: 'Q-1' } : { sort, pricePence: 500, at: t0, id: 'Q-1' },
      );
      expect((await request({ sort, cursor: good })).statusCode).toBe(200);
    }
  });
});

describe('the first pages kept in memory', () => {
  const answer = (total: number): CatalogueListing => ({
    products: [],
    next_cursor: null,
    total,
    facets: { types: [], ages: [], price: { lowest: null, highest: null } },
  });
  const cacheOf = () => new ListingCache(db());

  it('keeps a page until the catalogue changes, and not a read that was under way when it changed', async () => {
    const cache = cacheOf();
    let loads = 0;
    const load = async () => answer((loads += 1));
    expect((await cache.firstPage('k', load)).listing.total).toBe(1);
    expect((await cache.firstPage('k', load)).listing.total).toBe(1);
    let finish!: (value: CatalogueListing) => void;
    cache.invalidate();
    const underWay = cache.firstPage('k', () => new Promise((resolve) => (finish = resolve)));
    cache.invalidate();
    finish(answer(99));
    expect((await underWay).listing.total).toBe(99);
    expect((await cache.firstPage('k', load)).listing.total).toBe(2);
  });

  it('does not keep a failed read, and keeps at most FIRST_PAGES_KEPT pages (the oldest goes)', async () => {
    const cache = cacheOf();
    await expect(cache.firstPage('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect((await cache.firstPage('k', async () => answer(1))).listing.total).toBe(1);
    for (let i = 0; i < FIRST_PAGES_KEPT; i += 1) await cache.firstPage(`other-${i}`, async () => answer(0));
    expect((await cache.firstPage('k', async () => answer(2))).listing.total).toBe(2);
    expect((await cache.firstPage(`other-${FIRST_PAGES_KEPT - 1}`, async () => answer(3))).listing.total).toBe(0);
  });
});
