/**
 * The admin home's product list (issue #18, decision 122): with many books the owner finds one by
 * searching and opens Edit, comes back to the same search, and pages through the rest with
 * "Show more books".
 */
import { expect, test } from '@playwright/test';
import { adminToken, signInAsAdmin } from './support/admin';
import { expectAccessible } from './support/fixtures';

const BOOKS = 25;

test('an admin searches for a book among many, opens Edit, and pages through a search', async ({ page }) => {
  test.setTimeout(240_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const ids = Array.from({ length: BOOKS }, (_, i) => `BV-PAGE-${suffix}-${String(i).padStart(2, '0')}`);
  const nameOf = (i: number) => `Paging Shelf ${suffix} Volume ${String(i).padStart(2, '0')}`;

  await signInAsAdmin(page);
  const token = await adminToken(page);
  const headers = { authorization: `Bearer ${token}` };
  for (const [i, id] of ids.entries()) {
    const added = await page.request.post('/api/admin/products/add_product', {
      headers,
      multipart: { id, name: nameOf(i), type: `Shelf${suffix}`, description: 'One of many.', age: '', price: '4.00' },
    });
    expect(added.status(), await added.text()).toBe(200);
  }

  try {
    await page.goto('/admin');
    await page.locator('html[data-hydrated="true"]').waitFor();
    const list = page.getByRole('region', { name: /^Products/ });
    // Newest first, a page at a time: the last book added is on the first page, the first one is
    // not (other journeys may add books of their own meanwhile, so no exact place is asserted).
    await expect(list.getByRole('link', { name: `Edit ${nameOf(BOOKS - 1)}` })).toBeVisible();
    await expect(list.getByRole('link', { name: `Edit ${nameOf(0)}` })).toHaveCount(0);
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await expect(list.getByRole('status')).toHaveText(/^20 of \d+ books shown, newest first$/);
    await expect(list.getByRole('button', { name: 'Show more books' })).toBeVisible();

    // One book among many, by a part of its name in another case.
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(`${suffix} volume 07`.toUpperCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${suffix.toUpperCase()}`));
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('status')).toHaveText('1 book, newest first');
    await expectAccessible(page);
    await list.getByRole('link', { name: `Edit ${nameOf(7)}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Edit Product/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(nameOf(7));

    // Back: the same search, the same book.
    await page.goBack();
    await expect(search).toHaveValue(`${suffix} volume 07`.toUpperCase());
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // By ID: every book of the run, a page of 20 and then the rest.
    await search.fill(`bv-page-${suffix}`);
    await expect(list.getByRole('status')).toHaveText(`20 of ${BOOKS} books shown, newest first`);
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await list.getByRole('button', { name: 'Show more books' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(BOOKS);
    await expect(list.getByRole('status')).toHaveText(`${BOOKS} books, newest first`);
    await expect(list.getByRole('button', { name: 'Show more books' })).toHaveCount(0);
    const edits = await list
      .getByRole('link', { name: /^Edit / })
      .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
    expect(edits).toEqual(Array.from({ length: BOOKS }, (_, i) => `Edit ${nameOf(BOOKS - 1 - i)}`));

    // Nothing found says so, and Clear search brings the whole list back.
    await search.fill(`no book called ${suffix}`);
    await expect(list.getByText(`No books match “no book called ${suffix}”.`)).toBeVisible();
    await list.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(list.getByRole('link', { name: `Edit ${nameOf(BOOKS - 1)}` })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(20);
  } finally {
    for (const id of ids) await page.request.post(`/api/admin/products/delete_product/${id}`, { headers });
  }
});
