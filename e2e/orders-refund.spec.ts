/**
 * Refunds (issue 26), on the main shop: the owner refunds one of two books of a customer's order
 * from the order's page (the amount filled in from the choice, a reason, the customer e-mailed);
 * the money panel shows paid, refunded and net with the refund and its state, the history has the
 * step, the customer's order history says "Partly refunded" with the amount and date and a mail
 * tells them, and the dashboard's net revenue drops by the refund. Only this journey refunds on
 * the main shop (the cancel journeys run on the printer's), so the dashboard's refunds move by
 * this refund alone. Screenshots of the dialog and the money panel go to /tmp/cancelweb-shots/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatPence } from '../src/shared/money';
import { adminOrderPath } from '../src/shared/routes';
import { signInAsAdmin } from './support/admin';
import { createCustomer, signInAsCustomer } from './support/customer';
import { expectAccessible, screenshotAtWidths, waitForMail } from './support/fixtures';
import { demoBook as book, placePaidOrder } from './support/orders';

const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/cancelweb-shots';

const pence = (pounds: number) => Math.round(pounds * 100);

/** A figure card's amount in pence ('Net revenue' → 12345). */
async function figure(page: Page, name: string): Promise<number> {
  const card = page
    .getByRole('list', { name: 'Figures' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
  return pence(Number((await card.locator('span').nth(1).textContent())!.replace(/[£,]/g, '')));
}

async function todaysFigures(page: Page) {
  await page.goto('/admin?period=today');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await expect(page.getByRole('list', { name: 'Figures' })).toBeVisible();
  return {
    revenue: await figure(page, 'Revenue'),
    refunds: await figure(page, 'Refunds'),
    net: await figure(page, 'Net revenue'),
  };
}

const shoot = (page: Page, part: Locator, name: string) => screenshotAtWidths(page, part, SHOTS, name);

test('the owner refunds one of two books: money panel, the customer’s Partly refunded and mail, net revenue', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const [maze, sudoku] = [await book(request, 'BV-1001'), await book(request, 'BV-1002')];
  const customer = await createCustomer(request);
  const order = await placePaidOrder(request, {
    customer,
    email: customer.email,
    lines: [
      { productId: maze.id, qty: 1 },
      { productId: sudoku.id, qty: 1 },
    ],
  });

  await signInAsAdmin(page);
  const before = await todaysFigures(page);

  await page.goto(adminOrderPath(order.orderId));
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money).toContainText('Paid');
  await page.getByRole('group', { name: 'Order actions' }).getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(maze.name).fill('1');
  // The amount follows the choice (no discount on this order): the maze book's price.
  await expect(dialog.getByLabel('Amount to refund (£)')).toHaveValue((pence(maze.price) / 100).toFixed(2));
  await dialog.getByLabel('Reason').selectOption({ label: 'Arrived damaged' });
  await dialog.getByLabel('Note (optional, kept with the order)').fill('Cover torn in the post');
  await expect(dialog.getByLabel('E-mail the customer about this refund')).toBeChecked();
  await expectAccessible(page);
  await shoot(page, dialog, 'refund-dialog');
  const amount = formatPence(pence(maze.price));
  await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
  await expect(dialog).toBeHidden();

  // The money panel: partly refunded, the refund with its state, and net what is left.
  await expect(money).toContainText('Partly refunded');
  await expect(money.getByRole('listitem').filter({ hasText: `1 × ${maze.name}` })).toContainText('Refunded');
  await expect(money.getByRole('listitem').filter({ hasText: 'Arrived damaged' })).toContainText(amount);
  const sum = (name: string) =>
    money
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .locator('xpath=following-sibling::dd[1]');
  const paid = pence(Number((await sum('Paid').textContent())!.replace(/[£,]/g, '')));
  await expect(sum('Refunded')).toHaveText(`− ${amount}`);
  await expect(sum('Net')).toHaveText(formatPence(paid - pence(maze.price)));
  await expect(page.getByRole('region', { name: 'History' })).toContainText(amount);
  await shoot(page, money, 'money-panel');

  // The customer: the mail, and "Partly refunded" with the amount and the date in the order history.
  const mail = await waitForMail(request, customer.email, /refund/i);
  expect(mail.text).toContain(amount);
  const context = await browser.newContext();
  try {
    const shopper = await context.newPage();
    await signInAsCustomer(shopper, customer);
    await shopper.goto('/profile');
    const entry = shopper
      .getByRole('listitem')
      .filter({ has: shopper.getByRole('heading', { name: new RegExp(order.orderId.slice(-10)) }) });
    await expect(entry).toContainText('Partly refunded');
    await expect(entry).toContainText(`${amount} refunded on ${new Date().toLocaleDateString('en-GB')}`);
    await shoot(shopper, entry, 'customer-history-refund');
  } finally {
    await context.close();
  }

  // The dashboard (figures up to 30 s old): refunds up by exactly this refund, and net revenue down by it
  // (less any revenue other journeys added meanwhile).
  await expect(async () => {
    const after = await todaysFigures(page);
    expect(after.refunds - before.refunds).toBe(pence(maze.price));
    expect(after.net - before.net).toBe(after.revenue - before.revenue - pence(maze.price));
    expect(after.net).toBe(after.revenue - after.refunds);
  }).toPass({ timeout: 60_000, intervals: [2_000, 5_000] });
});
