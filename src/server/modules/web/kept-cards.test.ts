/**
 * Book cards written from HTML the server keeps (decision 177), on the real web build: a page
 * whose cards after the first row come from kept HTML is byte for byte the page rendered in
 * place, and a book changed shows its change on the next page.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { multipartBody } from '../../test/multipart';
import { testWebBuild } from '../../test/web-build';
import { serverBundle } from './routes';

/** The store entry.server.tsx exports (src/web/lib/markup-keeper.server.ts). */
interface Keeper {
  stats: { kept: number; hits: number; made: number };
  clear(): void;
}

let t: TestApp;
let owner: TestUser;
let keeper: Keeper;
const BOOKS = 10;
/** The home grid's first row loads its covers at once and is always rendered in place. */
const EAGER = 4;

beforeAll(async () => {
  const dist = await testWebBuild();
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  owner = await createUser(t.app, { role: 'admin', email: 'kept.cards.owner@example.com' });
  for (let i = 0; i < BOOKS; i++) {
    await createProduct(t.deps.database.db, {
      id: `BV-KEPT-${i}`,
      name: `Kept Card Book ${i}`,
      pricePence: 500 + i,
      images: 1,
    });
  }
  await t.app.ctx.events.publish('{"change":"seed"}');
  // The module the app renders with (an ES module is loaded once per address).
  const build = (await import(pathToFileURL(serverBundle(dist)).href)) as {
    entry: { module: { markupKeeper: Keeper } };
  };
  keeper = build.entry.module.markupKeeper;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const page = async (url: string) => {
  const answer = await t.app.inject({ url });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
};
/** Forgets the kept pages, as any product change does (not the kept cards). */
const forgetPages = () => t.app.ctx.events.publish('{"change":"edit","id":"BV-NO-SUCH-BOOK"}');

it('writes the cards after the first row from kept HTML, the very bytes they had when rendered in place', async () => {
  keeper.clear();
  const before = { ...keeper.stats };
  const inPlace = await page('/?sort=price-asc');
  expect(inPlace.toString()).toContain('Kept Card Book 9');
  // A card shown once is only remembered; made after the render that asks for it again, in a task of its own.
  await new Promise((resolve) => setImmediate(resolve));
  expect(keeper.stats.made - before.made).toBe(0);
  await forgetPages();
  expect((await page('/?sort=price-asc')).equals(inPlace)).toBe(true);
  await expect.poll(() => keeper.stats.made - before.made).toBe(BOOKS - EAGER);
  await forgetPages();
  const fromKept = await page('/?sort=price-asc');
  expect(keeper.stats.hits - before.hits).toBe(BOOKS - EAGER);
  expect(fromKept.equals(inPlace)).toBe(true);

  // Search results name their books one level up (h2): kept apart, then used by the next search.
  const made = keeper.stats.made;
  expect((await page('/search?q=kept%20card')).toString()).toContain('Kept Card Book 9');
  expect((await page('/search?q=kept%20book')).toString()).toContain('Kept Card Book 9');
  await expect.poll(() => keeper.stats.made - made).toBe(BOOKS - EAGER);
  const hits = keeper.stats.hits;
  expect((await page('/search?q=card%20book')).toString()).toContain('Kept Card Book 9');
  expect(keeper.stats.hits - hits).toBe(BOOKS - EAGER);
});

it("shows a book's new name and price on the next page, not its kept card", async () => {
  await page('/?sort=price-asc');
  await forgetPages();
  await page('/?sort=price-asc');
  await expect.poll(() => keeper.stats.kept).toBeGreaterThanOrEqual(BOOKS - EAGER);
  const multipart = multipartBody(
    { id: 'BV-KEPT-9', name: 'Renamed Card Book', type: 'Puzzle', description: 'Changed.', age: '', price: '7.25' },
    [],
  );
  const edited = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/edit_product/BV-KEPT-9',
    payload: multipart.payload,
    headers: { ...multipart.headers, ...bearer(owner.token) },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const html = (await page('/?sort=price-asc')).toString();
  expect(html).toContain('Renamed Card Book');
  expect(html).toContain('£7.25');
  expect(html).not.toContain('Kept Card Book 9');
});
