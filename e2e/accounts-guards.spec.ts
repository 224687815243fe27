/** Accounts: route guards. Guests go to /login; customers are kept out of /admin. */
import { expect, test } from '@playwright/test';
import { createCustomer, signInAsCustomer } from './support/customer';
import { uniqueEmail } from './support/fixtures';

test('a guest is sent from /wishlist and /profile to /login', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in customer is sent from /admin to /', async ({ page, request }) => {
  await signInAsCustomer(page, await createCustomer(request, uniqueEmail('nosy')));

  for (const path of ['/admin', '/admin/orders', '/admin/add_product']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('link', { name: 'Add Item' })).toHaveCount(0);
});

test('an expired or malformed stored token is dropped and the visitor is a guest', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
    const expired = `${part({ alg: 'HS256' })}.${part({ typ: 'session', id: 'x', email: 'x@example.com', role: 'customer', exp: 1 })}.sig`;
    localStorage.setItem('token', expired);
  });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
