/**
 * Admin orders: a shopper buys a book through the demo checkout; the admin moves the
 * order Printing → Shipped (with references) → Delivered on 'Orders Overview', and the
 * customer's mails (tracking reference, then the review link) are in the outbox.
 */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { signInAsAdmin } from './support/admin';
import { payDemoCheckout } from './support/checkout';
import { expectAccessible, linkIn, uniqueEmail, waitForMail } from './support/fixtures';

test('an admin moves an order from Printing to Shipped to Delivered and the customer is mailed each time', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('buyer');
  const [book] = (await (await page.request.get('/api/server/get_products')).json()) as Array<{
    id: string;
    name: string;
  }>;

  // A guest buys one book on the demo checkout page.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const checkout = await shopper.request.post('/api/checkout/create_checkout_session', {
    data: {
      cartItems: [{ product_id: book!.id, qty: 2 }],
      user_id: null,
      user_email: email,
      shipping_cost: 3.83,
      currency: 'GBP',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await shopper.goto(((await checkout.json()) as { url: string }).url);
  await payDemoCheckout(shopper);
  await shopperContext.close();

  await signInAsAdmin(page);
  await page
    .getByRole('link', { name: /^Orders/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Orders Overview/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`2 × ${book!.name}`);
  await expectAccessible(page);

  const status = row.getByRole('combobox', { name: /^Status of order/ });
  await expect(status).toHaveValue('Printing');
  await expect(status.locator('option')).toHaveText(['Printing', 'Shipped', 'Delivered']);
  await expect(row.getByRole('button', { name: /^Submit order/ })).toBeDisabled();

  // Printing → Shipped with both references, after confirming.
  await status.selectOption('Shipped');
  await row.getByRole('textbox', { name: /^BookVault reference/ }).fill('BV-PRINT-77');
  await row.getByRole('textbox', { name: /^Tracking reference/ }).fill('RM123456785GB');
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(MSG.confirmOrderUpdate);
    void dialog.accept();
  });
  await row.getByRole('button', { name: /^Submit order/ }).click();
  await expect(page.getByText(MSG.orderStatusUpdated)).toBeVisible();
  await expect(status.locator('option')).toHaveText(['Shipped', 'Delivered']);
  await expect(row.getByRole('textbox', { name: /^Tracking reference/ })).toHaveAttribute('readonly', '');
  await expect(row.getByRole('textbox', { name: /^BookVault reference/ })).toHaveAttribute('readonly', '');
  const shipped = await waitForMail(page.request, email, /on its way/);
  expect(shipped.text).toContain('Tracking reference: RM123456785GB');

  // Declining the confirmation changes nothing.
  await status.selectOption('Delivered');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await row.getByRole('button', { name: /^Submit order/ }).click();
  await expect(status).toHaveValue('Delivered');
  await row.getByRole('button', { name: /^Cancel changes/ }).click();
  await expect(status).toHaveValue('Shipped');

  // Shipped → Delivered: the order becomes read-only.
  await status.selectOption('Delivered');
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /^Submit order/ }).click();
  await expect(status).toBeDisabled();
  await expect(status).toHaveValue('Delivered');
  await expect(row.getByRole('button', { name: /^Submit order/ })).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Cancel changes/ })).toBeDisabled();
  const delivered = await waitForMail(page.request, email, /has been delivered/);
  expect(linkIn(delivered, /\/review\/order\/[0-9a-f-]+\?review_token=/)).toBeTruthy();

  // On a phone the table turns into cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByRole('combobox', { name: /^Status of order/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.querySelector('table')!.getBoundingClientRect().width <= window.innerWidth,
  );
  expect(overflow).toBe(true);
});
