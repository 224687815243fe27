/**
 * The cart page (issue 18, decision 098): a removed line can be put back for a few seconds, with
 * its quantity and in its place, for a guest (the basket in local storage) and for a signed-in
 * shopper (the account's cart on the server); the discount row keeps its amount on one line with
 * its label, and the code's chip does not wrap.
 */
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { priceCart } from '../src/shared/pricing';
import { UNDO_MS } from '../src/web/features/cart/undo';
import { sendDiscountCode } from './support/admin';
import { createCustomer, signInAsCustomer, type Customer } from './support/customer';
import { uniqueEmail, waitForApp } from './support/fixtures';

interface Book {
  id: string;
  name: string;
  price: number;
  type: string;
  age: string;
}

/** The demo books of these ids, in the same order. */
async function books<Ids extends string[]>(
  request: APIRequestContext,
  ...ids: Ids
): Promise<{ [K in keyof Ids]: Book }> {
  const products = (await (await request.get('/api/server/get_products')).json()) as Book[];
  return ids.map((id) => {
    const found = products.find((product) => product.id === id);
    expect(found, `demo book ${id}`).toBeDefined();
    return found!;
  }) as { [K in keyof Ids]: Book };
}

const bearer = (customer: Customer) => ({ authorization: `Bearer ${customer.token}` });

async function serverCart(request: APIRequestContext, customer: Customer): Promise<unknown> {
  return (await request.get(`/api/server/get_cart/${customer.id}`, { headers: bearer(customer) })).json();
}

/** The names of the books listed, in order (the removed line's row included). */
const listed = (lines: Locator) =>
  lines
    .locator(':scope > li')
    .evaluateAll((items) => items.map((li) => li.querySelector('h3, strong')?.textContent ?? ''));

