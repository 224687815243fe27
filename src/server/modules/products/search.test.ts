/**
 * Search beyond the basics in catalogue.test.ts (decision 084): answers follow admin changes at
 * once (nothing is cached), the stored search function leaves the connection's settings alone, the
 * GIN indexes keep no pending list, and the candidate cap does not hide the best match.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { multipartBody } from '../../test/multipart';
import { SEARCH_CANDIDATES_PER_KIND } from './repository';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;

async function searchIds(query: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/server/search?query=${encodeURIComponent(query)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }[]).map((product) => product.id);
}

function adminPost(url: string, body?: Record<string, string>) {
  const multipart = body ? multipartBody(body, []) : null;
  return t.app.inject({
    method: 'POST',
    url,
    payload: multipart?.payload,
    headers: { ...(multipart?.headers ?? {}), ...bearer(admin.token) },
  });
}

const book = (overrides: Record<string, string>) => ({
  id: 'BV-SEARCH-1',
  name: 'Lighthouse Keeper Puzzles',
  type: 'Puzzle',
  description: 'Sixty puzzles about the sea.',
  age: '',
  price: '6.99',
  ...overrides,
});

describe('search follows product changes at once', () => {
  it('finds an added book, its new name after an edit, and nothing after a delete', async () => {
    expect(await searchIds('lighthouse')).toEqual([]);

    expect((await adminPost('/api/admin/products/add_product', book({}))).statusCode).toBe(200);
    expect(await searchIds('lighthouse')).toEqual(['BV-SEARCH-1']);
    expect(await searchIds('lighthuose')).toEqual(['BV-SEARCH-1']);

    const edited = await adminPost(
      '/api/admin/products/edit_product/BV-SEARCH-1',
      book({ name: 'Harbour Crossword Collection' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await searchIds('lighthouse')).toEqual([]);
    expect(await searchIds('harbour crosword')).toEqual(['BV-SEARCH-1']);

    expect((await adminPost('/api/admin/products/delete_product/BV-SEARCH-1')).statusCode).toBe(200);
    expect(await searchIds('harbour')).toEqual([]);
  });
});

describe('the stored search function', () => {
  const settings = async () => {
    const result = (await db().execute(
      sql`select current_setting('enable_seqscan') as seqscan, current_setting('plan_cache_mode') as plans, current_setting('pg_trgm.word_similarity_threshold', true) as threshold`,
    )) as unknown as { rows: { seqscan: string; plans: string; threshold: string | null }[] };
    return result.rows[0];
  };

  it("leaves the connection's planner and similarity settings as they were", async () => {
    // PGlite has one connection for the whole shop: a setting leaking out of a search would
    // change the plans of every later query.
    await searchIds('gardn');
    const before = await settings();
    expect(before?.seqscan).toBe('on');
    expect(before?.plans).toBe('auto');
    await searchIds('colering journal');
    await searchIds("100% o'brien");
    expect(await settings()).toEqual(before);
  });

  it('reads GIN indexes that keep no pending list (new entries go straight into the index)', async () => {
    const result = (await db().execute(
      sql`select relname, reloptions from pg_class where relname in ('products_name_trgm', 'products_search_vector') order by relname`,
    )) as unknown as { rows: { relname: string; reloptions: string[] | null }[] };
    expect(result.rows).toEqual([
      { relname: 'products_name_trgm', reloptions: ['fastupdate=off'] },
      { relname: 'products_search_vector', reloptions: ['fastupdate=off'] },
    ]);
  });
});

describe('candidates', () => {
  it('ranks a name match first even when more descriptions match than the candidate cap', async () => {
    const word = 'pelican';
    const described = [];
    for (let i = 0; i <= SEARCH_CANDIDATES_PER_KIND; i += 1) {
      described.push(
        await createProduct(db(), { name: `Seaside Sketchbook ${i}`, description: `Draw a ${word} on every page.` }),
      );
    }
    const named = await createProduct(db(), { name: 'Pelican Puzzles', description: 'Crosswords.' });
    const ids = await searchIds(word);
    expect(ids).toHaveLength(10);
    expect(ids[0]).toBe(named.id);
    expect(described.map((product) => product.id)).toEqual(expect.arrayContaining(ids.slice(1)));
  });
});
