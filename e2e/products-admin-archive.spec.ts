/**
 * Deleting a book that has been sold archives it (decision 039): the admin is told so, the book
 * leaves the shop and appears under 'Archived products', and Restore puts it back.
 */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { adminToken, signInAsAdmin } from './support/admin';
import { deliveryAddress } from './support/checkout';
import { expectAccessible } from './support/fixtures';

test('an admin deletes a sold book: it is archived, listed as archived, and restored', async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const id = `BV-ARCH-${suffix}`;
  const name = `Archive Me ${suffix}`;

  await signInAsAdmin(page);
  const token = await adminToken(page);
  const added = await page.request.post('/api/admin/products/add_product', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { id, name, type: 'Puzzle', description: 'A book a guest buys.', age: '', price: '5.50' },
  });
  expect(added.status()).toBe(200);
  // A guest buys it through the demo checkout.
  const checkout = await page.request.post('/api/checkout/create_checkout_session', {
    data: {
      cartItems: [{ product_id: id, qty: 1 }],
      user_id: null,
      user_email: '',
      shipping_cost: 3.83,
      currency: 'GBP',
    },
  });
  expect(checkout.status()).toBe(200);
  const paid = await page.request.post(`/api/checkout/demo/${(await checkout.json()).sessionId}/pay`, {
    data: { email: `archive-${suffix}@example.com`, address: deliveryAddress() },
  });
  expect(paid.status()).toBe(200);

  await page.goto('/admin');
  await page.locator('html[data-hydrated="true"]').waitFor();
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(MSG.confirmDeleteProduct);
    void dialog.accept();
  });
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText(MSG.productArchived)).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  const archived = page.getByRole('region', { name: /Archived products/ });
  await expect(archived.getByText(name)).toBeVisible();
  await expectAccessible(page);
  expect((await page.request.get(`/api/server/get_product?id=${id}`)).status()).toBe(404);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(MSG.confirmRestoreProduct);
    void dialog.accept();
  });
  await archived.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText(MSG.productRestored)).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  expect((await page.request.get(`/api/server/get_product?id=${id}`)).status()).toBe(200);
});
