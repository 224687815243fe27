/**
 * The admin's product list, GET /api/admin/products (issue #18, decision 122): the shop's books
 * newest first in keyset pages that neither skip nor repeat a book, a search by name, id or type
 * in any case, a 400 in words for a cursor that is not one, and admin only.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../../db/schema';
import { createProduct } from '../../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../../test/factories/users';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { type AdminProductList, type AdminProductListQuery, adminProductListSchema } from '@shared/contracts/products';
import { BAD_LISTING_CURSOR_MESSAGE } from '../../listing/service';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
const db = () => t.deps.database.db;

/** The 30 books made here, newest first (created a second apart, two sharing one instant). */
let made: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app);
  // A shop of exactly these books (the seed adds none in tests; make sure).
  await db().execute(sql`delete from product_images`);
  await db().execute(sql`delete from products`);
  for (let i = 0; i < 30; i += 1) {
    const book = await createProduct(db(), {
      id: `ADM-${String(i).padStart(2, '0')}`,
      name: i === 7 ? 'The Owl And The Pussycat 100% Edition' : `Admin Book ${i}`,
      type: i % 3 === 0 ? 'Colouring' : 'Puzzle_Fun',
    });
    // Book i is i seconds after the first; books 20 and 21 share one instant with microseconds (ties by id).
    const at =
      i === 21
        ? '2026-01-01T00:00:20.123456Z'
        : i === 20
          ? '2026-01-01T00:00:20.123456Z'
          : `2026-01-01T00:00:${String(i).padStart(2, '0')}.000001Z`;
    await db()
      .update(products)
      .set({ createdAt: sql`${at}::timestamptz` })
      .where(eq(products.id, book.id));
  }
  made = Array.from({ length: 30 }, (_, i) => `ADM-${String(29 - i).padStart(2, '0')}`);
});
afterAll(() => t.close());

type Query = Partial<Record<keyof AdminProductListQuery, string | number>>;
const url = (query: Query) => {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `/api/admin/products${params.size ? `?${params}` : ''}`;
};
const request = (query: Query, token: string | null = admin.token) =>
  t.app.inject({ method: 'GET', url: url(query), headers: token ? bearer(token) : {} });

async function list(query: Query = {}): Promise<AdminProductList> {
  const res = await request(query);
  expect(res.statusCode, res.body).toBe(200);
  return adminProductListSchema.parse(res.json());
}

async function allPages(query: Query): Promise<AdminProductList[]> {
  const pages: AdminProductList[] = [];
  let cursor: string | null = null;
  do {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 100);
  expect(cursor).toBeNull();
  return pages;
}

describe('paging', () => {
  it('answers the newest books first, 20 by default, with the total and a cursor', async () => {
    const page = await list();
    expect(page.total).toBe(30);
    expect(page.products.map((p) => p.id)).toEqual(made.slice(0, 20));
    expect(page.next_cursor).toEqual(expect.any(String));
    expect(page.products[0]).toMatchObject({ id: 'ADM-29', name: 'Admin Book 29', type: 'Puzzle_Fun', price: 7.99 });
  });

  it('walks every book once, in order, at any page size (ties at one instant by id, newest id first)', async () => {
    for (const limit of [1, 7, 30, 100]) {
      const pages = await allPages({ limit });
      expect(pages.flatMap((page) => page.products.map((p) => p.id))).toEqual(made);
      expect(pages.every((page) => page.total === 30)).toBe(true);
      expect(pages.at(-1)!.next_cursor).toBeNull();
    }
  });

  it('is stable while books are added: the next page continues after the last book seen, the new book is on the first page', async () => {
    const first = await list({ limit: 10 });
    const newer = await createProduct(db(), { id: 'ADM-NEW', name: 'Brand New Admin Book' });
    const second = await list({ limit: 10, cursor: first.next_cursor! });
    expect(second.products.map((p) => p.id)).toEqual(made.slice(10, 20));
    expect(second.total).toBe(31);
    expect((await list({ limit: 1 })).products[0]!.id).toBe(newer.id);
    await db().delete(products).where(eq(products.id, newer.id));
  });

  it('leaves archived books out (they have their own list)', async () => {
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, 'ADM-05'));
    try {
      const ids = (await allPages({ limit: 50 })).flatMap((page) => page.products.map((p) => p.id));
      expect(ids).not.toContain('ADM-05');
      expect(ids).toHaveLength(29);
    } finally {
      await db().update(products).set({ archivedAt: null }).where(eq(products.id, 'ADM-05'));
    }
  });
});

