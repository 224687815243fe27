import { expect, test } from '@playwright/test';
import { waitForApp } from './support/fixtures';

/**
 * A page loaded fresh links its CSS (decision 155) and preloads only the route modules (decision
 * 124); the next page loaded fresh takes the shared stylesheet from the browser's cache; a page
 * reached by a client-side navigation gets its own stylesheet and is styled as on a fresh load.
 */
test('a fresh page links its CSS, cached for the next; a page reached by navigation is styled as on a fresh load', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  await waitForApp(page);
  const aboutFresh = await page
    .getByRole('heading', { level: 1, name: 'About us' })
    .evaluate((h1) => ({ color: getComputedStyle(h1).color, width: getComputedStyle(h1.closest('main')!).maxWidth }));

  await page.goto('/');
  await waitForApp(page);
  await expect(page.locator('head style')).toHaveCount(0);
  await expect(page.locator('head link[rel="stylesheet"][href*="/assets/app-"]')).toHaveCount(1);
  // The shared stylesheet came from the cache: About, loaded fresh before, had fetched it.
  const fromNetwork = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/assets/app-') && entry.name.endsWith('.css'))
      .map((entry) => (entry as PerformanceResourceTiming).transferSize),
  );
  expect(fromNetwork).toEqual([0]);
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
