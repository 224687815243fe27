import { expect, test } from '@playwright/test';
import { expectAccessible, waitForApp } from './support/fixtures';
import { signInAsAdmin } from './support/admin';

test('an unknown address shows Page Not Found with a way back to the shop', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the 404 page has no serious accessibility problem', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/missing');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test('a guest is sent from a signed-in page to /login', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin header fits a phone, with the admin links in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto('/about');
  await waitForApp(page);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Open menu' }).click();
  // The owner's entries, not a shopper's Wishlist and Profile.
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link')).toHaveText([
    'Home',
    'Add Item',
    'Orders',
    'Discounts',
    'Reviews',
    'Privacy requests',
    'Sales',
    'About',
    'Contact',
    'Privacy',
  ]);
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await menu.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders Overview' })).toBeVisible();
});

test('the admin header has Discounts beside Add Item and Orders on a wide screen', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/about');
  await waitForApp(page);
  const nav = page.getByRole('navigation', { name: 'Account' });
  await expect(nav.getByRole('link').filter({ visible: true })).toHaveText([
    'Admin',
    'Add Item',
    'Orders',
    'Discounts',
    'Reviews',
    'Privacy requests',
    'Sales',
  ]);
  await nav.getByRole('button', { name: 'Log out' }).hover();
  await expect(nav.getByRole('button', { name: 'Log out' }).getByText('Log out', { exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Discounts' }).click();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
});
