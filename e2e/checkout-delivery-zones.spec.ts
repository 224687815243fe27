/**
 * Delivery zones (issue 29, decisions 148 and 149), on a shop of its own that prints with the fake
 * BookVault (started here, in the test process): the owner adds a Europe zone on the Delivery
 * screen (a zone that takes a country another zone has is refused, naming it); a shopper picks
 * Ireland in the basket, sees the delivery line, the estimate, the free-delivery amount and the
 * import notice, pays on the demo checkout with an Irish address, finds the notice again in the
 * confirmation mail, and BookVault receives the order with its customs declaration (HS 4901990000,
 * DDU). Screenshots at 390 and 1280 px go to /tmp/delivery-shots/.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { IMPORT_CHARGES_NOTICE } from '../src/shared/delivery-zones';
import { productPath } from '../src/shared/routes';
import { startFakeBookVault, type FakeBookVault } from '../src/server/test/fake-bookvault';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process';
import { signInAsAdmin } from './support/admin';
import { payDemoCheckout } from './support/checkout';
import { E2E_ADMIN, E2E_PORT } from './support/env';
import { uniqueEmail, waitForMail } from './support/fixtures';
import { IRISH_ADDRESS } from './support/orders';

/** Between the journeys' shop (E2E_PORT) and the print journey's (E2E_PORT + 50). */
const PORT = E2E_PORT + 25;
const DATA_DIR = `.data-e2e-${PORT}`;
const SHOTS = '/tmp/delivery-shots';
const IRISH = { name: 'Niamh Byrne', ...IRISH_ADDRESS };

