/**
 * Accounts: route guards, as the spec's route table says. Guests on a protected page go to /login;
 * anyone but an admin on an admin page (a guest too) goes to /.
 */
import { expect, test } from '@playwright/test';
import { createCustomer, signInAsCustomer } from './support/customer';
import { holdRequests, uniqueEmail } from './support/fixtures';

const HOME_DATA = /\.data\?_routes=routes%2Fhome$/;

test('a guest is sent from /wishlist and /profile to /login', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a guest is sent from the admin pages to /, not to /login', async ({ page }) => {
  for (const path of [
    '/admin',
    '/admin/orders',
    '/admin/discounts',
    '/admin/add_product',
    '/admin/edit_product/BV-1104',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);
  }
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

test('logging out on a signed-in page goes home, not to /login, even when the home page is slow to load (decision 168)', async ({
  page,
  request,
}) => {
  await signInAsCustomer(page, await createCustomer(request, uniqueEmail('leaving')));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  // The home page's data (React Router's single fetch for routes/home) is held: the sign-out lands
  // on the profile before the navigation home does.
  const home = await holdRequests(page, HOME_DATA);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
  await home.asked;
  // Signed out (the profile is gone) while the home page is still on its way.
  await expect(page.getByRole('heading', { name: 'Your profile' })).toHaveCount(0);
  home.release();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toHaveCount(0);

  // Arrived: a guest reaching a signed-in page in the same app (no reload) goes to /login again.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/wishlist');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
});
