/**
 * Problem orders (issue 27), on the second shop whose simulated printer prints and dispatches in
 * seconds: the owner sends a replacement of a shipped order's book, the printer prints it, and the
 * customer gets "we are sending a replacement", then the Shipped mail with the new tracking, and
 * sees it under the same order in their history. The order was priced for Europe and the customer
 * has moved: the owner sends the replacement to France, chosen from the zone's countries
 * (decision 164). Screenshots at 390 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, signInAsAdmin } from './support/admin';
import { createCustomer, signInAsCustomer } from './support/customer';
import { E2E_PRINTER_PORT } from './support/env';
import { uniqueEmail, waitForMail } from './support/fixtures';
import { IRISH_ADDRESS, placePaidOrder, saveEuropeZones } from './support/orders';

const SHOP = `http://localhost:${E2E_PRINTER_PORT}`;
test.use({ baseURL: SHOP });
const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/problems-shots';

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: !name.endsWith('replacement-dialog') });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner sends a replacement; it is printed and the customer gets its tracking under the same order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const products = (await (await request.get('/api/server/get_products')).json()) as { id: string; name: string }[];
  const book = products.find((p) => /^BV-\d+$/.test(p.id))!;
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInAsAdmin(ownerPage);
  const token = await adminToken(ownerPage);
  await saveEuropeZones(request, token);
  const customer = await createCustomer(request, uniqueEmail('replace'));
  const order = await placePaidOrder(request, {
    email: customer.email,
    customer,
    lines: [{ productId: book.id, qty: 2 }],
    address: IRISH_ADDRESS,
  });
  const short = order.orderId.slice(-10);
  // The shop holds a paid order for the cancel window (an hour here, decision 141): the owner sends it now.
  const sent = await request.post(`/api/admin/orders/${order.orderId}/print_now`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await waitForMail(request, customer.email, new RegExp(`Your order ${short} is on its way`));

  await ownerPage.goto(`/admin/orders/${order.orderId}`);
  // The same dialog offers the other remedy: "Refund instead…" hands over to the refund dialog.
  await ownerPage.getByRole('button', { name: 'Send a replacement' }).click();
  await ownerPage.getByRole('button', { name: 'Refund instead…' }).click();
  const refund = ownerPage.getByRole('dialog', { name: 'Refund' });
  await expect(refund).toBeVisible();
  await expect(ownerPage.getByRole('dialog', { name: 'Send a replacement' })).toBeHidden();
  await refund.getByRole('button', { name: 'Cancel' }).click();
  await expect(refund).toBeHidden();
  await ownerPage.getByRole('button', { name: 'Send a replacement' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Send a replacement' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: book.name }).check();
  await dialog.getByLabel(`Copies of ${book.name}`).fill('1');
  await dialog.getByLabel('Reason').selectOption('Damaged in transit');
  await dialog.getByLabel('Note (private)').fill('Customer sent a photo of the torn cover.');
  await shots(ownerPage, 'replacement-dialog');
  // The customer has moved to France, another country of the zone the order was paid for.
  await dialog.getByRole('button', { name: 'Change' }).click();
  const country = dialog.getByLabel('Country');
  await expect(country).toHaveValue('IE');
  await expect(country.getByRole('option')).toHaveText(['France', 'Germany', 'Ireland']);
  await country.selectOption({ label: 'France' });
  await dialog.getByLabel('Address line 1').fill('12 Rue Oberkampf');
  await dialog.getByLabel('Town or city').fill('Paris');
  await dialog.getByLabel('County').fill('');
  await dialog.getByLabel('Postcode').fill('75011');
  await country.scrollIntoViewIfNeeded();
  await shots(ownerPage, 'country-replacement-dialog');
  await dialog.getByRole('button', { name: 'Send the replacement' }).click();
  await expect(ownerPage.getByText('The replacement has been made and the customer told.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await waitForMail(request, customer.email, new RegExp(`We are sending a replacement for your order ${short}`));
  const detail = (await (
    await request.get(`/api/admin/orders/${order.orderId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { linked_orders: { replacements: Array<{ order_id: string }> } };
  const replacementId = detail.linked_orders.replacements[0]!.order_id;
  const sentTo = (await (
    await request.get(`/api/admin/orders/${replacementId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { delivery_address: { line1: string; country: string } };
  expect(sentTo.delivery_address).toMatchObject({ line1: '12 Rue Oberkampf', country: 'FR' });
  const shipped = await waitForMail(
    request,
    customer.email,
    new RegExp(`Your order ${replacementId.slice(-10)} is on its way`),
  );
  expect(shipped.text).toContain(`This is the replacement for your order ${short}`);
  const tracking = (
    (await (
      await request.get(`/api/admin/orders/${replacementId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { tracking_ref: string | null }
  ).tracking_ref;
  expect(tracking).toBeTruthy();
  expect(shipped.text).toContain(tracking!);

  // The owner's page: the replacement, its state and what the printer charged; the note in the log.
  await ownerPage.reload();
  const panel = ownerPage.getByRole('region', { name: 'Replacements' });
  await expect(panel).toContainText(`1 × ${book.name}`);
  await expect(panel).toContainText('Damaged in transit');
  await expect(panel).toContainText(/printer £\d+\.\d\d/);
  await expect(ownerPage.getByRole('region', { name: 'Notes and after-care' })).toContainText(
    'Customer sent a photo of the torn cover.',
  );
  await shots(ownerPage, 'order-replacements');
  await panel.getByRole('link', { name: replacementId.slice(-10) }).click();
  await expect(ownerPage.getByRole('region', { name: 'Replacement' })).toContainText('It is not a sale.');

  // The customer: the replacement under the order, with its tracking.
  await signInAsCustomer(page, customer);
  await page.getByRole('link', { name: 'Profile' }).click();
  const replacements = page.getByRole('list', { name: `Replacements for order ${short}` });
  await expect(replacements).toContainText(`Replacement #${replacementId.slice(-10)}: Shipped`);
  await expect(replacements).toContainText(`Tracking: ${tracking}`);
  await expect(page.getByRole('heading', { name: `Order #${replacementId.slice(-10)}` })).toHaveCount(0);
  await replacements.scrollIntoViewIfNeeded();
  await shots(page, 'history-replacement');

  // A second replacement of the same book: the owner is asked to confirm; declining sends nothing.
  await ownerPage.goto(`/admin/orders/${order.orderId}`);
  const sendAgain = async (answer: 'accept' | 'dismiss') => {
    await ownerPage.getByRole('button', { name: 'Send a replacement' }).click();
    const again = ownerPage.getByRole('dialog', { name: 'Send a replacement' });
    await again.getByRole('checkbox', { name: book.name }).check();
    await again.getByLabel(`Copies of ${book.name}`).fill('1');
    await again.getByLabel('Reason').selectOption('Lost in the post');
    const asked = ownerPage.waitForEvent('dialog');
    await again.getByRole('button', { name: 'Send the replacement' }).click();
    const question = await asked;
    expect(question.message()).toMatch(new RegExp(`^One is already on its way: a replacement of ${book.name}`));
    await question[answer]();
    return again;
  };
  const declined = await sendAgain('dismiss');
  await expect(declined.getByText(/^One is already on its way/)).toBeVisible();
  await declined.getByRole('button', { name: 'Cancel' }).click();
  await expect(ownerPage.getByRole('region', { name: 'Replacements' })).not.toContainText('Lost in the post');
  await sendAgain('accept');
  await expect(ownerPage.getByText('The replacement has been made and the customer told.')).toBeVisible();
  await ownerPage.reload();
  await expect(ownerPage.getByRole('region', { name: 'Replacements' })).toContainText('Lost in the post');
  await owner.close();
});
