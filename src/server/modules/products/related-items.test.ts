/**
 * The books under a book's page (decision 125): Similar Items and Other Items, read from indexes.
 * Similar Items must be exactly what sorting the whole shop gave (the old query is kept below as
 * the reference); Other Items follow the ring rule the decision writes down.
 */
import { and, asc, ne, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import type { Product } from '@shared/contracts/products';
import { findOtherProducts, findSimilarProducts, onSale } from './repository';
import { RELATED_COUNT, productPageData } from './storefront';

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
  /** Seconds after the first moment: books of one moment are in the shop's order by id. */
  at?: number;
  archived?: boolean;
}

const FIRST_MOMENT = Date.UTC(2020, 0, 1);

/** A shop of exactly these books. */
async function shopOf(books: readonly Book[]): Promise<void> {
  await db().delete(productImages);
  await db().delete(products);
  if (books.length === 0) return;
  await db()
    .insert(products)
    .values(
      books.map((book) => ({
        id: book.id,
        name: `Book ${book.id}`,
        type: book.type,
        age: book.age,
        pricePence: book.pricePence,
        createdAt: new Date(FIRST_MOMENT + (book.at ?? 0) * 1000),
        ...(book.archived ? { archivedAt: new Date() } : {}),
      })),
    );
}

const ids = (list: readonly Product[]) => list.map((product) => product.id);
const asProduct = (book: Book) => ({ id: book.id, type: book.type, age: book.age, price: book.pricePence / 100 });
const similar = async (book: Book, count = RELATED_COUNT) =>
  ids(await findSimilarProducts(db(), asProduct(book), count));

/** Similar Items as they were read before decision 125: the whole shop sorted, kept as the reference. */
async function wholeShopSimilar(book: Book, count: number): Promise<string[]> {
  const pence = Math.round(asProduct(book).price * 100);
  const rows = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(onSale, ne(products.id, book.id)))
    .orderBy(
      sql`(${products.age} = ${book.age}) desc`,
      sql`(${products.type} = ${book.type}) desc`,
      sql`abs(${products.pricePence} - ${pence})`,
      asc(products.createdAt),
      asc(products.id),
    )
    .limit(count);
  return rows.map((row) => row.id);
}

/**
 * Other Items by decision 125's rule, written as sorts of the whole shop: the n-th pick is the first
 * book of the ring (hashtext(id), then id) at or after hashtext('<seed>:<n>'), going on from the
 * ring's start, that is neither excluded nor picked before.
 */
async function ringRuleOthers(seed: string, exclude: readonly string[], count: number): Promise<string[]> {
  const picked: string[] = [];
  for (let pick = 0; pick < count; pick += 1) {
    const start = sql`hashtext(${`${seed}:${pick}`}::text)`;
    const left = [...exclude, ...picked];
    const [row] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(onSale, left.length ? notInArray(products.id, left) : undefined))
      .orderBy(sql`hashtext(${products.id}) < ${start}`, sql`hashtext(${products.id})`, asc(products.id))
      .limit(1);
    if (row) picked.push(row.id);
  }
  return picked;
}

const others = async (seed: string, exclude: readonly string[], count = RELATED_COUNT) =>
  ids(await findOtherProducts(db(), seed, exclude, count));

