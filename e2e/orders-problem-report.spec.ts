/**
 * Problem orders (issue 27): a customer whose parcel arrived damaged reports it from the order
 * history with a photo, and the owner finds it flagged: the overview's "Problem reported" filter,
 * the row's flag, the dashboard's list and the report with its photo on the order's page.
 * Screenshots at 390 and 1280 px go to /tmp/problems-shots/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminToken, signInAsAdmin } from './support/admin';
import { createCustomer, signInAsCustomer } from './support/customer';
import { expectAccessible, uniqueEmail, waitForMail } from './support/fixtures';
import { placePaidOrder, setOrderStatus } from './support/orders';

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/problems-shots';
/** A small red PNG (48 × 48), a real picture the image pipeline decodes. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwelBBdKRNhNLuo9LKqAh8OBZ86t7zj+Yh0Kh8tCkLOf4GTCGQuWhSVnOITQDLRQqD03KgkMBxqqOKdeYH72fZjPQQqHy0KQsOBRgrOrYp1F4ASo4epdX0voiAAAAAElFTkSuQmCC',
  'base64',
);

async function shots(page: Page, part: Locator, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await part.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a customer reports "arrived damaged" with a photo and the owner sees it flagged', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const products = (await (await request.get('/api/server/get_products')).json()) as { id: string; name: string }[];
  const book = products.find((p) => /^BV-\d+$/.test(p.id))!;
  const customer = await createCustomer(request, uniqueEmail('damaged'));
  const order = await placePaidOrder(request, {
    email: customer.email,
    customer,
    lines: [{ productId: book.id, qty: 1 }],
  });
  const short = order.orderId.slice(-10);

  // The owner posts it (by hand in this shop).
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInAsAdmin(ownerPage);
  await setOrderStatus(request, await adminToken(ownerPage), order, 'Shipped', {
    bookVault: `BV-${short}`,
    tracking: `RM${short}GB`,
  });

  await signInAsCustomer(page, customer);
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: `Report a problem with order ${short}` }).click();
  await expect(page.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Report a problem' });
  await form.getByRole('button', { name: 'Send the report' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose what went wrong.');
  await form.getByLabel('Arrived damaged').check();
  await form.getByLabel('What happened?').fill('The cover was torn and the corner crushed.');
  await form.getByLabel(/^Photos/).setInputFiles({ name: 'torn-cover.png', mimeType: 'image/png', buffer: PHOTO });
  await shots(page, form, 'report-form');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Send the report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
    'Thank you: the shop has your report and will reply by e-mail.',
  );
  await page.getByRole('link', { name: 'Back to your orders' }).click();
  await expect(page.getByText('Problem reported: we are looking at it.')).toBeVisible();
  await expect(page.getByRole('link', { name: `Report a problem with order ${short}` })).toHaveCount(0);

  await waitForMail(request, 'shop@localhost', new RegExp(`Problem reported with order ${short}: Arrived damaged`));

  // The owner: the dashboard's list, the overview's filter and flag, the report on the order's page.
  await ownerPage.goto('/admin/orders');
  await ownerPage.getByLabel('Show').selectOption('Problem reported');
  await expect(ownerPage).toHaveURL(/problem=open/);
  const row = ownerPage.getByRole('row').filter({ hasText: short });
  await expect(row.getByText('Problem reported')).toBeVisible();
  await shots(ownerPage, row, 'overview-problem');
  await row.getByRole('link', { name: new RegExp(short) }).click();
  const panel = ownerPage.getByRole('region', { name: 'Problem reported' });
  await expect(panel).toContainText('Arrived damaged');
  await expect(panel).toContainText('The cover was torn and the corner crushed.');
  const photo = panel.getByRole('img', { name: 'Photo 1 from the customer' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shots(ownerPage, panel, 'order-problem');
  await expectAccessible(ownerPage);

  // The dashboard's list (its answer is kept up to 30 seconds, so it is read again until it shows).
  await ownerPage.goto('/admin');
  const problems = ownerPage
    .getByRole('listitem')
    .filter({ has: ownerPage.getByText('Problems reported', { exact: true }) });
  await expect(async () => {
    await ownerPage.reload();
    await expect(problems.getByRole('link', { name: `Order #${short}` })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await shots(ownerPage, problems, 'dashboard-problems');
  await ownerPage.goto(`/admin/orders/${order.orderId}`);

  // Closed with a note: the flag goes.
  await panel.getByLabel('Note').fill('Replacement not wanted: partial refund agreed by phone.');
  await panel.getByRole('button', { name: 'Close with this note' }).click();
  await expect(ownerPage.getByRole('region', { name: 'Problem reported (closed)' })).toContainText('Closed by a note');
  await owner.close();
});