describe('search', () => {
  it('finds text anywhere in a name, in any case', async () => {
    const page = await list({ q: 'pUSSYcat' });
    expect(page.products.map((p) => p.id)).toEqual(['ADM-07']);
    expect(page.total).toBe(1);
    expect(page.next_cursor).toBeNull();
  });

  it('finds by id and by type, trims the text, and pages the matches', async () => {
    expect((await list({ q: ' adm-1 ' })).products.map((p) => p.id)).toEqual([
      'ADM-19',
      'ADM-18',
      'ADM-17',
      'ADM-16',
      'ADM-15',
      'ADM-14',
      'ADM-13',
      'ADM-12',
      'ADM-11',
      'ADM-10',
    ]);
    const colouring = made.filter((id) => Number(id.slice(4)) % 3 === 0);
    const pages = await allPages({ q: 'colour', limit: 4 });
    expect(pages.flatMap((page) => page.products.map((p) => p.id))).toEqual(colouring);
    expect(pages[0]!.total).toBe(10);
  });

  it('takes %, _ and \\ as themselves, not as patterns', async () => {
    expect((await list({ q: '100%' })).products.map((p) => p.id)).toEqual(['ADM-07']);
    expect((await list({ q: '%' })).products.map((p) => p.id)).toEqual(['ADM-07']);
    expect((await list({ q: 'e_f' })).total).toBe(20); // 'Puzzle_Fun'
    expect((await list({ q: 'e%f' })).total).toBe(0);
    expect((await list({ q: '\\' })).total).toBe(0);
    expect((await list({ q: 'zle_f' })).total).toBe(20);
  });

  it('never matches across two fields, even with a control character typed', async () => {
    expect((await list({ q: 'Fun ADM' })).total).toBe(0); // the end of a type and the start of an id
    expect((await list({ q: '29\u0001puzzle' })).total).toBe(0);
    expect((await list({ q: '\u0001' })).total).toBe(30); // only spaces: every book
  });

  it('answers an empty page when nothing matches', async () => {
    expect(await list({ q: 'no such book anywhere' })).toEqual({ products: [], next_cursor: null, total: 0 });
  });
});

describe('bad input', () => {
  it.each([
    ['not base64', 'not a cursor!'],
    ['base64 of nonsense', Buffer.from('hello').toString('base64url')],
    [
      'a cursor of another sort',
      Buffer.from(JSON.stringify({ o: 'price-asc', p: 799, t: '2026-01-01T00:00:00.000000Z', i: 'x' })).toString(
        'base64url',
      ),
    ],
    [
      'an impossible time',
      Buffer.from(JSON.stringify({ o: 'default', t: '2026-02-30T00:00:00.000000Z', i: 'x' })).toString('base64url'),
    ],
  ])('refuses %s as a cursor with a 400 in words', async (_, cursor) => {
    const res = await request({ cursor });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_LISTING_CURSOR_MESSAGE });
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ q: 'x'.repeat(201) }, 'q'],
  ])('refuses %o naming the field', async (query, field) => {
    const res = await request(query);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain(field);
  });
});

describe('permissions', () => {
  it('a customer gets 403, a guest 401', async () => {
    expect((await request({}, customer.token)).statusCode).toBe(403);
    expect((await request({}, null)).statusCode).toBe(401);
  });
});
