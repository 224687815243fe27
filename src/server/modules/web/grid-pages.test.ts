/**
 * The home grid's and the search results' pages carry the cards' fields only (issue 34, pages
 * smaller), on the real web build: a book's description, which no card shows, is not in the page's
 * HTML nor in the data sent with it for hydration, while its card is.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProduct } from '../../test/factories/products';
import { createTestApp, type TestApp } from '../../test/harness';
import { testWebBuild } from '../../test/web-build';

let t: TestApp;
const DESCRIPTION = 'Seventeen lighthouses drawn in ink along a windswept coast.';

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: await testWebBuild() } });
  await createProduct(t.deps.database.db, {
    id: 'BV-GRID-1',
    name: 'The Lighthouse Keeper Colouring Book',
    type: 'Colouring',
    description: DESCRIPTION,
    pricePence: 1249,
  });
  t.app.ctx.catalogue.invalidate();
  t.app.ctx.listing.invalidate();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return res.body;
};

it.each(['/', '/?type=Colouring&sort=price-desc', '/search?q=lighthouse'])(
  '%s shows the card (name, price) and sends no description',
  async (url) => {
    const html = await page(url);
    expect(html).toContain('The Lighthouse Keeper Colouring Book');
    expect(html).toContain('£12.49');
    expect(html).toContain('BV-GRID-1'); // the card's id is in the hydration data
    expect(html).not.toContain('Seventeen lighthouses');
  },
);

it("the book's own page still shows its description", async () => {
  expect(await page(`/item/${encodeURIComponent('The Lighthouse Keeper Colouring Book')}`)).toContain(DESCRIPTION);
});
