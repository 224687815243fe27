import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, waitForApp } from './support/fixtures';

/**
 * The catalogue at any size (issue 16, decision 114): filters and sort in the address, Show more
 * as a link, the search results page, scroll that behaves and the head of every page after
 * client-side navigation. The demo shop has 27 books (more while other journeys add theirs):
 * a first page of 24 and a second page.
 */
const cards = (page: Page) => page.getByRole('article');
const names = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allTextContents();
const prices = async (page: Page) =>
  (await cards(page).locator('p', { hasText: /^£\d/ }).allTextContents()).map((text) => Number(text.replace('£', '')));
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a filtered address is rendered by the server, and the filters are sent with Apply', async ({ page }) => {
    await page.goto('/?type=Puzzle&age=Kids&sort=price-asc');
    await expect(page.getByLabel('Type')).toHaveValue('Puzzle');
    await expect(page.getByLabel('Age')).toHaveValue('Kids');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    const shown = await names(page);
    expect(shown).toContain('My First Word Search');
    expect(shown).not.toContain('Sudoku for the Commute');
    const shownPrices = await prices(page);
    expect(shownPrices).toEqual([...shownPrices].sort((a, b) => a - b));

    await page.getByLabel('Type').selectOption('Colouring');
    await page.getByLabel('Age').selectOption('All');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/type=Colouring/);
    expect(await names(page)).toContain('London Landmarks Colouring Book');
    expect(await names(page)).not.toContain('My First Word Search');
  });

  test('Show more is a link to one more page of books', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page)).toHaveCount(24);
    const total = Number((await page.getByText(/^\d+ books$/).textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(24);
    await page.getByRole('link', { name: `Show more books (24 of ${total} shown)` }).click();
    await expect(page).toHaveURL(/\/\?page=2$/);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
  });

  test('the search results page lists matches, and says so when there are none', async ({ page }) => {
    await page.goto('/search?q=sudoku');
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for “sudoku”' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sudoku for the Commute' })).toBeVisible();
    await page.goto('/search?q=qqqzzzxx');
    await expect(page.getByText('No books match “qqqzzzxx”.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse all books' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards(page)).toHaveCount(24);
  });
});

test('filters chosen by clicks go to the address, and the address opens the same view', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.getByLabel('Type').selectOption('Journal');
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/\/\?type=Journal&sort=price-desc$/);
  const view = await names(page);
  expect(view.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('Journal');
  expect(await names(page)).toEqual(view);
  // Each type's count is the number of books choosing it would show.
  await expect(page.getByRole('option', { name: /^Journal \(\d+\)$/ })).toHaveText(`Journal (${view.length})`);
});

test('No products found offers Clear filters, which shows every book again', async ({ page }) => {
  await page.goto('/?type=Puzzle&max_price=3');
  await waitForApp(page);
  await expect(page.getByText('No products found')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(24);
});

test('Show more adds books in place, and Back from a book returns to the same place in the grid', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  const more = page.getByRole('link', { name: /Show more/ });
  await more.scrollIntoViewIfNeeded();
  // Where the first page's last book sits on the screen (the page may scroll as covers above load:
  // the browser keeps what is on screen in place).
  const lastOfFirstPage = async () => Math.round((await cards(page).nth(23).boundingBox())!.y);
  const before = await lastOfFirstPage();
  await more.click();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
  const shown = await cards(page).count();
  expect(Math.abs((await lastOfFirstPage()) - before)).toBeLessThanOrEqual(2);

  const last = cards(page).last();
  const lastName = (await last.getByRole('heading', { level: 3 }).textContent())!;
  await last.scrollIntoViewIfNeeded();
  const position = await scrollY(page);
  expect(position).toBeGreaterThan(500);
  await last.getByRole('link', { name: lastName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: lastName })).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/\?page=2$/);
  await expect(cards(page)).toHaveCount(shown);
  // Back where the shopper was: the book they opened on screen again, far down the grid.
  await expect(
    cards(page).filter({ has: page.getByRole('heading', { level: 3, name: lastName, exact: true }) }),
  ).toBeInViewport();
  expect(await scrollY(page)).toBeGreaterThan(position - 600);
});

test('a page loaded fresh opens at its top, whatever was scrolled before', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
  await page.goto('/cart');
  await waitForApp(page);
  expect(await scrollY(page)).toBe(0);
  await page.goto('/');
  await waitForApp(page);
  expect(await scrollY(page)).toBe(0);
});

test('Enter in the header search opens the results page; no match says No results in the dropdown', async ({
  page,
}) => {
  await page.goto('/about');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('searchbox', { name: 'Search books' });
  await box.fill('qqqzzzxx');
  await expect(page.getByText('No results')).toBeVisible();
  await box.fill('puzzle');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=puzzle$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results for “puzzle”' })).toBeVisible();
  await expect(page).toHaveTitle(/^Search: puzzle \| /);
  // Every result has the card's controls.
  const first = cards(page).first();
  const title = (await first.getByRole('heading', { level: 2 }).textContent())!;
  await first.getByRole('button', { name: `Add ${title} to basket` }).click();
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
  await expectAccessible(page);
});

test('the head of each page is right after client-side navigation too', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await expect(page).toHaveTitle(/: activity, puzzle, colouring and journal books$/);

  await page.getByRole('link', { name: 'Sudoku for the Commute' }).first().click();
  await expect(page).toHaveTitle(/^Sudoku for the Commute \| /);
  expect(await canonical(page)).toMatch(/\/item\/Sudoku%20for%20the%20Commute$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Sudoku for the Commute');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: 'Sudoku for the Commute',
    offers: { priceCurrency: 'GBP' },
  });

  for (const [link, title] of [
    ['About Us', /^About \| /],
    ['Contact', /^Contact \| /],
    ['Privacy', /^Privacy policy \| /],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveTitle(title);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  }
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveTitle(/^Sudoku for the Commute \| /);
});

test('a search that finds books has its query as canonical address; one that finds nothing is kept out of indexes', async ({
  page,
}) => {
  await page.goto('/search?q=puzzle&page=2');
  await waitForApp(page);
  expect(await canonical(page)).toMatch(/\/search\?q=puzzle$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /matching “puzzle”/);

  await page.goto('/search?q=zzqx-nothing');
  await waitForApp(page);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});