test('a guest removes a line and puts it back with its quantity, in its place', async ({ page, request }) => {
  const [first, second, third] = await books(request, 'BV-1001', 'BV-1005', 'BV-1102');
  await page.goto('/about');
  await page.evaluate(
    (lines) => localStorage.setItem('cart', JSON.stringify(lines)),
    [
      { product_id: first.id, qty: 1 },
      { product_id: second.id, qty: 3 },
      { product_id: third.id, qty: 1 },
    ],
  );
  await page.goto('/cart');
  await waitForApp(page);
  const lines = page.locator('ul').filter({ has: page.getByLabel(`Quantity of ${first.name}`) });
  await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveValue('3');

  await page.getByRole('button', { name: `Remove ${second.name}` }).click();
  await expect(page.getByText(MSG.itemRemovedFromCart, { exact: true })).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveCount(0);
  const undo = page.getByRole('button', { name: `Undo removing ${second.name}` });
  await expect(undo).toBeVisible();
  await expect(undo).toBeFocused();
  await expect(page.getByText(`Removed ${second.name} (3).`)).toBeVisible();
  expect(await listed(lines)).toEqual([first.name, second.name, third.name]);
  await expect(page.getByRole('link', { name: 'Basket, 2 items' })).toBeVisible();

  await undo.click();
  await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveValue('3');
  await expect(undo).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${second.name}` })).toBeFocused();
  expect(await listed(lines)).toEqual([first.name, second.name, third.name]);
  await expect(page.getByRole('link', { name: 'Basket, 5 items' })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!)).toEqual([
    { product_id: first.id, qty: 1 },
    { product_id: second.id, qty: 3 },
    { product_id: third.id, qty: 1 },
  ]);
});

test('the Undo goes after a few seconds, and waits while the pointer is on it; the last line removed leaves the empty basket with its Undo', async ({
  page,
  request,
}) => {
  const [only] = await books(request, 'BV-1203');
  await page.clock.install();
  await page.goto('/about');
  await page.evaluate((id) => localStorage.setItem('cart', JSON.stringify([{ product_id: id, qty: 2 }])), only.id);
  await page.goto('/cart');
  await waitForApp(page);

  await page.getByRole('button', { name: `Remove ${only.name}` }).click();
  const undo = page.getByRole('button', { name: `Undo removing ${only.name}` });
  await expect(undo).toBeVisible();
  await expect(page.getByText('Your basket is empty.')).toBeVisible();

  // Held while the pointer rests on it...
  await undo.hover();
  await page.clock.runFor(UNDO_MS + 1000);
  await expect(undo).toBeVisible();
  // ...and gone UNDO_MS after it leaves.
  await page.getByRole('heading', { name: 'Your basket' }).hover();
  await page.clock.runFor(UNDO_MS - 1000);
  await expect(undo).toBeVisible();
  await page.clock.runFor(2000);
  await expect(undo).toHaveCount(0);
  await expect(page.getByText('Your basket is empty.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
});

test("a signed-in shopper's removal is undone through the account's cart", async ({ page, request }) => {
  const [first, second] = await books(request, 'BV-1301', 'BV-1302');
  const customer = await createCustomer(request, uniqueEmail('undo'));
  for (const [product, qty] of [
    [first, 2],
    [second, 4],
  ] as const) {
    const res = await request.post('/api/server/update_cart', {
      data: { user_id: customer.id, product_id: product.id, qty },
      headers: bearer(customer),
    });
    expect(res.status()).toBe(200);
  }
  await signInAsCustomer(page, customer);
  await page.goto('/cart');
  await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveValue('4');

  await page.getByRole('button', { name: `Remove ${second.name}` }).click();
  await expect(page.getByText(MSG.itemRemovedFromCart, { exact: true })).toBeVisible();
  await expect.poll(() => serverCart(request, customer)).toEqual([{ product_id: first.id, qty: 2 }]);

  await page.getByRole('button', { name: `Undo removing ${second.name}` }).click();
  await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveValue('4');
  await expect
    .poll(async () =>
      ((await serverCart(request, customer)) as { product_id: string; qty: number }[]).sort((a, b) =>
        a.product_id.localeCompare(b.product_id),
      ),
    )
    .toEqual([
      { product_id: first.id, qty: 2 },
      { product_id: second.id, qty: 4 },
    ]);
  // Still there after a reload: it is the account's cart.
  await page.reload();
  await expect(page.getByLabel(`Quantity of ${second.name}`)).toHaveValue('4');
});

test("a signed-in shopper's line keeps its place when its quantity changes, after the cart is read again too", async ({
  page,
  request,
}) => {
  const [first, second] = await books(request, 'BV-1301', 'BV-1302');
  const customer = await createCustomer(request, uniqueEmail('order'));
  for (const product of [first, second]) {
    const res = await request.post('/api/server/update_cart', {
      data: { user_id: customer.id, product_id: product.id, qty: 1 },
      headers: bearer(customer),
    });
    expect(res.status()).toBe(200);
  }
  await signInAsCustomer(page, customer);
  await page.goto('/cart');
  await waitForApp(page);
  const lines = page.locator('ul').filter({ has: page.getByLabel(`Quantity of ${first.name}`) });
  // The account's cart is read after the page has started.
  await expect.poll(() => listed(lines)).toEqual([first.name, second.name]);

  await page.getByRole('button', { name: `One more ${first.name}` }).click();
  await expect
    .poll(() => serverCart(request, customer))
    .toEqual([
      { product_id: first.id, qty: 2 },
      { product_id: second.id, qty: 1 },
    ]);
  await page.reload();
  await expect(page.getByLabel(`Quantity of ${first.name}`)).toHaveValue('2');
  await expect.poll(() => listed(lines)).toEqual([first.name, second.name]);
});

test("with a code applied the discount row keeps its amount on the label's line and the chip on one line, at 390 px", async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const code = await sendDiscountCode(browser, request, 20);
  const [chosen] = await books(request, 'BV-1203');
  await page.goto('/about');
  await page.evaluate((id) => localStorage.setItem('cart', JSON.stringify([{ product_id: id, qty: 1 }])), chosen.id);
  await page.goto('/cart');
  await waitForApp(page);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await summary.getByLabel('Discount code').fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();

  const price = priceCart([{ unitPence: Math.round(chosen.price * 100), qty: 1, type: chosen.type, age: chosen.age }], {
    percentage: 20,
    types: [],
    ages: [],
  });
  const amount = summary.getByText(`−${formatPence(price.discountPence)}`, { exact: true });
  await expect(amount).toBeVisible();
  const label = summary.locator('dt').filter({ hasText: /^Discount 20%/ });
  const chip = label.getByText(code, { exact: true });
  const [amountBox, labelBox, chipBox] = [
    await amount.boundingBox(),
    await label.boundingBox(),
    await chip.boundingBox(),
  ];
  const lineHeight = await amount.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  // One line each, the amount level with its label.
  expect(amountBox!.height).toBeLessThan(lineHeight * 1.5);
  expect(Math.abs(amountBox!.y - labelBox!.y)).toBeLessThan(lineHeight / 2);
  const chipLine = await chip.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(chipBox!.height).toBeLessThan(chipLine * 1.5 + 4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
