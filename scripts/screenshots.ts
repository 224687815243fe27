/**
 * Refreshes the storefront screenshots in docs/screenshots: home, a product page and the contact
 * page, each at a phone (390 x 844) and a desktop (1280 x 900) viewport, on a fresh web build and
 * a fresh demo catalogue, in Debian's Chromium; and the mails of scripts/mail-screenshots.ts. Run with
 * `npm run screenshots` (`-- pages` or `-- mail` for one kind).
 *
 * Each shot is taken once the app has hydrated (`<html data-hydrated>`), the network is idle and
 * every image in view has loaded, so a picture never shows a half-loaded page.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../bench/lib/browser';
import { ROOT, ensureWebBuild, startServer } from '../bench/lib/server';
import { mailScreenshots } from './mail-screenshots';

const OUT_DIR = path.join(ROOT, 'docs/screenshots');
const VIEWPORTS = [
  { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true },
  { width: 1280, height: 900, deviceScaleFactor: 1, isMobile: false },
] as const;
/** A demo book with a full gallery and a long description (Show More). */
const PRODUCT = 'Mystery at Marchbank Manor: A Logic Puzzle Book';
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'product', path: `/item/${encodeURIComponent(PRODUCT)}` },
  { name: 'contact', path: '/contact' },
] as const;

async function settle(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]');
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      })
      .every((image) => image.complete),
  );
  // The cookie notice belongs to a first visit; the pictures show the page behind it.
  const accept = page.getByRole('button', { name: /accept/i });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

async function main(): Promise<void> {
  const webDist = ensureWebBuild();
  const shop = await startServer({ env: { SEED_DEMO: 'true', WEB_DIST_DIR: webDist } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const only = process.argv[2];
  try {
    mkdirSync(OUT_DIR, { recursive: true });
    if (only !== 'pages') await mailScreenshots(browser, shop.url);
    for (const viewport of only === 'mail' ? [] : VIEWPORTS) {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor, isMobile: viewport.isMobile, hasTouch: viewport.isMobile });
      const page = await context.newPage();
      for (const { name, path: pagePath } of PAGES) {
        await page.goto(`${shop.url}${pagePath}`);
        await settle(page);
        const file = path.join(OUT_DIR, `${name}-${viewport.width}.png`);
        await page.screenshot({ path: file });
        console.log(`wrote ${path.relative(ROOT, file)}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
