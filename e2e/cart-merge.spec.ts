/**
 * Cart merge (docs/spec/decisions.md): a guest's basket is added to the account's cart on sign-in,
 * quantities summed, and the local list is cleared; nothing the guest chose is lost.
 */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { createCustomer, signInAsCustomer } from './support/customer';
import { uniqueEmail } from './support/fixtures';

test('a guest basket merges into the account on sign-in, summing quantities', async ({ page, request }) => {
  const products = (await (await request.get('/api/server/get_products')).json()) as { id: string; name: string }[];
  const [kept, both] = [products[2]!, products[3]!];
  const account = await createCustomer(request, uniqueEmail('merge'));
  // The account already holds 2 of one book.
  const put = await request.post('/api/server/update_cart', {
    data: { user_id: account.id, product_id: both.id, qty: 2 },
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(put.status()).toBe(200);

  await page.goto('/');
  await page.getByRole('button', { name: `Add ${kept.name} to basket` }).click();
  await expect(page.getByText(MSG.addedToBasket)).toBeVisible();
  await page.getByRole('button', { name: `Add ${both.name} to basket` }).click();
  await expect(page.getByRole('link', { name: 'Basket, 2 items' })).toBeVisible();

  await signInAsCustomer(page, account);

  await expect(page.getByRole('link', { name: 'Basket, 4 items' })).toBeVisible();
  await page.getByRole('link', { name: /^Basket/ }).click();
  await expect(page.getByLabel(`Quantity of ${kept.name}`)).toHaveValue('1');
  await expect(page.getByLabel(`Quantity of ${both.name}`)).toHaveValue('3');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');

  const cart = await request.get(`/api/server/get_cart/${account.id}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(await cart.json()).toEqual(
    expect.arrayContaining([
      { product_id: kept.id, qty: 1 },
      { product_id: both.id, qty: 3 },
    ]),
  );

  // A signed-in change goes to the server.
  await page.getByRole('button', { name: `Remove ${kept.name}` }).click();
  await expect(page.getByText(MSG.itemRemovedFromCart)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (
          await request.get(`/api/server/get_cart/${account.id}`, {
            headers: { authorization: `Bearer ${account.token}` },
          })
        ).json()) as unknown[],
    )
    .toEqual([{ product_id: both.id, qty: 3 }]);
});
