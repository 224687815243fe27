/**
 * Cancelling (issue 26), on the shop whose simulated printer prints by itself and whose print jobs
 * wait for the cancel window first (playwright.config.ts: CANCEL_SHOP_ENV): a guest cancels from
 * the confirmation mail's link and the printer never gets the order (a second use of the link is
 * refused with a sentence); a signed-in customer cancels from the order history; the owner
 * cancels an order held for the printer, refunding it in full, and sends another held order to the
 * printer at once. Screenshots of the guest page, the customer's history and the owner's dialog
 * go to /tmp/cancelweb-shots/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatPence } from '../src/shared/money';
import { adminOrderPath } from '../src/shared/routes';
import { adminToken, signInAsAdmin } from './support/admin';
import { createCustomer, signInAsCustomer } from './support/customer';
import { E2E_PRINTER_PORT } from './support/env';
import { expectAccessible, linkIn, screenshotAtWidths, uniqueEmail, waitForApp, waitForMail } from './support/fixtures';
import { placePaidOrder, type PlacedOrder } from './support/orders';

test.use({ baseURL: `http://localhost:${E2E_PRINTER_PORT}` });

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/cancelweb-shots';
const short = (order: PlacedOrder) => order.orderId.slice(-10);
const pence = (pounds: number) => Math.round(pounds * 100);

const shoot = (page: Page, part: Locator, name: string) => screenshotAtWidths(page, part, SHOTS, name);

/** The owner's view of an order through the API: its status, money and print job. */
async function ownersView(page: Page, order: PlacedOrder) {
  const res = await page.request.get(`/api/admin/orders/${order.orderId}`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    status: string;
    total_cost: number;
    payment_status: string;
    print: { state: string; partner_ref: string | null; attempts: number } | null;
  };
}

test('a guest cancels from the mailed link: the order is cancelled and refunded, the printer never gets it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('cancel-guest');
  const order = await placePaidOrder(request, { email, lines: [{ productId: 'BV-1104', qty: 1 }] });
  const confirmation = await waitForMail(request, email, /is confirmed/);
  const link = new URL(linkIn(confirmation, /\/cancel_order\?/));

  await page.goto(link.pathname + link.search);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your order' })).toBeVisible();
  const summary = page.getByRole('region', { name: `Order #${short(order)}` });
  await expect(summary).toContainText('Printing');
  await page.getByRole('button', { name: `Cancel order ${short(order)}` }).click();
  const confirm = page.getByRole('group', { name: `Cancel order ${short(order)}?` });
  await expect(confirm).toContainText('Nothing will be printed');
  await expectAccessible(page);
  await shoot(page, page.getByRole('main'), 'guest-cancel-confirm');
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your order is cancelled' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  await expect(summary).toContainText('Cancelled');
  await expect(summary).toContainText('Refunded');
  await shoot(page, page.getByRole('main'), 'guest-cancel-done');
  await waitForMail(request, email, /cancelled/i);

  // The printer never got it: its job was stopped before it was sent, and stays stopped.
  const owner = await browser.newContext();
  try {
    const admin = await owner.newPage();
    await signInAsAdmin(admin);
    const seen = await ownersView(admin, order);
    expect(seen.status).toBe('Cancelled');
    expect(seen.payment_status).toBe('refunded');
    expect(seen.print).toMatchObject({ state: 'cancelled', partner_ref: null, attempts: 0 });
  } finally {
    await owner.close();
  }

  // The link works once: opened again, it says so and points on.
  await page.goto(link.pathname + link.search);
  await waitForApp(page);
  await expect(page.getByRole('button', { name: `Cancel order ${short(order)}` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await shoot(page, page.getByRole('main'), 'guest-cancel-used-link');
});

test('a signed-in customer cancels from the order history during the window', async ({ page, request }) => {
  const customer = await createCustomer(request);
  const order = await placePaidOrder(request, {
    customer,
    email: customer.email,
    lines: [{ productId: 'BV-1102', qty: 2 }],
  });
  await signInAsCustomer(page, customer);
  await page.goto('/profile');
  const entry = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(short(order)) }) });
  await expect(entry).toContainText(/Free until \d\d:\d\d on /);
  await entry.getByRole('button', { name: `Cancel order ${short(order)}` }).click();
  const confirm = entry.getByRole('group', { name: `Cancel order ${short(order)}?` });
  await shoot(page, entry, 'customer-history-confirm');
  // "Keep the order" steps back; the second time the customer means it.
  await confirm.getByRole('button', { name: 'Keep the order' }).click();
  await expect(confirm).toHaveCount(0);
  await entry.getByRole('button', { name: `Cancel order ${short(order)}` }).click();
  await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();

  // The order's own state says it (a passing "cancelled" note is replaced when the history refreshes).
  await expect(entry).toContainText('Cancelled');
  await expect(entry).toContainText(`Cancelled on ${new Date().toLocaleDateString('en-GB')}`);
  await expect(entry).toContainText('Refunded');
  await expect(entry.getByRole('button', { name: `Cancel order ${short(order)}` })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, entry, 'customer-history-cancelled');
  await waitForMail(request, customer.email, /cancelled/i);
});

test('the owner cancels an order held for the printer, refunding it, and sends another to the printer now', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const held = await placePaidOrder(request, {
    email: uniqueEmail('cancel-owner'),
    lines: [{ productId: 'BV-1005', qty: 1 }],
  });
  const other = await placePaidOrder(request, {
    email: uniqueEmail('send-now'),
    lines: [{ productId: 'BV-1006', qty: 1 }],
  });
  await signInAsAdmin(page);

  await page.goto(adminOrderPath(held.orderId));
  const actions = page.getByRole('group', { name: 'Order actions' });
  await expect(actions).toContainText('Held for the cancel window until');
  await actions.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toContainText('At the printer');
  const refund = dialog.getByRole('checkbox', { name: /^Refund / });
  await expect(refund).toBeChecked();
  const { total_cost: total } = await ownersView(page, held);
  await expect(refund).toHaveAccessibleName(new RegExp(`^Refund ${formatPence(pence(total)).replace('.', '\\.')}`));
  await expect(dialog.getByLabel('Reason')).toHaveValue('customer_cancelled');
  await dialog.getByLabel('Note (optional, kept with the order)').fill('Asked by phone');
  await expectAccessible(page);
  await shoot(page, dialog, 'owner-cancel-dialog');
  await dialog.getByRole('button', { name: `Cancel and refund ${formatPence(pence(total))}` }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money).toContainText('Refunded');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Cancelled');
  await expect(actions).toHaveCount(0);
  const seen = await ownersView(page, held);
  expect(seen).toMatchObject({ status: 'Cancelled', payment_status: 'refunded' });
  expect(seen.print).toMatchObject({ state: 'cancelled', partner_ref: null });
  await shoot(page, money, 'owner-cancel-money');

  // "Send to printer now": the held order goes to the simulated printer without waiting for the window.
  await page.goto(adminOrderPath(other.orderId));
  await page.getByRole('group', { name: 'Order actions' }).getByRole('button', { name: 'Send to printer now' }).click();
  await expect(page.getByRole('region', { name: 'Printing' }).getByText(/^SIM-/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Send to printer now' })).toHaveCount(0);
});
