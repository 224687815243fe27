/**
 * The print partner (issue #15, decision 112), on the second shop whose simulated printer takes
 * 2-second steps and is asked every second (playwright.config.ts): a guest's order paid on the
 * demo checkout waits for the cancel window (an hour there, decision 141) until the owner presses
 * "Send to printer now", then is printed and dispatched by itself, the customer's Shipped mail has a Track
 * button on the shop's own address, and the owner sees the printer's state, cost, carrier and
 * tracking page; a book the printer refuses puts its order in "needs attention", which the
 * overview's filter finds, the owner is mailed, and Send again round-trips to the printer (which
 * refuses it again: nothing was fixed). Screenshots of the Printing section go to /tmp/shots-print/.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { productPath } from '../src/shared/routes';
import { adminToken, signInAsAdmin } from './support/admin';
import { payDemoCheckout } from './support/checkout';
import { E2E_PRINTER_PORT } from './support/env';
import { expectAccessible, linkIn, uniqueEmail, waitForApp, waitForMail, type Mail } from './support/fixtures';

const SHOP = `http://localhost:${E2E_PRINTER_PORT}`;
test.use({ baseURL: SHOP });

/** Where the owner's mails go: the server's default SHOP_EMAIL (playwright.config.ts sets none). */
const SHOP_EMAIL = 'shop@localhost';
const SHOTS = '/tmp/shots-print';
const CONFIRM_SEND_AGAIN =
  'Send this order to the printer again? Check first that the printer does not already have it.';

