/**
 * Refreshes the storefront screenshots in docs/screenshots: home, a product page, the contact
 * page, the demo checkout (its delivery address form) and the thank-you view of a paid order,
 * each at a phone (390 x 844) and a desktop (1280 x 900) viewport, on a fresh web build and a
 * fresh demo catalogue, in Debian's Chromium; and the mails of scripts/mail-screenshots.ts. Run with
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
/** A page by its path, or by a function that makes what it shows (a checkout) and answers its path. */
const PAGES: { name: string; path: string | ((shopUrl: string) => Promise<string>) }[] = [
  { name: 'home', path: '/' },
  { name: 'product', path: `/item/${encodeURIComponent(PRODUCT)}` },
  { name: 'contact', path: '/contact' },
  { name: 'checkout', path: async (shopUrl) => (await openCheckout(shopUrl)).path },
  {
    name: 'thank-you',
    path: async (shopUrl) => {
      const { sessionId } = await openCheckout(shopUrl);
      await post(shopUrl, `/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, {
        email: 'ada.lovelace@example.com',
        address: ADDRESS,
      });
      return `/cart?order_success=true&token=${encodeURIComponent(sessionId)}`;
    },
  },
];
/** Where the thank-you view's order goes. */
const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 Marchbank Road',
  line2: 'Flat 3',
  city: 'Bath',
  county: 'Somerset',
  postcode: 'BA1 1AA',
  country: 'GB',
  phone: '07700 900123',
};

async function post<T>(shopUrl: string, apiPath: string, body: unknown): Promise<T> {
  const response = await fetch(`${shopUrl}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A guest's demo checkout of two demo books (one of them twice): its session and the payment page's path. */
async function openCheckout(shopUrl: string): Promise<{ sessionId: string; path: string }> {
  const products = (await (await fetch(`${shopUrl}/api/server/get_products`)).json()) as { id: string }[];
  const [first, second] = products.filter((product) => product.id.startsWith('BV-'));
  if (!first || !second) throw new Error('The demo catalogue has fewer than two books.');
  const cartItems = [
    { product_id: first.id, qty: 1 },
    { product_id: second.id, qty: 2 },
  ];
  const created = await post<{ sessionId: string; url: string }>(shopUrl, '/api/checkout/create_checkout_session', {
    cartItems,
    user_id: null,
    user_email: '',
  });
  return { sessionId: created.sessionId, path: new URL(created.url, shopUrl).pathname };
}

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
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: viewport.deviceScaleFactor,
        isMobile: viewport.isMobile,
        hasTouch: viewport.isMobile,
      });
      const page = await context.newPage();
      for (const { name, path: pagePath } of PAGES) {
        await page.goto(`${shop.url}${typeof pagePath === 'string' ? pagePath : await pagePath(shop.url)}`);
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
