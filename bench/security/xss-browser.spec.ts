/**
 * Stored XSS, checked in a real browser: an admin adds a book whose name, type and description are
 * script payloads; a shopper finds it on the home page, in the header search and on its product
 * page. Every payload is shown as text and none runs (no dialog, no global set, no <img onerror>).
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, signInAsAdmin } from '../../e2e/support/admin';

const NAME = `Evil <img src=x onerror="window.__xss='name'"> </script><script>window.__xss='script'</script> ${Date.now().toString(36)}`;
const DESCRIPTION = `"><svg onload="window.__xss='description'"></svg> <iframe src="javascript:window.__xss='iframe'"></iframe> & more`;
const TYPE = `<b onmouseover="window.__xss='type'">Puzzle</b>`;

/** A 1×1 PNG, so the book has a picture like any other. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

async function watchForScripts(page: Page): Promise<string[]> {
  const ran: string[] = [];
  page.on('dialog', async (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return ran;
}

async function expectNothingRan(page: Page, ran: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
  expect(ran).toEqual([]);
  // The payloads are text: no element they describe exists in the page.
  expect(await page.locator('img[src="x"], svg[onload], iframe[src^="javascript"], b[onmouseover]').count()).toBe(0);
}

test('script payloads in a book’s name, type and description are shown as text and never run', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const token = await adminToken(page);
  const id = `BV-XSS-${Date.now().toString(36)}`;
  const added = await page.request.post('/api/admin/products/add_product', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      id,
      name: NAME,
      type: TYPE,
      description: DESCRIPTION,
      age: '',
      price: '4.99',
      images: { name: 'cover.png', mimeType: 'image/png', buffer: PIXEL },
    },
  });
  expect(added.status(), await added.text()).toBe(200);

  const shopper = await (await browser.newContext()).newPage();
  const ran = await watchForScripts(shopper);

  // Home page: the card shows the name as text.
  await shopper.goto('/');
  await expect(shopper.getByText(NAME).first()).toBeVisible();
  await expectNothingRan(shopper, ran);

  // Header search: the result shows the name as text and leads to the product page.
  await shopper.getByRole('button', { name: 'Search', exact: true }).click();
  await shopper.getByRole('searchbox', { name: 'Search books' }).fill('Evil');
  const result = shopper
    .getByRole('list', { name: 'Search results' })
    .getByRole('link', { name: new RegExp(id.slice(-6) + '|Evil') })
    .first();
  await expect(result).toBeVisible();
  await expectNothingRan(shopper, ran);
  await result.click();

  // Product page: heading, type and description as text; the server-filled <head> too.
  await expect(shopper.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(shopper.getByText(TYPE).first()).toBeVisible();
  await expect(shopper.getByText(/"><svg onload=/).first()).toBeVisible();
  await expectNothingRan(shopper, ran);

  // The same page loaded directly (server-rendered head and JSON-LD first).
  await shopper.goto(`/item/${encodeURIComponent(NAME)}`);
  await expect(shopper.getByRole('heading', { name: NAME })).toBeVisible();
  expect(await shopper.title()).toContain(NAME);
  await expectNothingRan(shopper, ran);

  // Clean up, so other journeys see the demo catalogue only.
  const removed = await page.request.post(`/api/admin/products/delete_product/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);
});