describe('Similar Items', () => {
  it('orders by matching age, then matching type, then nearest price, never the book itself', async () => {
    const subject: Book = { id: 's', type: 'Puzzle', age: 'Kids', pricePence: 800 };
    await shopOf([
      subject,
      { id: 'far-same', type: 'Puzzle', age: 'Kids', pricePence: 1400 },
      { id: 'near-same-age', type: 'Journal', age: 'Kids', pricePence: 850 },
      { id: 'same-type-other-age', type: 'Puzzle', age: 'Adults', pricePence: 800 },
      { id: 'near-same', type: 'Puzzle', age: 'Kids', pricePence: 700 },
      { id: 'nothing', type: 'Colouring', age: 'Adults', pricePence: 800 },
    ]);
    expect(await similar(subject, 5)).toEqual([
      'near-same',
      'far-same',
      'near-same-age',
      'same-type-other-age',
      'nothing',
    ]);
    expect(await similar(subject)).toEqual(['near-same', 'far-same', 'near-same-age', 'same-type-other-age']);
    expect(await similar(subject, 2)).toEqual(['near-same', 'far-same']);
  });

  it('breaks ties in distance, above and below the price alike, by the shop order (created_at, then id)', async () => {
    const subject: Book = { id: 'S', type: 'Puzzle', age: 'Kids', pricePence: 800, at: 0 };
    const book = (id: string, pricePence: number, at: number): Book => ({
      id,
      type: 'Puzzle',
      age: 'Kids',
      pricePence,
      at,
    });
    await shopOf([
      subject,
      book('Z-0', 800, 5),
      book('Y-9', 750, 1),
      book('Y-1', 750, 2),
      book('W-5', 850, 1),
      book('W-2', 850, 3),
      book('V-1', 700, 0),
    ]);
    // The same price first; then 50p away: W-5 and Y-9 (one moment: by id), Y-1, W-2; then V-1.
    const order = ['Z-0', 'W-5', 'Y-9', 'Y-1', 'W-2', 'V-1'];
    for (const count of [1, 2, 3, 4, 5, 6, 7]) expect(await similar(subject, count)).toEqual(order.slice(0, count));
  });

  it('takes the older of books of one price on either side, however many share it', async () => {
    // Five books one price below, five one price above (another age and type); the later, the smaller the id.
    const cheaper = ['P-5', 'P-4', 'P-3', 'P-2', 'P-1'].map((id, i): Book => ({
      id,
      type: 'Puzzle',
      age: 'Kids',
      pricePence: 790,
      at: i + 1,
    }));
    const dearer = ['Q-5', 'Q-4', 'Q-3', 'Q-2', 'Q-1'].map((id, i): Book => ({
      id,
      type: 'Colouring',
      age: 'Adults',
      pricePence: 810,
      at: i + 1,
    }));
    const kids: Book = { id: 'K', type: 'Puzzle', age: 'Kids', pricePence: 800 };
    const adults: Book = { id: 'A', type: 'Colouring', age: 'Adults', pricePence: 800 };
    await shopOf([kids, adults, ...dearer, ...cheaper]);
    expect(await similar(kids)).toEqual(['P-5', 'P-4', 'P-3', 'P-2']);
    expect(await similar(adults)).toEqual(['Q-5', 'Q-4', 'Q-3', 'Q-2']);
    expect(await similar(kids, 1)).toEqual(['P-5']);
    expect(await similar(adults, 1)).toEqual(['Q-5']);
  });

  it('goes on to the next kind of match when one has fewer than four, and answers fewer when the shop has fewer', async () => {
    const subject: Book = { id: 'S', type: 'Puzzle', age: 'Kids', pricePence: 800 };
    await shopOf([
      subject,
      { id: 'A0', type: 'Puzzle', age: 'Kids', pricePence: 800, archived: true },
      { id: 'A1', type: 'Puzzle', age: 'Kids', pricePence: 2000 },
      { id: 'B1', type: 'Journal', age: 'Kids', pricePence: 100 },
      { id: 'C1', type: 'Puzzle', age: 'Adults', pricePence: 900, at: 2 },
      { id: 'C2', type: 'Puzzle', age: '', pricePence: 790 },
      { id: 'C3', type: 'Puzzle', age: 'Adults', pricePence: 700, at: 1 },
      { id: 'C4', type: 'Puzzle', age: 'Adults', pricePence: 801 },
      { id: 'D1', type: 'Colouring', age: 'Adults', pricePence: 800 },
    ]);
    expect(await similar(subject)).toEqual(['A1', 'B1', 'C4', 'C2']);
    expect(await similar(subject, 6)).toEqual(['A1', 'B1', 'C4', 'C2', 'C3', 'C1']);
    // Seven books of the shop besides the book: all of them, the archived one never.
    expect(await similar(subject, 9)).toEqual(['A1', 'B1', 'C4', 'C2', 'C3', 'C1', 'D1']);

    await shopOf([subject, { id: 'A0', type: 'Puzzle', age: 'Kids', pricePence: 800, archived: true }]);
    expect(await similar(subject)).toEqual([]);
    await shopOf([subject, { id: 'X', type: 'Journal', age: 'Adults', pricePence: 5000 }]);
    expect(await similar(subject)).toEqual(['X']);
  });
});

