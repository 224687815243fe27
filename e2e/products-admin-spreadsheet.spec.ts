/**
 * The owner imports a spreadsheet of 20 books (issue 30): one is already in the shop and gets a
 * new price, 19 are new (one with its cover in a ZIP). The dry run lists what would be added and
 * the price change old → new and writes nothing; Apply writes them, and the product list shows
 * the books. Screenshots at 1280 and 390 px.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { adminToken, signInAsAdmin } from './support/admin';
import { expectAccessible } from './support/fixtures';

const shots = () => process.env.SCREENSHOTS_DIR ?? test.info().outputPath('screenshots');

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots(), `admin-spreadsheet-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner imports 20 books with a price change: the dry run first, then the books', async ({ page }) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const tag = `Sheet${suffix}`;
  const existingId = `BV-SHEET-${suffix}-00`;

  await signInAsAdmin(page);
  const token = await adminToken(page);
  const added = await page.request.post('/api/admin/products/add_product', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      id: existingId,
      name: `${tag} Book 0`,
      type: 'Puzzle',
      description: 'Already here.',
      age: '',
      price: '5.00',
    },
  });
  expect(added.status()).toBe(200);

  const header = 'id,name,type,description,age,price,image_1';
  const rows = [`${existingId},${tag} Book 0,Puzzle,Already here.,,6.50,`];
  for (let i = 1; i < 20; i += 1)
    rows.push(
      `BV-SHEET-${suffix}-${String(i).padStart(2, '0')},${tag} Book ${i},Puzzle,"A new book, number ${i}.",Kids,${(3 + i / 4).toFixed(2)},${i === 1 ? 'covers/cover.png' : ''}`,
    );
  const csv = Buffer.from(`\uFEFF${[header, ...rows].join('\r\n')}\r\n`);
  const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#1f5f5b' } })
    .png()
    .toBuffer();
  const zip = Buffer.from(zipSync({ 'covers/cover.png': cover }));

  await page.goto('/admin');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByRole('link', { name: 'Import / export' }).click();
  await expect(page.getByRole('heading', { name: 'Books by spreadsheet' })).toBeVisible();
  // First a file with a mistake (a price typed with its £): the problem by row and column, no Apply.
  const typo = Buffer.from(csv.toString('utf8').replace(',6.50,', ',£6.50,'));
  await page.getByLabel('Spreadsheet (CSV)').setInputFiles({ name: 'books.csv', mimeType: 'text/csv', buffer: typo });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems.getByRole('row').nth(1)).toHaveText(
    '2priceThe price must be a positive amount in pounds with at most 2 decimals (e.g. 7.99).',
  );
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  await screenshots(page, 'problems');

  await page.getByLabel('Spreadsheet (CSV)').setInputFiles({ name: 'books.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByLabel('Images (ZIP, optional)').setInputFiles({
    name: 'covers.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  await page.getByRole('button', { name: 'Check the file' }).click();

  // The dry run: nothing written yet.
  await expect(page.getByRole('heading', { name: 'Dry run: nothing has been written yet' })).toBeVisible();
  await expect(page.getByText('20 books: 19 to add, 1 to change, 0 left alone, 0 problems.')).toBeVisible();
  const toAdd = page.getByRole('region', { name: 'To add (19)' });
  await expect(toAdd.getByRole('row')).toHaveCount(20);
  const change = page.getByRole('region', { name: 'To change (1)' }).getByRole('row').nth(1);
  await expect(change).toContainText(`${tag} Book 0`);
  await expect(change.getByRole('cell', { name: 'price', exact: true })).toBeVisible();
  await expect(change).toContainText('5.00');
  await expect(change).toContainText('6.50');
  expect((await page.request.get(`/api/server/get_product?id=BV-SHEET-${suffix}-01`)).status()).toBe(404);
  expect((await (await page.request.get(`/api/server/get_product?id=${existingId}`)).json()).price).toBe(5);
  await expectAccessible(page);
  await screenshots(page, 'dry-run');

  await page.getByRole('button', { name: 'Apply: import 20 books' }).click();
  await expect(page.getByRole('heading', { name: 'Imported', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('20 books: 19 added, 1 changed, 0 left alone, 0 problems.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Added (19)' })).toBeVisible();
  await screenshots(page, 'applied');

  // The books, in the owner's list.
  await page.getByRole('link', { name: 'See the books' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Search products').fill(tag);
  await expect(page.getByText('20 books, newest first')).toBeVisible();
  await screenshots(page, 'product-list');
  await expect(page.getByText(`${existingId} · Puzzle · All ages · £6.50`)).toBeVisible();
  const withCover = page.getByRole('listitem').filter({ hasText: `BV-SHEET-${suffix}-01 ·` });
  await expect(withCover.locator('img')).toHaveAttribute('src', /\/images\/[a-f0-9]{64}\/320\.webp/);
  const book = await (await page.request.get(`/api/server/get_product?id=BV-SHEET-${suffix}-19`)).json();
  expect(book).toMatchObject({ name: `${tag} Book 19`, price: 7.75, age: 'Kids' });

  // And out again: the export holds the books as imported.
  await page.goto('/admin/products/spreadsheet');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported.startsWith('\uFEFFid,name,type,description,age,price,image_1,')).toBe(true);
  expect(exported).toContain(`${existingId},${tag} Book 0,Puzzle,Already here.,,6.50,`);

  for (let i = 0; i < 20; i += 1)
    await page.request.post(`/api/admin/products/delete_product/BV-SHEET-${suffix}-${String(i).padStart(2, '0')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
});