interface Product {
  id: string;
  name: string;
  price: number;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The number the thank-you view shows (the order id's last 10 characters). */
async function orderNumber(shopper: Page): Promise<string> {
  const text = await shopper.getByText(/^Order number #/).textContent();
  return /#([0-9a-f]{10})/.exec(text ?? '')![1]!;
}

/** A fact of the Printing section by its label: the value beside it. */
const factsOf = (section: Locator) => (label: string) =>
  section
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A part of the page (the Printing section, the overview) at a phone's and a desktop's width, for a person to look at. */
async function screenshots(page: Page, section: Locator, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // in the middle of the window, clear of the sticky header
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await section.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    await page.screenshot({ path: `${SHOTS}/${name}-page-${width}.png`, fullPage: true });
  }
}

/** A guest in a browser of their own puts `book` in the basket, checks out and pays on the demo checkout. Answers the order number. */
async function guestBuysInTheShop(browser: Browser, book: Product, email: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const shopper = await context.newPage();
    await shopper.goto(productPath(book.name));
    await waitForApp(shopper);
    await shopper.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(shopper.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
    await shopper.getByRole('link', { name: /^Basket/ }).click();
    await shopper
      .getByRole('complementary', { name: 'Order Summary' })
      .getByRole('button', { name: 'Checkout' })
      .click();
    await expect(shopper).toHaveURL(/\/checkout\/demo\/demo_/);
    await payDemoCheckout(shopper, { email });
    return await orderNumber(shopper);
  } finally {
    await context.close();
  }
}

/** A guest pays for `book` on the demo checkout page (the checkout made through the API, as the basket makes it). */
async function guestBuysOnDemoCheckout(browser: Browser, book: Product, email: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const shopper = await context.newPage();
    const created = await shopper.request.post('/api/checkout/create_checkout_session', {
      data: { cartItems: [{ product_id: book.id, qty: 1 }], user_id: null, user_email: '', currency: 'GBP' },
    });
    expect(created.status(), await created.text()).toBe(200);
    await shopper.goto(((await created.json()) as { url: string }).url);
    await payDemoCheckout(shopper, { email });
    return await orderNumber(shopper);
  } finally {
    await context.close();
  }
}

/**
 * The owner sends a paid order held for the cancel window to the printer at once (the shop holds
 * every order an hour here, decision 141): found by the buyer's e-mail, "Send to printer now" on its page.
 */
async function sendToPrinterNow(page: Page, email: string): Promise<void> {
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await page
    .locator('tbody tr')
    .filter({ hasText: email })
    .getByRole('link', { name: /^Order / })
    .click();
  const actions = page.getByRole('group', { name: 'Order actions' });
  await expect(actions).toContainText('Held for the cancel window until');
  await actions.getByRole('button', { name: 'Send to printer now' }).click();
  await expect(actions.getByRole('button', { name: 'Send to printer now' })).toHaveCount(0);
}

test('a paid order is printed and dispatched by itself: the customer gets the Track button, the owner sees carrier, cost and tracking', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const products = (await (await request.get('/api/server/get_products')).json()) as Product[];
  const book = products.find((product) => /^BV-\d+$/.test(product.id));
  expect(book, 'a demo book').toBeTruthy();
  const email = uniqueEmail('printed');
  const short = await guestBuysInTheShop(browser, book!, email);
  await signInAsAdmin(page);
  await sendToPrinterNow(page, email);

  // Nobody touches the order again: the printer prints and dispatches it, and the customer is told.
  const shipped: Mail = await waitForMail(request, email, new RegExp(`Your order ${short} is on its way`));
  const tracking = /Tracking reference: (SIM\d{9}GB)/.exec(shipped.text)?.[1];
  expect(tracking, 'a tracking number in the Shipped mail').toBeTruthy();
  const track = linkIn(shipped, /\/api\/orders\/[0-9a-f-]{36}\/track/);
  expect(track.startsWith(`${SHOP}/`), `the Track button (${track}) is on the shop's own address`).toBe(true);
  const orderId = /\/api\/orders\/([0-9a-f-]{36})\/track/.exec(track)![1]!;
  expect(orderId.endsWith(short)).toBe(true);
  // It leads on to the carrier's page the printer gave.
  const redirect = await request.get(track, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const carrierPage = redirect.headers()['location']!;
  expect(carrierPage).toMatch(/^https:\/\/.*SIM\d{9}GB/);

  // The owner: Shipped and Dispatched in the overview.
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: email });
  await expect(row.getByRole('combobox', { name: `Status of order ${short}` })).toHaveValue('Shipped');
  await expect(row).toContainText('Dispatched');
  await expect(row.getByRole('textbox', { name: `Tracking reference of order ${short}` })).toHaveValue(tracking!);
  await screenshots(page, page.locator('main'), 'overview-dispatched');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The order's page: the printer's state, reference, words, tries, cost, carrier and tracking page.
  await row.getByRole('link', { name: `Order ${short}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  const printing = page.getByRole('region', { name: 'Printing' });
  // (the badge beside the heading; the partner's own words may say it too)
  await expect(printing.getByText('Dispatched', { exact: true }).first()).toBeVisible();
  const fact = factsOf(printing);
  await expect(fact('Partner')).toHaveText('Simulated printer');
  await expect(fact("Partner's reference")).toHaveText(/^SIM-[0-9A-Z]+-[0-9A-F]{4}$/);
  await expect(fact("Partner's status")).not.toBeEmpty();
  await expect(fact('Tries')).toHaveText('1');
  // The simulated printer's made-up price: £3.50 a copy and £2.99 for the post.
  await expect(fact('Cost')).toHaveText('£6.49 GBP');
  await expect(fact('Carrier')).toHaveText('Royal Mail');
  const trackLink = printing.getByRole('link', { name: new RegExp(tracking!) });
  await expect(trackLink).toHaveAttribute('href', carrierPage);
  await expect(trackLink).toHaveAttribute('target', '_blank');
  await expect(trackLink).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(printing.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await expectAccessible(page);
  // The history: the partner's reference when it took the order, then the dispatch, both by the print partner.
  const history = page
    .getByRole('region', { name: 'History' })
    .getByRole('listitem')
    .filter({ hasText: 'by print partner' });
  await expect(history.filter({ hasText: 'Printing: references added' })).toContainText(/BookVault: SIM-/);
  const dispatch = history.filter({ hasText: 'Printing → Shipped' });
  await expect(dispatch).toContainText(`Tracking: ${tracking}`);
  await expect(dispatch).toContainText(`Mail sent: “${shipped.subject}”`);

  // An order the printer holds is never sent twice.
  const again = await page.request.post(`/api/admin/orders/${orderId}/print`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toMatch(/already with the printer/);

  await screenshots(page, printing, 'dispatched');
});

test('a book the printer refuses: the order needs attention, the filter finds it, the owner is mailed and can send it again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  const headers = { authorization: `Bearer ${await adminToken(page)}` };
  // A book of this test's own that the simulated printer does not hold (its id starts with FAIL-).
  const book: Product = { id: `FAIL-${unique()}`, name: `Unprintable Atlas ${unique()}`, price: 5 };
  const added = await page.request.post('/api/admin/products/add_product', {
    headers,
    multipart: {
      id: book.id,
      name: book.name,
      type: 'Puzzle',
      description: 'A book the printer does not hold.',
      age: '',
      price: '5.00',
    },
  });
  expect(added.status(), await added.text()).toBe(200);

  try {
    const email = uniqueEmail('refused');
    const short = await guestBuysOnDemoCheckout(browser, book, email);
    await sendToPrinterNow(page, email);

    // The owner is told, with a link to the order's page.
    const problemSubject = new RegExp(`Print partner problem with order ${short}`);
    const problemMail = await waitForMail(request, SHOP_EMAIL, problemSubject);
    expect(problemMail.text).toContain(`ISBN ${book.id}`);
    const link = new URL(linkIn(problemMail, /\/admin\/orders\/[0-9a-f-]{36}/));
    expect(link.origin).toBe(SHOP);

    // The overview shows it, and "Show: Needs attention" finds it (in the address, ?print=needs_attention).
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Needs attention');
    await page.goto('/admin/orders');
    const show = page.getByRole('combobox', { name: 'Show' });
    await show.selectOption('Needs attention');
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('print') === 'needs_attention' && !url.searchParams.has('status'),
    );
    const row = rows.filter({ hasText: email });
    await expect(row).toHaveCount(1);
    // only orders that need attention
    await expect(rows.filter({ hasNotText: 'Needs attention' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, page.locator('main'), 'overview-needs-attention');
    await page.setViewportSize({ width: 1280, height: 900 });
    // the filter is one choice of "Show": a status replaces it
    await show.selectOption('Shipped');
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('status') === 'Shipped' && !url.searchParams.has('print'),
    );
    await expect(row).toHaveCount(0);
    await page.goBack();
    await expect(show).toHaveValue('needs_attention');
    await expect(row).toHaveCount(1);

    // The order's page: the problem, and Send again.
    await row.getByRole('link', { name: `Order ${short}` }).click();
    await expect(page).toHaveURL(link.pathname);
    const printing = page.getByRole('region', { name: 'Printing' });
    await expect(printing.getByText('Needs attention', { exact: true })).toBeVisible();
    await expect(printing).toContainText(`ISBN ${book.id}`);
    await expect(printing).toContainText('ISBNNotFound');
    const fact = factsOf(printing);
    await expect(fact('Partner')).toHaveText('Simulated printer');
    await expect(fact('Cost')).toHaveText('Not given');
    await expectAccessible(page);
    const updated = await printing.locator('time').getAttribute('datetime');
    await screenshots(page, printing, 'needs-attention');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Declining the question sends nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await printing.getByRole('button', { name: 'Send again' }).click();
    await expect(printing.getByRole('button', { name: 'Send again' })).toBeEnabled();

    // Nothing was fixed, so the printer refuses it again: the order goes back to the printer and
    // returns to "needs attention", and the owner gets a second mail about it.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(CONFIRM_SEND_AGAIN);
      void dialog.accept();
    });
    await printing.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText('The order will be sent to the printer again.')).toBeVisible();
    await expect
      .poll(
        async () => {
          const mails = (await (
            await request.get(`/api/dev/mailbox?to=${encodeURIComponent(SHOP_EMAIL)}`)
          ).json()) as Mail[];
          return mails.filter((mail) => problemSubject.test(mail.subject)).length;
        },
        { message: 'a second print partner problem mail', timeout: 15_000 },
      )
      .toBe(2);
    await expect(printing.locator('time')).not.toHaveAttribute('datetime', updated!, { timeout: 15_000 });
    await expect(printing.getByText('Needs attention', { exact: true })).toBeVisible();
    await expect(fact('Tries')).toHaveText('1');
    await expect(printing.getByRole('button', { name: 'Send again' })).toBeVisible();
  } finally {
    await page.request.post(`/api/admin/products/delete_product/${encodeURIComponent(book.id)}`, { headers });
  }
});
