import { expect, test } from '@playwright/test';
import { waitForApp } from './support/fixtures';

/**
 * A page loaded fresh carries its CSS in its <head> and links none, and preloads only the route
 * modules (decision 124); a page reached by a client-side navigation gets its own stylesheet and
 * is styled as on a fresh load.
 */
test('a fresh page carries its CSS; a page reached by navigation is styled as on a fresh load', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  await waitForApp(page);
  const aboutFresh = await page
    .getByRole('heading', { level: 1, name: 'About us' })
    .evaluate((h1) => ({ color: getComputedStyle(h1).color, width: getComputedStyle(h1.closest('main')!).maxWidth }));

  await page.goto('/');
  await waitForApp(page);
  expect(await page.locator('head style[data-href]').count()).toBeGreaterThan(0);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(preloaded.some((href) => href.includes('/assets/app-'))).toBe(false);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  expect(scripts.some((name) => name.includes('/assets/app-'))).toBe(true);

  // About's CSS is not in the home page: the navigation links it, and the page looks as it did when loaded fresh.
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'About us' });
  await expect(heading).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/pages-"]')).toHaveCount(1);
  await expect
    .poll(() =>
      heading.evaluate((h1) => ({
        color: getComputedStyle(h1).color,
        width: getComputedStyle(h1.closest('main')!).maxWidth,
      })),
    )
    .toEqual(aboutFresh);
  expect(aboutFresh.width).toBe('760px');
});
