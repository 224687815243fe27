/**
 * Privacy rights (issue 28): a customer downloads their data and deletes their account from the
 * profile, and is signed out everywhere; the owner finds a guest's data by e-mail and erases it.
 * Screenshots of both screens at 390 and 1280 px go to SCREENSHOTS_DIR (else the test's output).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { adminToken, signInAsAdmin } from './support/admin';
import { createCustomer, signInAsCustomer, submitSignIn } from './support/customer';
import { uniqueEmail, waitForApp } from './support/fixtures';
import { placePaidOrder, setOrderStatus } from './support/orders';

const shot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: path.join(process.env.SCREENSHOTS_DIR ?? test.info().outputPath('screenshots'), `${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('a customer downloads their data, then deletes the account and is signed out everywhere', async ({
  page,
  browser,
  request,
}) => {
  const customer = await createCustomer(request, uniqueEmail('privacy'));
  const products = (await (await request.get('/api/server/get_products')).json()) as { id: string }[];
  const order = await placePaidOrder(request, {
    email: customer.email,
    customer,
    lines: [{ productId: products[3]!.id, qty: 1 }],
  });

  // The same customer signed in in another browser too.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAsCustomer(otherPage, customer);

  await signInAsCustomer(page, customer);
  await page.getByRole('link', { name: 'Profile' }).click();
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData).toBeVisible();

  const downloading = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    account: { email: string };
    orders: Array<{ id: string }>;
  };
  expect(data.account.email).toBe(customer.email);
  expect(data.orders.map((o) => o.id)).toEqual([order.orderId]);

  await yourData.getByRole('button', { name: 'Delete my account' }).click();
  const form = page.getByRole('form', { name: 'Delete my account' });
  await expect(form).toContainText('UK tax law requires us to keep sales records');
  await expect(form).toContainText('as soon as it is delivered or cancelled');
  await form.getByLabel('Your password').fill('not-the-password');
  await form.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose what happens to your reviews.');
  await form.getByLabel('Keep my reviews, shown as “A customer”').check();
  await form.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(form.getByRole('alert')).toContainText('The password is incorrect. Nothing has been deleted.');
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible(); // still signed in
  await shot(page, 'accounts-privacy-profile');

  await form.getByLabel('Your password').fill(customer.password);
  await form.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted and you have been signed out everywhere.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // The other browser's session has ended too.
  await otherPage.goto('/profile');
  await expect(otherPage.getByText(MSG.sessionEnded)).toBeVisible();
  await other.close();

  // The password no longer signs in.
  await submitSignIn(page, customer.email, customer.password);
  await expect(page.getByRole('dialog', { name: 'Sign in' }).getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveCount(0);
});

test("the owner finds a guest's data by e-mail and erases it", async ({ page, request }) => {
  const guest = uniqueEmail('privacy-guest');
  const products = (await (await request.get('/api/server/get_products')).json()) as { id: string }[];
  const order = await placePaidOrder(request, { email: guest, lines: [{ productId: products[5]!.id, qty: 2 }] });
  const sent = await request.post('/api/server/contact', { data: { email: guest, text: 'Please erase my data.' } });
  expect(sent.status()).toBe(200);

  await signInAsAdmin(page);
  // Delivered: its name, address, phone and e-mail can go at once (one still on its way keeps them until it arrives).
  await setOrderStatus(request, await adminToken(page), order, 'Delivered');
  await page.getByRole('link', { name: 'Privacy requests' }).first().click();
  await expect(page.getByRole('heading', { name: /Privacy requests/ })).toBeVisible();
  await waitForApp(page);
  await page.getByLabel('E-mail address').fill(guest.toUpperCase());
  await page.getByRole('button', { name: 'Find' }).click();
  const held = page.getByRole('region', { name: `Held for ${guest}` });
  const counts = held.getByRole('definition');
  await expect(held.getByLabel('What the shop holds')).toContainText('Orders1');
  await expect(held.getByLabel('What the shop holds')).toContainText('Contact messages1');
  await expect(held).toContainText(order.orderId.slice(-10));
  expect(await counts.count()).toBeGreaterThan(3);

  const downloading = page.waitForEvent('download');
  await held.getByRole('button', { name: 'Download as JSON' }).click();
  const data = JSON.parse(await readFile((await (await downloading).path())!, 'utf8')) as { orders: unknown[] };
  expect(data.orders).toHaveLength(1);

  await held.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(held.getByRole('group', { name: 'Erase everything held for this address?' })).toContainText(
    'UK tax law',
  );
  await shot(page, 'accounts-privacy-admin');
  await held.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('The personal data of this address has been erased.')).toBeVisible();
  await expect(held.getByLabel('What the shop holds')).toContainText('Orders0');
  await expect(held.getByLabel('What the shop holds')).toContainText('Contact messages0');
  const audit = page.getByRole('region', { name: 'Requests answered' });
  await expect(audit.getByRole('listitem').first()).toContainText('Erasure');
  await expect(audit).not.toContainText(guest);

  // The order stays in the owner's list, without the guest.
  await page.goto(`/admin/orders/${order.orderId}`);
  await expect(page.getByRole('heading', { name: new RegExp(order.orderId.slice(-10)) })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(guest);
});
