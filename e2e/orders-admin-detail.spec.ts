/**
 * The owner sees every order in full (issue #14): a guest pays for two books on the demo checkout
 * with a delivery address; the owner's new-order mail links to the order's page; on the Orders
 * Overview the owner finds the order by e-mail, by order number and by name, and by its status;
 * the order's page shows its items, totals, payment and address (copied to the clipboard as a
 * label); the owner ships it with a tracking reference and the history names them and the mail
 * the customer got; the CSV export of the filtered overview is downloaded and read.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from '@playwright/test';
import { addressLines, type DeliveryAddress } from '../src/shared/delivery-address';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { priceCart } from '../src/shared/pricing';
import { parseCsv } from '../src/server/test/csv';
import { signInAsAdmin } from './support/admin';
import { deliveryAddress, payDemoCheckout } from './support/checkout';
import { E2E_ADMIN, expectAccessible, linkIn, uniqueEmail, waitForMail } from './support/fixtures';

/** Where the owner's mails go: the server's default SHOP_EMAIL (playwright.config.ts sets none). */
const SHOP_EMAIL = 'shop@localhost';

interface Product {
  id: string;
  name: string;
  price: number;
  type: string;
  age: string;
}

const pence = (pounds: number) => Math.round(pounds * 100);

/** A guest pays for `lines` on the demo checkout page, in a browser of their own. Answers the order number the thank-you view shows. */
async function guestOrder(
  browser: Browser,
  lines: Array<{ book: Product; qty: number }>,
  email: string,
  address: DeliveryAddress,
): Promise<string> {
  const context = await browser.newContext();
  try {
    const shopper = await context.newPage();
    const created = await shopper.request.post('/api/checkout/create_checkout_session', {
      data: {
        cartItems: lines.map(({ book, qty }) => ({ product_id: book.id, qty })),
        user_id: null,
        user_email: '',
        currency: 'GBP',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    await shopper.goto(((await created.json()) as { url: string }).url);
    await payDemoCheckout(shopper, { email, address });
    const number = await shopper.getByText(/^Order number #/).textContent();
    return /#([0-9a-f]{10})/.exec(number ?? '')![1]!;
  } finally {
    await context.close();
  }
}

test('the owner finds a new order, reads it in full, ships it and exports it as CSV', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const products = (await (await request.get('/api/server/get_products')).json()) as Product[];
  const [first, second] = products.filter((product) => /^BV-\d+$/.test(product.id)).slice(-2);
  expect(second, 'two demo books').toBeTruthy();
  const lines = [
    { book: first!, qty: 2 },
    { book: second!, qty: 1 },
  ];
  const price = priceCart(
    lines.map(({ book, qty }) => ({ unitPence: pence(book.price), qty, type: book.type, age: book.age })),
  );

  const email = uniqueEmail('owner-view');
  const name = `Ada Byron ${email.split('@')[0]!.split('.').pop()}`;
  const address = deliveryAddress({
    name,
    line1: '12 Analytical Row',
    city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 4AP',
    phone: '+44 113 496 0000',
  });
  const short = await guestOrder(browser, lines, email, address);

  // The owner is told, with a link to the order's page.
  const ownerMail = await waitForMail(request, SHOP_EMAIL, new RegExp(`New order.*${short}`));
  expect(ownerMail.text).toContain(email);
  const link = new URL(linkIn(ownerMail, /\/admin\/orders\/[0-9a-f-]{36}/));
  const orderId = link.pathname.split('/').pop()!;
  expect(orderId.endsWith(short)).toBe(true);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signInAsAdmin(page);
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(short);

  // The overview: by e-mail, by order number, by name; each search is in the address.
  await page.getByRole('link', { name: 'All orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Orders Overview/ })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  const rows = page.locator('tbody tr');
  const row = rows.filter({ hasText: email });
  for (const text of [email, short, name]) {
    await search.fill(text);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
    await expect(rows).toHaveCount(1);
    await expect(row).toContainText(`${name}, Leeds`);
  }
  await expect(row.getByRole('link', { name: `Order ${short}` })).toHaveAttribute('href', `/admin/orders/${orderId}`);
  await expect(row).toContainText(`2 × ${first!.name}`);

  // The status filter, with the search: a Printing order is not Shipped and has its address.
  await search.fill(email);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === email);
  const show = page.getByRole('combobox', { name: 'Show' });
  await expect(show.locator('option')).toHaveText([
    'All orders',
    'Printing',
    'Shipped',
    'Delivered',
    'Cancelled',
    'Address missing',
    'Needs attention',
    'Problem reported',
  ]);
  await show.selectOption('Shipped');
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'Shipped');
  await expect(page.getByText('No orders match the search and filter.')).toBeVisible();
  await show.selectOption('Address missing');
  await expect(page.getByText('No orders match the search and filter.')).toBeVisible();
  await show.selectOption('Printing');
  await expect(rows).toHaveCount(1);
  await expect(row).toBeVisible();

  // The order in full.
  await row.getByRole('link', { name: `Order ${short}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(short);
  const items = page.getByRole('region', { name: 'Items' });
  for (const { book, qty } of lines) {
    const line = items.getByRole('row').filter({ hasText: book.name });
    await expect(line.getByRole('cell')).toHaveText([
      String(qty),
      formatPence(pence(book.price)),
      formatPence(pence(book.price) * qty),
    ]);
  }
  await expect(items.getByRole('definition')).toHaveText([
    formatPence(price.subtotalPence),
    formatPence(price.shippingPence),
    `${formatPence(price.totalPence)} GBP`,
  ]);
  const customer = page.getByRole('region', { name: 'Customer and payment' });
  await expect(customer.getByRole('link', { name: email })).toHaveAttribute('href', new RegExp(`^mailto:${email}`));
  await expect(customer).toContainText('Payment reference');
  await expect(customer).toContainText('demo');

  const delivery = page.getByRole('region', { name: 'Delivery address' });
  const label = addressLines(address);
  expect(label).toContain('United Kingdom');
  await expect(delivery.locator('address')).toHaveText(label.join(''));
  await expect(delivery).toContainText(address.phone);
  await delivery.getByRole('button', { name: 'Copy address' }).click();
  await expect(delivery.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(label.join('\n'));
  await expectAccessible(page);

  // Shipped, with a tracking reference: the history names the owner and the customer's mail.
  const status = page.getByRole('region', { name: 'Status and print references' });
  await status.getByRole('combobox', { name: `Status of order ${short}` }).selectOption('Shipped');
  await status.getByRole('textbox', { name: `Tracking reference of order ${short}` }).fill('RM123456785GB');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(MSG.confirmOrderUpdate);
    void dialog.accept();
  });
  await status.getByRole('button', { name: `Submit order ${short}` }).click();
  await expect(page.getByText(MSG.orderStatusUpdated)).toBeVisible();
  const shippedMail = await waitForMail(request, email, /on its way/);
  // (the print partner may have added a line of its own meanwhile)
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.first()).toContainText('Order placed: Printing');
  await expect(history.first()).toContainText('by checkout');
  const shipped = history.filter({ hasText: `by ${E2E_ADMIN.email}` });
  await expect(shipped).toHaveCount(1);
  await expect(shipped).toContainText('Printing → Shipped');
  await expect(shipped).toContainText('Tracking: RM123456785GB');
  await expect(shipped).toContainText(`Mail sent: “${shippedMail.subject}”`);
  await expect(status.getByRole('textbox', { name: `Tracking reference of order ${short}` })).toHaveAttribute(
    'readonly',
    '',
  );

  // Back to the overview as it was left, and its orders as CSV.
  await page.getByRole('link', { name: 'All orders' }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/admin/orders' &&
      url.searchParams.get('q') === email &&
      url.searchParams.get('status') === 'Printing',
  );
  await show.selectOption('');
  await expect(page).toHaveURL((url) => !url.searchParams.has('status'));
  await expect(rows).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parseCsv(bytes.toString('utf8').slice(1));
  const column = (name: string) => {
    const index = header!.indexOf(name);
    expect(index, `the CSV has a column "${name}"`).toBeGreaterThanOrEqual(0);
    return index;
  };
  expect(records).toHaveLength(lines.length);
  expect(records.map((record) => record[column('Book')])).toEqual(
    expect.arrayContaining(lines.map(({ book }) => book.name)),
  );
  for (const record of records) {
    expect(record[column('Order id')]).toBe(orderId);
    expect(record[column('Replacement for')]).toBe(''); // an order of its own, not a replacement
    expect(record[column('E-mail')]).toBe(email);
    expect(record[column('Name')]).toBe(name);
    expect(record[column('Address line 1')]).toBe(address.line1);
    expect(record[column('Postcode')]).toBe(address.postcode);
    expect(record[column('Status')]).toBe('Shipped');
    expect(record[column('Tracking ref')]).toBe('RM123456785GB');
    expect(record[column('Order total')]).toBe((price.totalPence / 100).toFixed(2));
    // Where the money is (issue 26): nothing refunded, so the net is the total.
    expect(record[column('Payment status')]).toBe('paid');
    expect(record[column('Refunded')]).toBe('0.00');
    expect(record[column('Net')]).toBe((price.totalPence / 100).toFixed(2));
  }
  const quantities = Object.fromEntries(records.map((record) => [record[column('Book')], record[column('Quantity')]]));
  expect(quantities).toEqual(Object.fromEntries(lines.map(({ book, qty }) => [book.name, String(qty)])));
});

test('an order that does not exist is a friendly page with a way back', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'No such order' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to all orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Orders Overview/ })).toBeVisible();
});

test('the overview shows 25 orders at a time and "Load more orders" brings the next', async ({ page, request }) => {
  test.setTimeout(240_000);
  const [book] = ((await (await request.get('/api/server/get_products')).json()) as Product[]).filter((product) =>
    /^BV-\d+$/.test(product.id),
  );
  // 26 orders for one name of this test's own: one more than a page.
  const name = `Page Turner ${uniqueEmail('paging').split('@')[0]!.split('.').pop()}`;
  for (let n = 0; n < 26; n += 1) {
    const created = await request.post('/api/checkout/create_checkout_session', {
      data: { cartItems: [{ product_id: book!.id, qty: 1 }], user_id: null, user_email: '', currency: 'GBP' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { sessionId } = (await created.json()) as { sessionId: string };
    const paid = await request.post(`/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, {
      data: { email: uniqueEmail('paging'), address: deliveryAddress({ name }) },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }

  await signInAsAdmin(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(name);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  await expect(page.getByText('25 orders shown, newest first: more below')).toBeVisible();
  await page.getByRole('button', { name: 'Load more orders' }).click();
  await expect(rows).toHaveCount(26);
  await expect(page.getByRole('button', { name: 'Load more orders' })).toHaveCount(0);
  await expect(page.getByText('26 orders, newest first')).toBeVisible();
  // Newest first across the two pages, each order once.
  const links = await rows
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(new Set(links).size).toBe(26);
  const dates = await rows.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
  expect([...dates].sort().reverse()).toEqual(dates);
});
