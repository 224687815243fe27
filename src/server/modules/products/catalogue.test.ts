import { gunzipSync } from 'node:zlib';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { createUser } from '../../test/factories/users';
import type { Product } from '@shared/contracts/products';
import { productPageData } from './storefront';
import { PRODUCT_NOT_FOUND } from './service';
import { countProductsOnSale, findProducts, findSitemapBooks } from './repository';
import {
  sitemapBooksFileCount,
  sitemapBooksFileNumber,
  sitemapBooksOffset,
  sitemapBooksXml,
  sitemapIndexXml,
} from './seo';

let t: TestApp;
let maze: ProductFixture;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
  maze = await createProduct(db(), {
    id: 'BV-MAZE',
    name: 'Marvellous Maze Adventures',
    type: 'Puzzle',
    age: 'Kids',
    pricePence: 799,
    description: 'Forty hand-drawn mazes that wind through castles, jungles and deep-sea caves. '.repeat(4),
    images: 3,
  });
  await createProduct(db(), {
    id: 'BV-COL',
    name: 'Calm Colouring Gardens',
    type: 'Colouring',
    age: 'Adults',
    pricePence: 1299,
    description: 'Botanical line art for quiet evenings with a cup of tea.',
    images: 2,
  });
  await createProduct(db(), {
    id: 'BV-JOURNAL',
    name: 'Five Minute Gratitude Journal',
    type: 'Journal',
    age: '',
    pricePence: 1050,
    description: 'A page a day to notice good things, with prompts about dragons & teapots.',
  });
});
afterAll(() => t.close());

