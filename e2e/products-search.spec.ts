import { expect, test } from '@playwright/test';
import { waitForApp } from './support/fixtures';

test('a shopper searches from the header and follows a result', async ({ page }) => {
  await page.goto('/about');
  await waitForApp(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search books' });
  await expect(box).toBeFocused();

  // Every keystroke searches; a typo still finds the book.
  await box.pressSequentially('crosword');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: /Sunday Crosswords: Volume One/ })).toBeVisible();
  await expect(results.getByRole('link', { name: /Cryptic Crossword Masterclass/ })).toBeVisible();

  await results.getByRole('link', { name: /Cryptic Crossword Masterclass/ }).click();
  await expect(page).toHaveURL(/\/item\/Cryptic%20Crossword%20Masterclass$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cryptic Crossword Masterclass' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveCount(0);
});

test('a click outside the search clears the query and the results; the icon collapses the box', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search books' });
  await box.fill('journal');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();

  await page.getByRole('heading', { name: 'Our books' }).click();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(box).toHaveCount(0);
});

test('a search with SQL and wildcard characters is answered calmly', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search books' });
  await box.fill("%'; drop table products; --");
  await expect(page.getByText('No results', { exact: true })).toBeVisible();
  // One clear control, the close button beside the box: the box is not a type="search" one, which brings its own.
  await expect(box).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(box).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Our books' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article').first()).toBeVisible();
});
