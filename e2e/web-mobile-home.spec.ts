/**
 * The home page on a phone (issue 18): the shop's name shows in the header at 390 px, for a guest
 * and for a signed-in shopper (whose header has more icons), without the page scrolling sideways;
 * the welcome banner leaves the first books in the first screen, with the cookie notice under them. On a
 * wide screen the header's Log out is a log-out icon with a name and a tooltip.
 */
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, signInAsCustomer } from './support/customer';
import { uniqueEmail, waitForApp } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

/** The shop's name in the header's home link, shown whole (not cut) and inside the window. */
async function expectShopName(page: Page) {
  const home = page.getByRole('banner').getByRole('link', { name: /home$/ });
  const name = (await home.getAttribute('aria-label'))!.replace(/ home$/, '');
  expect(name.length).toBeGreaterThan(0);
  const text = home.getByText(name, { exact: true });
  await expect(text).toBeVisible();
  await expect(text).toBeInViewport({ ratio: 1 });
  // Not cut short: the text's whole height and width are shown.
  const cut = await text.evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
  expect(cut).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test("a guest sees the shop's name in the header and the first books on the first screen", async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await expectShopName(page);

    // The first books' covers start well inside the first screen; the cookie notice comes under the first row.
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    const noticeTop = (await notice.boundingBox())!.y;
    const covers = page.getByRole('article').getByRole('img');
    await expect(covers.first()).toBeVisible();
    const first = (await covers.first().boundingBox())!;
    expect(first.y).toBeLessThan(noticeTop - 60);
    expect(first.y).toBeLessThan(PHONE.height - 160);
    await expect(page.getByRole('heading', { name: 'Books to fill, colour and puzzle over' })).toBeInViewport({
      ratio: 1,
    });
  });

  test("a signed-in shopper's header keeps the name beside the basket, profile and menu; the wishlist is in the menu", async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request, uniqueEmail('phone'));
    await signInAsCustomer(page, customer);
    await page.goto('/');
    await waitForApp(page);
    await expectShopName(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /^Basket, / })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();
    await header.getByRole('button', { name: 'Open menu' }).click();
    await header.locator('#mobile-menu').getByRole('link', { name: 'Wishlist' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
  });
});

test('Log out is a log-out icon with a name and a tooltip on hover and on keyboard focus', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, uniqueEmail('logout'));
  await signInAsCustomer(page, customer);
  await page.goto('/about');
  await waitForApp(page);
  const logout = page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' });
  await expect(logout).toBeVisible();
  // The door with the arrow leaving it (the icon's own path), not the way in.
  await expect(logout.locator('svg path')).toHaveAttribute('d', /M21 12H9/);
  const tip = logout.getByText('Log out', { exact: true });
  await expect(tip).toBeHidden();
  await logout.hover();
  await expect(tip).toBeVisible();
  await page.mouse.move(0, 400);
  await expect(tip).toBeHidden();
  await logout.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(logout).toBeFocused();
  await expect(tip).toBeVisible();
  await logout.press('Enter');
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' })).toBeVisible();
});