describe('GET /api/server/get_products', () => {
  it('answers the whole catalogue in the product shape, prices in pounds and images in slot order', async () => {
    const res = await get('/api/server/get_products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = res.json();
    expect(list.map((p: { id: string }) => p.id)).toEqual(['BV-MAZE', 'BV-COL', 'BV-JOURNAL']);
    expect(list[0]).toEqual({
      id: 'BV-MAZE',
      name: 'Marvellous Maze Adventures',
      type: 'Puzzle',
      description: maze.description,
      age: 'Kids',
      price: 7.99,
      imageUrls: maze.imageKeys.map((key) => `/images/${key}/640.webp`),
      image_URLs: maze.imageKeys.map((key) => `/images/${key}/640.webp`).join(','),
    });
    expect(list[1].price).toBe(12.99);
    expect(list[2]).toMatchObject({ age: '', price: 10.5, imageUrls: [], image_URLs: '' });
  });

  it('answers 304 when the client already has the same catalogue', async () => {
    const first = await get('/api/server/get_products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/server/get_products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get('/api/server/get_products', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('sends gzip to clients that accept it, with the same content', async () => {
    const plain = await get('/api/server/get_products');
    const zipped = await get('/api/server/get_products', { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps answering from memory until a productUpdate arrives, then shows the change', async () => {
    await get('/api/server/get_products');
    const added = await createProduct(db(), { name: 'Late Arrival Sudoku', type: 'Puzzle' });
    const before = (await get('/api/server/get_products')).json();
    expect(before.map((p: { id: string }) => p.id)).not.toContain(added.id);

    await t.app.ctx.events.publish('test');
    await expect
      .poll(async () => (await get('/api/server/get_products')).json().map((p: { id: string }) => p.id))
      .toContain(added.id);
    await db().delete(products).where(eq(products.id, added.id));
    t.app.ctx.catalogue.invalidate();
  });

  it('answers only the products asked for by ids, in the order asked, leaving unknown ids out', async () => {
    const res = await get('/api/server/get_products?ids=BV-JOURNAL,nope,BV-MAZE,BV-JOURNAL');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: string }) => p.id)).toEqual(['BV-JOURNAL', 'BV-MAZE']);
  });

  it('answers [] for an empty id list', async () => {
    const res = await get('/api/server/get_products?ids=');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses more than 200 ids with a 400 and a message', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => `id${i}`).join(',');
    const res = await get(`/api/server/get_products?ids=${ids}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 200/);
  });

  it('refuses ids given twice with a 400', async () => {
    const res = await get('/api/server/get_products?ids=BV-MAZE&ids=BV-COL');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ids/);
  });

  it('needs no token, and a signed-in shopper gets the same catalogue', async () => {
    const user = await createUser(t.app);
    const res = await get('/api/server/get_products', { authorization: `Bearer ${user.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(3);
  });
});

describe('GET /api/server/get_product', () => {
  it('finds a product by name', async () => {
    const res = await get(`/api/server/get_product?name=${encodeURIComponent('Calm Colouring Gardens')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'BV-COL', name: 'Calm Colouring Gardens', age: 'Adults', price: 12.99 });
    expect(res.json().imageUrls).toHaveLength(2);
  });

  it('finds a product by id (the admin form)', async () => {
    const res = await get('/api/server/get_product?id=BV-JOURNAL');
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Five Minute Gratitude Journal');
  });

  it('finds names with URL and SQL metacharacters', async () => {
    const odd = await createProduct(db(), { name: "Tom's 100% Fun & Games? #1 / 'quoted'" });
    const res = await get(`/api/server/get_product?name=${encodeURIComponent(odd.name)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(odd.id);
    await db().delete(products).where(eq(products.id, odd.id));
  });

  it('answers 404 with a message for a missing product', async () => {
    const byName = await get('/api/server/get_product?name=No%20Such%20Book');
    expect(byName.statusCode).toBe(404);
    expect(byName.json()).toEqual({ message: PRODUCT_NOT_FOUND });
    const byId = await get("/api/server/get_product?id=' or 1=1 --");
    expect(byId.statusCode).toBe(404);
  });

  it('answers 400 when neither a name nor an id is given', async () => {
    const res = await get('/api/server/get_product');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/name/);
  });
});

describe('GET /api/server/search', () => {
  const search = async (query: string) => {
    const res = await get(`/api/server/search?query=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; name: string; imageUrls: string[] }[];
  };

  it('answers [] for an empty query or no query at all', async () => {
    expect(await search('')).toEqual([]);
    const res = await get('/api/server/search');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('finds a product by a word of its name, in the product shape', async () => {
    const results = await search('maze');
    expect(results[0]).toMatchObject({
      id: 'BV-MAZE',
      name: 'Marvellous Maze Adventures',
      type: 'Puzzle',
      age: 'Kids',
    });
    expect(results[0]!.imageUrls).toHaveLength(3);
  });

  it('matches the beginning of a word as the shopper types', async () => {
    expect((await search('colou')).map((p) => p.id)).toContain('BV-COL');
    expect((await search('gratit')).map((p) => p.id)).toEqual(['BV-JOURNAL']);
  });

  it('forgives typos in the name', async () => {
    expect((await search('marvelous maize')).map((p) => p.id)[0]).toBe('BV-MAZE');
    expect((await search('gardns')).map((p) => p.id)).toContain('BV-COL');
    expect((await search('colering')).map((p) => p.id)).toContain('BV-COL');
    expect((await search('jurnal')).map((p) => p.id)).toContain('BV-JOURNAL');
  });

  it('searches the type and the description too', async () => {
    expect((await search('journal')).map((p) => p.id)).toContain('BV-JOURNAL');
    expect((await search('botanical')).map((p) => p.id)).toEqual(['BV-COL']);
  });

  it('ranks a name match above a description match', async () => {
    const teaName = await createProduct(db(), { name: 'Teapot Puzzles', description: 'Crosswords.' });
    const results = await search('teapot');
    expect(results.map((p) => p.id).slice(0, 2)).toEqual([teaName.id, 'BV-JOURNAL']);
    await db().delete(products).where(eq(products.id, teaName.id));
  });

  it('answers at most 10 products', async () => {
    const made = [];
    for (let i = 0; i < 12; i += 1) made.push(await createProduct(db(), { name: `Wordsearch Volume ${i}` }));
    expect(await search('wordsearch')).toHaveLength(10);
    for (const product of made) await db().delete(products).where(eq(products.id, product.id));
  });

  it('answers nothing for a word no product has', async () => {
    expect(await search('xylophone quantum')).toEqual([]);
  });

  it.each([
    ["'; DROP TABLE products; --"],
    ['%'],
    ['_'],
    ['\\'],
    ['100%_off'],
    ['.*+?^${}()|[]'],
    ['a:* & !b | (c'],
    ['<script>alert(1)</script>'],
    ['ünïcödé 書籍 🧩'],
    ['"quoted" \'single\''],
  ])('answers the hostile query %j normally, without an error', async (query) => {
    const res = await get(`/api/server/search?query=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json().length).toBeLessThanOrEqual(10);
  });

  it('refuses a query with a NUL character (no database text can hold it) with 400 naming the field', async () => {
    const res = await get(`/api/server/search?query=${encodeURIComponent('\u0000null byte')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid query: /);
  });

  it('answers a 1,000-character query normally', async () => {
    const res = await get(`/api/server/search?query=${encodeURIComponent('maze '.repeat(200))}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].id).toBe('BV-MAZE');
  });

  it('answers a malformed percent-encoding normally', async () => {
    const res = await get('/api/server/search?query=%E0%A4%A&x=%ED%A0%80');
    expect(res.statusCode).toBeLessThan(500);
  });

  it('leaves the catalogue unchanged after hostile queries', async () => {
    await search("'; DELETE FROM products; --");
    const [row] = await db().select({ n: count() }).from(products);
    expect(row!.n).toBe(3);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the shop, keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain(`Sitemap: ${t.config.PUBLIC_URL}/sitemap.xml`);
  });

  /** A sitemap file's body, after checking it is one: 200, XML cached for an hour, the protocol's root element. */
  async function getSitemap(url: string, root: 'sitemapindex' | 'urlset'): Promise<string> {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toContain(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
    return res.body;
  }

  it('sitemap.xml is an index of the pages file and one books file per 10,000 books, from a count', async () => {
    const body = await getSitemap('/sitemap.xml', 'sitemapindex');
    const files = [...body.matchAll(/<sitemap><loc>([^<]*)<\/loc><\/sitemap>/g)].map((match) => match[1]);
    // A handful of books: one books file.
    expect(files).toEqual([`${t.config.PUBLIC_URL}/sitemap-pages.xml`, `${t.config.PUBLIC_URL}/sitemap-books-1.xml`]);
    expect(body).not.toContain('/item/');
  });

  it('sitemap-pages.xml lists the four public pages', async () => {
    const body = await getSitemap('/sitemap-pages.xml', 'urlset');
    const pages = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(pages).toEqual(['/', '/about', '/contact', '/privacy'].map((page) => `${t.config.PUBLIC_URL}${page}`));
  });

  it('sitemap-books-1.xml lists the book pages, addresses encoded and escaped, with lastmod; not archived books', async () => {
    const odd = await createProduct(db(), { name: 'Fun & Games <Vol 2>' });
    const gone = await createProduct(db(), { name: 'Archived Atlas of Mazes' });
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone.id));
    try {
      const body = await getSitemap('/sitemap-books-1.xml', 'urlset');
      expect(body).toMatch(
        new RegExp(
          `<url><loc>${t.config.PUBLIC_URL}/item/Marvellous%20Maze%20Adventures</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ</lastmod></url>`,
        ),
      );
      expect(body).toContain(`<loc>${t.config.PUBLIC_URL}/item/Fun%20%26%20Games%20%3CVol%202%3E</loc>`);
      expect(body).not.toMatch(/<Vol/);
      expect(body).not.toContain('Archived%20Atlas');
      expect(body).not.toContain(`<loc>${t.config.PUBLIC_URL}/about</loc>`);
      // Every book of the shop, once, in the shop's order.
      const listed = [...body.matchAll(/<loc>[^<]*\/item\/([^<]*)<\/loc>/g)].map((match) =>
        decodeURIComponent(match[1]!),
      );
      expect(listed).toEqual((await findProducts(db())).map((book) => book.name));
    } finally {
      await db()
        .delete(products)
        .where(inArray(products.id, [odd.id, gone.id]));
      t.app.ctx.catalogue.invalidate();
    }
  });

  it.each(['2', '0', '-1', 'abc', '1.5', '01', '+1', '1e0', '%20', '99999999999', '1%2F2'])(
    'sitemap-books-%s.xml answers a plain 404',
    async (file) => {
      const res = await get(`/sitemap-books-${file}.xml`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Not found');
    },
  );

  it('splits the books of the shop into files of a given size, in the shop order, ties by id, none twice, none archived', async () => {
    // Books last in the shop's order, some created at the same moment and some a microsecond apart,
    // so that files begin and end inside ties.
    const made: ProductFixture[] = [];
    for (const suffix of ['e', 'a', 'c', 'b', 'd', 'f', 'g'])
      made.push(await createProduct(db(), { id: `SITEMAP-${suffix}`, name: `Sitemap Split ${suffix}` }));
    const microseconds = [1, 1, 2, 1, 2, 3, 1];
    for (const [i, book] of made.entries()) {
      await db()
        .update(products)
        .set({ createdAt: sql`${`2100-01-01 00:00:00.00000${microseconds[i]}+00`}::timestamptz` })
        .where(eq(products.id, book.id));
    }
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, 'SITEMAP-c'));
    try {
      const shop = (await findProducts(db())).map((book) => book.name);
      expect(shop.slice(-6)).toEqual(['a', 'b', 'e', 'g', 'd', 'f'].map((suffix) => `Sitemap Split ${suffix}`));
      expect(await countProductsOnSale(db())).toBe(shop.length);
      for (const perFile of [1, 2, 3, 4]) {
        const files = sitemapBooksFileCount(shop.length, perFile);
        expect(files).toBe(Math.ceil(shop.length / perFile));
        const index = sitemapIndexXml('https://shop.example', shop.length, perFile);
        expect([...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])).toEqual([
          'https://shop.example/sitemap-pages.xml',
          ...Array.from({ length: files }, (_, i) => `https://shop.example/sitemap-books-${i + 1}.xml`),
        ]);
        for (let file = 1; file <= files; file += 1) {
          const books = await findSitemapBooks(db(), file, perFile);
          expect(
            books.map((book) => book.name),
            `file ${file} of ${perFile}`,
          ).toEqual(shop.slice(sitemapBooksOffset(file, perFile), file * perFile));
          for (const book of books) expect(book.updatedAt).toBeInstanceOf(Date);
        }
        expect(await findSitemapBooks(db(), files + 1, perFile)).toEqual([]);
      }
    } finally {
      await db()
        .delete(products)
        .where(
          inArray(
            products.id,
            made.map((book) => book.id),
          ),
        );
      t.app.ctx.catalogue.invalidate();
    }
  });

  it('the pure functions: an empty shop has the pages file only; file numbers are plain positive integers', () => {
    expect(sitemapIndexXml('https://shop.example', 0, 2)).not.toContain('sitemap-books');
    expect(sitemapBooksFileCount(0, 2)).toBe(0);
    expect(sitemapBooksFileCount(2, 2)).toBe(1);
    expect(sitemapBooksFileCount(3, 2)).toBe(2);
    expect(sitemapBooksFileCount(100_000)).toBe(10);
    expect(sitemapBooksFileCount(100_001)).toBe(11);
    expect(sitemapBooksOffset(3, 2)).toBe(4);
    expect(['1', '7', '10', '123456789'].map(sitemapBooksFileNumber)).toEqual([1, 7, 10, 123456789]);
    for (const text of ['', '0', '-1', '01', '+1', '1.5', '1e0', 'abc', ' 1', '1 ', '0x1', '1234567890'])
      expect(sitemapBooksFileNumber(text), text).toBeNull();
    const xml = sitemapBooksXml('https://shop.example', [
      { name: 'Fun & Games <Vol 2>', updatedAt: new Date('2026-03-01T12:34:56.789Z') },
    ]);
    expect(xml).toContain(
      '<url><loc>https://shop.example/item/Fun%20%26%20Games%20%3CVol%202%3E</loc><lastmod>2026-03-01T12:34:56Z</lastmod></url>',
    );
  });
});