/** Weighted choices, for shops with common and rare kinds of books. */
const weighted = <T>(...choices: Array<[T, number]>) =>
  fc.oneof(...choices.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));

const bookFields = fc.record({
  // Rare types and ages, so that some kinds of match have fewer than four books; a type stored
  // with a space is another type.
  type: weighted(['Puzzle', 40], ['Colouring', 30], ['Journal', 20], [' Puzzle', 3], ['Zine', 2], ['', 2]),
  age: weighted(['Kids' as const, 50], ['Adults' as const, 40], ['' as const, 10]),
  // Few prices, most of them in pairs as far above 8.00 as below it, so that ties are everywhere.
  pricePence: fc.oneof(
    { arbitrary: fc.constantFrom(500, 700, 750, 790, 799, 800, 801, 810, 850, 900, 1100), weight: 9 },
    { arbitrary: fc.integer({ min: 1, max: 3000 }), weight: 1 },
  ),
  // A few moments, so that many books share one and the id decides.
  at: fc.integer({ min: 0, max: 7 }),
  // About one book in six archived.
  archived: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
});

/** `size` books with ids in an order unrelated to their moments. */
const shopArb = (minSize: number, maxSize: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: 99_999 }), { minLength: minSize, maxLength: maxSize })
    .chain((numbers) =>
      fc.tuple(fc.constant(numbers), fc.array(bookFields, { minLength: numbers.length, maxLength: numbers.length })),
    )
    .map(([numbers, fields]): Book[] => numbers.map((n, i) => ({ id: `B-${n}`, ...fields[i]! })));