let bv: FakeBookVault;
let shop: ServerProcess;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  // A shop of its own starts (migrations, the demo catalogue) on a machine other journeys share.
  test.setTimeout(400_000);
  mkdirSync(SHOTS, { recursive: true });
  bv = await startFakeBookVault({ isbns: [] });
  rmSync(DATA_DIR, { recursive: true, force: true });
  shop = await startServerProcess(
    {
      PORT: String(PORT),
      DATA_DIR,
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'dist/web',
      PUBLIC_URL: `http://localhost:${PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      E2E_RELAXED_RATE_LIMITS: 'true',
      SSE_MAX_STREAMS_PER_CLIENT: '1000',
      PRINT_PARTNER: 'bookvault',
      BOOKVAULT_API_KEY: bv.apiKey,
      BOOKVAULT_API_URL: bv.url,
      PRINT_PARTNER_POLL_SECONDS: '3600',
      // No cancel window (decision 137): the paid order goes to the fake BookVault at once.
      PRINT_HOLD_MINUTES: '0',
    },
    180_000,
  );
});
test.afterAll(async () => {
  await shop?.stop();
  await bv?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner adds a Europe zone; a shopper sends a book to Ireland and BookVault gets its customs declaration', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // ---- the owner: Admin → Delivery, add a zone -------------------------------------------------
  await signInAsAdmin(page);
  await page.getByRole('link', { name: /^Delivery/ }).click();
  await expect(page.getByRole('heading', { name: 'Delivery' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Delivery zones' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1).locator('th, td')).toHaveText([
    'United Kingdom',
    'United Kingdom',
    '£3.83',
    '£0.00',
    '—',
    '—',
    /Edit.*Delete/,
  ]);

  await page.getByRole('button', { name: 'Add a zone' }).click();
  const form = page.getByRole('form', { name: 'Add a zone' });
  await form.getByLabel('Zone name').fill('Europe');
  await form.getByLabel('Countries').fill('ie, fr, de, gb');
  await form.getByLabel('First book (£)').fill('6.50');
  await form.getByLabel('Each further book (£)').fill('1.50');
  await form.getByLabel('Free delivery over (£)').fill('60');
  await form.getByLabel('Estimated delivery time').fill('5–8 working days');
  await form.getByRole('button', { name: 'Save zone' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Zone "Europe": GB is already in zone "United Kingdom"; a country can be in one zone only.',
  );
  await form.getByLabel('Countries').fill('IE, FR, DE');
  await expect(form.getByText('Ireland, France, Germany')).toBeVisible();
  await form.getByRole('button', { name: 'Save zone' }).click();
  await expect(page.getByText('Zone "Europe" added.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(2).locator('th, td')).toHaveText([
    'Europe',
    'Ireland, France, Germany',
    '£6.50',
    '£1.50',
    '£60.00',
    '5–8 working days',
    /Edit.*Delete/,
  ]);
  await shots(page, 'admin-delivery');

  // ---- a shopper: the basket to Ireland --------------------------------------------------------
  const books = (await (await page.request.get('/api/server/get_products')).json()) as {
    id: string;
    name: string;
    price: number;
  }[];
  const book = books.find((b) => b.price < 30)!;
  bv.isbns.add(book.id); // BookVault's library holds the book
  const shopper = await (await browser.newContext({ baseURL: `http://localhost:${PORT}` })).newPage();
  await shopper.goto(productPath(book.name));
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await shopper.goto('/cart');
  const summary = shopper.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByRole('term').nth(1)).toHaveText('Delivery to United Kingdom');
  await expect(summary.getByRole('definition').nth(1)).toHaveText('£3.83');
  await expect(summary.getByRole('note')).toHaveCount(0);
  const picker = summary.getByLabel('Deliver to');
  await expect(picker.getByRole('option')).toHaveText(['France', 'Germany', 'Ireland', 'United Kingdom']);
  await picker.selectOption('IE');
  await expect(summary.getByRole('term').nth(1)).toHaveText('Delivery to Ireland');
  await expect(summary.getByRole('definition').nth(1)).toHaveText('£6.50');
  await expect(summary.getByTestId('cart-total')).toHaveText(`£${(book.price + 6.5).toFixed(2)}`);
  await expect(summary.getByText('Delivery usually takes 5–8 working days.')).toBeVisible();
  await expect(summary.getByTestId('free-delivery')).toHaveText(
    `Free delivery to Ireland on books of £60.00 or more after any discount code: £${(60 - book.price).toFixed(2)} to go.`,
  );
  await expect(summary.getByRole('note')).toHaveText(
    'Sent from the UK: the recipient may have to pay import VAT and charges on delivery, collected by the carrier.',
  );
  await shots(shopper, 'basket-ireland');

  // ---- the demo checkout: Ireland's zone only, the notice, an Irish address ---------------------
  await summary.getByRole('button', { name: 'Checkout' }).click();
  await expect(shopper).toHaveURL(/\/checkout\/demo\//);
  await expect(shopper.getByTestId('delivery-zone')).toContainText(
    'Your basket was priced for delivery to Ireland (Europe), usually 5–8 working days.',
  );
  await expect(shopper.getByLabel('Country').getByRole('option')).toHaveText(['France', 'Germany', 'Ireland']);
  await expect(shopper.getByRole('term').filter({ hasText: 'Delivery (Europe)' })).toBeVisible();
  await expect(shopper.getByRole('note').filter({ hasText: 'import VAT' })).toBeVisible();
  await shots(shopper, 'demo-checkout-ireland');
  const email = uniqueEmail('ireland');
  await payDemoCheckout(shopper, { email, address: IRISH });
  await shots(shopper, 'thank-you-ireland');
  // The confirmation mail repeats the import notice (HTML and its text twin).
  const mail = await waitForMail(request, email, /is confirmed/);
  expect(mail.text).toContain(IMPORT_CHARGES_NOTICE);

  // ---- BookVault receives the order with its customs declaration --------------------------------
  await expect.poll(() => bv.callCount('POST', '/Order'), { timeout: 30_000 }).toBe(1);
  const sent = bv.calls.find((call) => call.method === 'POST' && call.path === '/Order')!.body as Record<
    string,
    unknown
  >;
  expect(sent).toMatchObject({
    Address: { Addressee: 'Niamh Byrne', Town: 'Dublin', Postcode: 'D02 X285', Country: { ISO_Code: 'IE' } },
    OrderLines: [{ ISBN: book.id, Quantity: 1 }],
    CustomsDeclaration: { UseOrderValue: true, HSCode: '4901990000', IncoTerms: 'DDU', UseIOSS: false },
  });
  await shopper.context().close();
});