describe("the product page's data (the route loader's context.shop.productPage)", () => {
  it('finds a book by name, else by id, with four Similar Items and four Other Items, none of them the book', async () => {
    const byName = await productPageData(t.app.ctx, 'Marvellous Maze Adventures');
    expect(byName?.product.id).toBe('BV-MAZE');
    const byId = await productPageData(t.app.ctx, 'BV-MAZE');
    expect(byId?.product.name).toBe('Marvellous Maze Adventures');
    for (const page of [byName!, byId!]) {
      const shown = [page.product.id, ...page.similar.map((book) => book.id), ...page.others.map((book) => book.id)];
      expect(new Set(shown).size).toBe(shown.length);
      expect(page.similar.length).toBeLessThanOrEqual(4);
    }
    // The same Other Items on every visit (and so on both sides of hydration).
    expect(byId!.others.map((book) => book.id)).toEqual(byName!.others.map((book) => book.id));
  });

  it('orders Similar Items as the spec says: same age, then same type, then nearest price', async () => {
    const page = (await productPageData(t.app.ctx, 'BV-MAZE'))!;
    const all = (await get('/api/server/get_products')).json() as Product[];
    const book = page.product;
    const rank = (other: Product) => [
      other.age === book.age ? 0 : 1,
      other.type === book.type ? 0 : 1,
      Math.abs(other.price - book.price),
    ];
    const expected = all
      .filter((other) => other.id !== book.id)
      .map((other, index) => ({ id: other.id, key: [...rank(other), index] }))
      .sort((a, b) => a.key.reduce((order, value, i) => order || value - b.key[i]!, 0))
      .slice(0, 4)
      .map(({ id }) => id);
    expect(page.similar.map((book) => book.id)).toEqual(expected);
  });

  it('answers null for an unknown book', async () => {
    expect(await productPageData(t.app.ctx, 'No Such Book')).toBeNull();
    expect(await productPageData(t.app.ctx, '')).toBeNull();
  });
});
