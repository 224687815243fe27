import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, waitForApp } from './support/fixtures';

/** The product names on the grid, in order. */
const gridNames = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('heading', { level: 3 })
    .allTextContents();
const prices = async (page: Page) =>
  (await page.getByRole('article').locator('p', { hasText: /^£\d/ }).allTextContents()).map((text) =>
    Number(text.replace('£', '')),
  );

test('a shopper browses the catalogue, filters by type, age and price, and sorts by price', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Books to fill/ })).toBeVisible();
  await waitForApp(page); // the filters work once the app has started (the page arrives server-rendered)
  const all = await gridNames(page);
  expect(all.length).toBeGreaterThanOrEqual(24);
  await expect(page.getByRole('img', { name: 'Cover of The Rainy Day Activity Book' })).toBeVisible();

  // Each choice goes to the address (so the view can be shared and reloaded) and the server's listing answers it.
  await page.getByLabel('Type').selectOption('Puzzle');
  await expect(page).toHaveURL(/\/\?type=Puzzle$/);
  await expect(page.getByText(/^\d+ books?$/)).not.toHaveText(`${all.length} books`);
  const puzzles = await gridNames(page);
  expect(puzzles).toContain('Sudoku for the Commute');
  expect(puzzles).not.toContain('The Rainy Day Activity Book');

  await page.getByLabel('Age').selectOption('Kids');
  await expect(page).toHaveURL(/\/\?type=Puzzle&age=Kids$/);
  // The address changes at once; the grid when the server's listing for it has arrived.
  await expect.poll(() => gridNames(page)).not.toContain('Sudoku for the Commute');
  expect(await gridNames(page)).toContain('My First Word Search');

  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc$/);
  await expect.poll(() => prices(page)).toEqual([...(await prices(page))].sort((a, b) => a - b));
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/sort=price-desc$/);
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.join() === [...p].sort((a, b) => b - a).join();
    })
    .toBe(true);

  // The price slider runs from the floor of the lowest price to the ceiling of the highest, step 1.
  await page.getByLabel('Type').selectOption('');
  await expect(page).not.toHaveURL(/type=/);
  await page.getByLabel('Age').selectOption('All');
  await expect(page).not.toHaveURL(/age=/);
  const slider = page.getByRole('slider', { name: /Max price/ });
  await expect(slider).toHaveAttribute('min', '3');
  await expect(slider).toHaveAttribute('max', '15');
  await expect(slider).toHaveAttribute('step', '1');
  await slider.fill('5');
  await expect(page.getByText('Max price: £5.00')).toBeVisible();
  await expect(page).toHaveURL(/max_price=5/);
  // The address changes at once; the grid when the server's listing for it has arrived.
  await expect
    .poll(async () => {
      const p = await prices(page);
      return p.length > 0 && p.every((price) => price <= 5);
    })
    .toBe(true);

  await slider.fill('3');
  await expect(page.getByText('No products found')).toBeVisible();
});

test('clicking the welcome banner scrolls smoothly down to the books', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Browse the books' }).click();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(750);
});

test('the cookie notice shows until accepted, and stays accepted', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Our books' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px the cookie notice is part of the page, under the first row of books, and the footer needs no room for it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await waitForApp(page);
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    // In the flow: it scrolls with the page (a floating notice keeps its place in the window).
    const before = (await notice.boundingBox())!.y;
    await page.evaluate(() => window.scrollBy(0, 200));
    await expect.poll(async () => Math.round(before - (await notice.boundingBox())!.y)).toBe(200);
    const firstCard = (await page.getByRole('article').first().boundingBox())!;
    expect(firstCard.y + firstCard.height).toBeLessThanOrEqual((await notice.boundingBox())!.y);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click({ trial: true });
    await expect(page.getByRole('contentinfo')).toHaveCSS('padding-bottom', '0px');
  });
}

test('a shopper adds a book to the basket from its card', async ({ page }) => {
  await page.goto('/');
  const basket = page.getByRole('link', { name: /^Basket, \d+ items?$/ });
  await expect(basket).toHaveAccessibleName('Basket, 0 items');
  await page.getByRole('button', { name: 'Add Sudoku for the Commute to basket' }).click();
  await expect(basket).toHaveAccessibleName('Basket, 1 item');
});

test('a guest heart on a card goes to the login page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Sudoku for the Commute to wishlist' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the home page has no serious accessibility problem', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our books' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
