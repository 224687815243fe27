/**
 * Refreshes the mail screenshots in docs/screenshots: the order confirmation and the Shipped mail,
 * rendered by the shop's own templates for demo books (real covers, served by a running shop on a
 * fresh demo catalogue), opened in Debian's Chromium at 390 px (a phone) and 800 px (a desktop
 * mail app's reading pane). Part of `npm run screenshots`; `npm run screenshots -- mail` for these only.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT } from '../bench/lib/server';
import { productListSchema } from '../src/shared/contracts/products';
import { poundsToPence } from '../src/shared/money';
import { testConfig } from '../src/server/config';
import { renderMail } from '../src/server/modules/mail/render';
import { mailCover } from '../src/server/modules/mail/templates/shop';

const OUT_DIR = path.join(ROOT, 'docs/screenshots');
const WIDTHS = [390, 800] as const;
const ORDER_ID = '5b0c9d2e-8f41-4e6a-9c37-2a1f0e4d7b83';

/** Renders the two mails for demo books of the running `shop` and writes their screenshots. */
export async function mailScreenshots(browser: Browser, shopUrl: string): Promise<void> {
  const products = productListSchema.parse(await (await fetch(`${shopUrl}/api/server/get_products`)).json());
  const books = products.filter((product) => product.imageUrls.length > 0).slice(0, 3);
  const lines = books.map((book, i) => ({
    name: book.name,
    qty: i === 0 ? 2 : 1,
    unitPence: poundsToPence(book.price)!,
    coverUrl: mailCover(book.imageUrls[0]),
  }));
  const subtotalPence = lines.reduce((sum, line) => sum + line.qty * line.unitPence, 0);
  const discountPence = Math.round(subtotalPence * 0.1);
  const config = testConfig({ PUBLIC_URL: shopUrl });
  const mails = {
    'order-confirmation': await renderMail(
      'orderConfirmation',
      {
        orderId: ORDER_ID,
        lines,
        subtotalPence,
        discount: { code: 'WELCOME10', pence: discountPence },
        shippingPence: 383,
        totalPence: subtotalPence - discountPence + 383,
        deliveryAddress: {
          name: 'Ann Reader',
          line1: '14 Orchard Row',
          line2: 'Flat 2',
          city: 'York',
          county: '',
          postcode: 'YO1 7HH',
          country: 'GB',
          phone: '01904 555123',
        },
        hasAccount: true,
      },
      config,
    ),
    shipped: await renderMail(
      'orderStatus',
      {
        orderId: ORDER_ID,
        status: 'Shipped',
        statusChanged: true,
        trackingRef: 'RM123456785GB',
        bookVaultRef: 'BV-204817',
        trackUrl: '/profile',
        reviewUrl: null,
      },
      config,
    ),
  };
  mkdirSync(OUT_DIR, { recursive: true });
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 640 } });
    const page = await context.newPage();
    for (const [name, mail] of Object.entries(mails)) {
      await page.setContent(mail.html, { waitUntil: 'networkidle' });
      await page.waitForFunction(() =>
        Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
      );
      const file = path.join(OUT_DIR, `mail-${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
    await context.close();
  }
}
