/**
 * Checkout: a guest adds two books, changes a quantity, sees £3.83 shipping and the right
 * total, is told what is missing when paying an empty form, pays on the demo checkout and sees
 * the thank-you view; Cancel on the payment page returns to a basket with nothing lost.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { priceCart } from '../src/shared/pricing';
import { fillDeliveryAddress } from './support/checkout';
import { expectAccessible, uniqueEmail, waitForMail } from './support/fixtures';

interface Product {
  id: string;
  name: string;
  price: number;
  type: string;
  age: string;
}

async function twoBooks(request: APIRequestContext): Promise<[Product, Product]> {
  const products = (await (await request.get('/api/server/get_products')).json()) as Product[];
  expect(products.length).toBeGreaterThan(2);
  return [products[0]!, products[1]!];
}

async function addFromHome(page: Page, book: Product) {
  await page.getByRole('button', { name: `Add ${book.name} to basket` }).click();
  await expect(page.getByText(MSG.addedToBasket)).toBeVisible();
}

const pence = (pounds: number) => Math.round(pounds * 100);

test('a guest adds two books, changes a quantity, pays on the demo checkout and sees the thank-you view', async ({
  page,
  request,
}) => {
  const [first, second] = await twoBooks(request);
  await page.goto('/');
  await addFromHome(page, first);
  await addFromHome(page, second);
  await expect(page.getByRole('link', { name: 'Basket, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: /^Basket/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your basket', exact: true })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByText('£3.83', { exact: true })).toBeVisible();

  await page.getByLabel(`Quantity of ${first.name}`).fill('3');
  const expected = priceCart([
    { unitPence: pence(first.price), qty: 3, type: first.type, age: first.age },
    { unitPence: pence(second.price), qty: 1, type: second.type, age: second.age },
  ]);
  await expect(summary.getByTestId('cart-total')).toHaveText(formatPence(expected.totalPence));
  await expect(summary.getByText(formatPence(expected.subtotalPence), { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 4 items' })).toBeVisible();
  await expectAccessible(page);

  await summary.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
  await expect(page.getByText('Demo payment: no card is charged')).toBeVisible();
  await expect(page.getByRole('cell', { name: first.name })).toBeVisible();
  await expect(page.getByText(formatPence(expected.totalPence)).first()).toBeVisible();
  await expectAccessible(page);

  // Nothing is sent while the form is empty: each field says what it needs, the first is focused.
  const email = uniqueEmail('guest-buyer');
  const pay = page.getByRole('button', { name: `Pay ${formatPence(expected.totalPence)}` });
  await pay.click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.getByText('Please enter your full name.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address for your receipt.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
  await fillDeliveryAddress(page);
  await page.getByLabel('Email for your receipt').fill(email);
  await pay.click();

  await expect(page).toHaveURL(/\/cart\?order_success=true&token=demo_/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Basket, 0 items' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');

  const mail = await waitForMail(request, email, /is confirmed/);
  expect(mail.text).toContain(`3 × ${first.name}`);
  expect(mail.text).toContain(`Total paid: ${formatPence(expected.totalPence)}`);
});

test('Cancel on the demo checkout returns to the basket with nothing lost', async ({ page, request }) => {
  const [first] = await twoBooks(request);
  await page.goto('/');
  await addFromHome(page, first);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('Demo payment: no card is charged')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByLabel(`Quantity of ${first.name}`)).toHaveValue('1');
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
});