describe('Similar Items equal the whole-shop sort', () => {
  it('for every book of a shop of 300 with many ties, rare kinds and archived books', async () => {
    const [books] = fc.sample(shopArb(300, 300), { seed: 125, numRuns: 1 });
    await shopOf(books!);
    // The shop has what the test is about: tiers with fewer than four, archived books, shared prices and moments.
    const kinds = new Map<string, number>();
    for (const book of books!)
      if (!book.archived) kinds.set(`${book.age}/${book.type}`, (kinds.get(`${book.age}/${book.type}`) ?? 0) + 1);
    expect([...kinds.values()].some((n) => n <= 4)).toBe(true);
    expect(books!.filter((book) => book.archived).length).toBeGreaterThan(20);
    for (const book of books!)
      expect(await similar(book), book.id).toEqual(await wholeShopSimilar(book, RELATED_COUNT));
    for (const book of books!.slice(0, 40)) {
      for (const count of [1, 7])
        expect(await similar(book, count), `${book.id} ${count}`).toEqual(await wholeShopSimilar(book, count));
    }
  }, 180_000);

  it('for every book of small random shops, for any number asked', async () => {
    await fc.assert(
      fc.asyncProperty(shopArb(0, 14), fc.integer({ min: 1, max: 6 }), async (books, count) => {
        await shopOf(books);
        for (const book of books)
          expect(await similar(book, count), book.id).toEqual(await wholeShopSimilar(book, count));
      }),
      { numRuns: 25, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
    );
  }, 120_000);
});

describe('Other Items', () => {
  it('follow the ring rule for every book, the same on every call, never the book nor the excluded ones, and differ from book to book', async () => {
    const [books] = fc.sample(shopArb(300, 300), { seed: 1250, numRuns: 1 });
    await shopOf(books!);
    const onSaleBooks = books!.filter((book) => !book.archived);
    const picks = new Map<string, string[]>();
    const shown = new Map<string, number>();
    for (const book of onSaleBooks) {
      const exclude = [book.id, ...(await similar(book))];
      const pick = await others(book.id, exclude);
      expect(pick, book.id).toEqual(await ringRuleOthers(book.id, exclude, RELATED_COUNT));
      expect(await others(book.id, exclude), book.id).toEqual(pick);
      expect(pick).toHaveLength(RELATED_COUNT);
      expect(new Set(pick).size).toBe(pick.length);
      for (const id of pick) {
        expect(exclude).not.toContain(id);
        expect(onSaleBooks.some((other) => other.id === id)).toBe(true);
        shown.set(id, (shown.get(id) ?? 0) + 1);
      }
      picks.set(book.id, pick);
    }
    // Different books, different picks (as sets): hardly two alike; and no book shown everywhere.
    expect(new Set([...picks.values()].map((pick) => [...pick].sort().join(' '))).size).toBeGreaterThan(
      onSaleBooks.length * 0.95,
    );
    expect(Math.max(...shown.values())).toBeLessThan(onSaleBooks.length * RELATED_COUNT * 0.05);
  }, 180_000);

  it('go on from the ring’s start when no book follows a place', async () => {
    const books = ['R-1', 'R-2', 'R-3', 'R-4', 'R-5', 'R-6'].map((id): Book => ({
      id,
      type: 'Puzzle',
      age: 'Kids',
      pricePence: 800,
    }));
    await shopOf(books);
    // A seed whose first place comes after every book's: its first pick is the ring's first book.
    const found = (await db().execute(sql`
      select seed from (select 'wrap-' || n as seed, n from generate_series(0, 999) as n) as seeds
      where hashtext(seed || ':0') > (select max(hashtext(id)) from products)
      order by n limit 1`)) as unknown as { rows: Array<{ seed: string }> };
    const seed = found.rows[0]!.seed;
    const [first] = await db()
      .select({ id: products.id })
      .from(products)
      .orderBy(sql`hashtext(${products.id})`, asc(products.id))
      .limit(1);
    const pick = await others(seed, []);
    expect(pick[0]).toBe(first!.id);
    expect(pick).toEqual(await ringRuleOthers(seed, [], RELATED_COUNT));
    // Excluded, the first book gives way to the next one round the ring.
    expect((await others(seed, [first!.id]))[0]).not.toBe(first!.id);
    expect(await others(seed, [first!.id])).toEqual(await ringRuleOthers(seed, [first!.id], RELATED_COUNT));
  });

  it('answer as many books as there are to pick from, up to four', async () => {
    const book = (id: string, archived = false): Book => ({ id, type: 'Journal', age: '', pricePence: 500, archived });
    await shopOf([book('O-1'), book('O-2'), book('O-3'), book('O-4', true)]);
    expect((await others('O-1', ['O-1'])).sort()).toEqual(['O-2', 'O-3']);
    expect((await others('O-1', [])).sort()).toEqual(['O-1', 'O-2', 'O-3']);
    expect(await others('O-1', ['O-1', 'O-2', 'O-3'])).toEqual([]);
    expect(await others('O-1', ['O-1'], 0)).toEqual([]);
    await shopOf(['N-1', 'N-2', 'N-3', 'N-4', 'N-5', 'N-6'].map((id) => book(id)));
    const pick = await others('N-1', ['N-1']);
    expect(pick).toHaveLength(4);
    expect(pick).not.toContain('N-1');
    expect(await others('N-1', ['N-1'], 5)).toHaveLength(5);
    expect(await others('N-1', ['N-1'], 6)).toHaveLength(5);
  });
});

describe("the product page's related books", () => {
  it('are the same on every visit, four of each, none of them the book or shown twice', async () => {
    const [books] = fc.sample(shopArb(40, 40), { seed: 7, numRuns: 1 });
    await shopOf(books!);
    for (const book of books!.filter((candidate) => !candidate.archived).slice(0, 10)) {
      const page = (await productPageData(t.app.ctx, book.id))!;
      expect(ids(page.similar)).toEqual(await wholeShopSimilar(book, RELATED_COUNT));
      expect(ids(page.others)).toEqual(await ringRuleOthers(book.id, [book.id, ...ids(page.similar)], RELATED_COUNT));
      const shown = [book.id, ...ids(page.similar), ...ids(page.others)];
      expect(new Set(shown).size).toBe(2 * RELATED_COUNT + 1);
      const again = (await productPageData(t.app.ctx, `Book ${book.id}`))!;
      expect(ids(again.similar)).toEqual(ids(page.similar));
      expect(ids(again.others)).toEqual(ids(page.others));
    }
  });
});
