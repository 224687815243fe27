import { expect, test } from '@playwright/test';
import { expectAccessible, waitForApp } from './support/fixtures';

const LONG = 'Mystery at Marchbank Manor: A Logic Puzzle Book';

test('a shopper opens a book from the grid, changes the quantity and sees the total', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sudoku for the Commute' }).click();
  await expect(page).toHaveURL(/\/item\/Sudoku%20for%20the%20Commute$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sudoku for the Commute' })).toBeVisible();
  await expect(page).toHaveTitle(/^Sudoku for the Commute \|/);

  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  const total = page.getByText(/^Total:/);
  await expect(quantity).toHaveValue('1');
  await expect(total).toHaveText('Total: £4.49');
  await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('3');
  await expect(total).toHaveText('Total: £13.47');

  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(quantity).toHaveValue('2');
  await expect(total).toHaveText('Total: £8.98');

  await quantity.fill('7');
  await expect(total).toHaveText('Total: £31.43');
  await quantity.fill('-2');
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2.5');
  await expect(quantity).toHaveValue('1');
  await quantity.fill('');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');

  await quantity.fill('4');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Basket, 4 items' })).toBeVisible();
});

test('a long description opens with Show More and folds with Show Less', async ({ page }) => {
  await page.goto(`/item/${encodeURIComponent(LONG)}`);
  await waitForApp(page);
  const more = page.getByRole('button', { name: 'Show More' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  const folded = await page.locator('#product-description').textContent();
  expect(folded!.endsWith('…')).toBe(true);
  await more.click();
  const open = await page.locator('#product-description').textContent();
  expect(open!.length).toBeGreaterThan(1000);
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(page.locator('#product-description')).toHaveText(folded!);
});

test('the product page shows the facts, Similar Items and Other Items', async ({ page }) => {
  await page.goto(`/item/${encodeURIComponent('The Great British Road Trip Activity Book')}`);
  await waitForApp(page);
  const facts = page.locator('dl');
  await expect(facts.getByText('All ages')).toBeVisible();
  await expect(facts.getByText('Activity')).toBeVisible();
  const similar = page.getByRole('region', { name: 'Similar Items' });
  await expect(similar.getByRole('article')).toHaveCount(4);
  // Matching age first: the other all-ages Activity book.
  await expect(similar.getByRole('article').first()).toContainText('Kitchen Table Crafts');
  await expect(page.getByRole('region', { name: 'Other Items' }).getByRole('article')).toHaveCount(4);
  // Thumbnails switch the large image.
  await page.getByRole('button', { name: 'Show image 2 of 4' }).click();
  await expect(page.getByRole('img', { name: /image 2 of 4/ })).toBeVisible();
});

test('an id in the address is replaced by the canonical name address', async ({ page }) => {
  await page.goto('/item/BV-1102');
  await expect(page).toHaveURL(/\/item\/Sudoku%20for%20the%20Commute$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sudoku for the Commute' })).toBeVisible();
});

test('an unknown product goes to the home page', async ({ page }) => {
  await page.goto('/item/No%20Such%20Book');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our books' })).toBeVisible();
});

test('the server sends the product title, description, canonical link and JSON-LD without JavaScript', async ({
  request,
}) => {
  const res = await request.get(`/item/${encodeURIComponent('Sudoku for the Commute')}`);
  const html = await res.text();
  expect(html).toContain('<title>Sudoku for the Commute |');
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/item\/Sudoku%20for%20the%20Commute"\/?>/);
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
  expect(jsonLd.offers).toMatchObject({ price: '4.49', priceCurrency: 'GBP' });
});

test('the product page has no serious accessibility problem', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/item/${encodeURIComponent(LONG)}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Similar Items' })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test('the reviews come with the page: shown without JavaScript, and not asked for again by the app', async ({
  browser,
}) => {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto(`/item/${encodeURIComponent('Sudoku for the Commute')}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  // The count when it has reviews, "No reviews yet." when it has none (decision 136): either way rendered by the server.
  await expect(reviews.getByText(/^(\d+ reviews?|No reviews yet\.)$/)).toBeVisible();
  await plain.close();

  const context = await browser.newContext();
  const app = await context.newPage();
  const asked: string[] = [];
  app.on('request', (request) => {
    if (request.url().includes('/api/server/fetch_product_reviews/')) asked.push(request.url());
  });
  await app.goto(`/item/${encodeURIComponent('Sudoku for the Commute')}`);
  await waitForApp(app);
  await expect(app.getByRole('region', { name: 'Reviews' }).getByRole('heading', { name: 'Reviews' })).toBeVisible();
  expect(asked).toEqual([]);
  await context.close();
});
