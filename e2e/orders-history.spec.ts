/**
 * Orders: a signed-in customer checks out with the demo payment, their server basket
 * is emptied of what they bought, and the order appears in the profile's order history (last 10
 * characters of the id, items, total in GBP, date en-GB, status, delivery address; no 'Review'
 * link before the books are delivered).
 */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { priceCart } from '../src/shared/pricing';
import { payDemoCheckout } from './support/checkout';
import { createCustomer, signInAsCustomer } from './support/customer';
import { expectAccessible, uniqueEmail } from './support/fixtures';

test('a customer pays and finds the order in the profile order history', async ({ page, request }) => {
  const products = (await (await request.get('/api/server/get_products')).json()) as {
    id: string;
    name: string;
    price: number;
    type: string;
    age: string;
  }[];
  const book = products[7]!;
  await signInAsCustomer(page, await createCustomer(request, uniqueEmail('history')));

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText('You have not ordered anything yet.')).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: `Add ${book.name} to basket` }).click();
  await expect(page.getByText(MSG.addedToBasket)).toBeVisible();
  await page.getByRole('link', { name: /^Basket/ }).click();
  await page.getByRole('button', { name: `One more ${book.name}` }).click();
  await expect(page.getByLabel(`Quantity of ${book.name}`)).toHaveValue('2');
  const total = priceCart([
    { unitPence: Math.round(book.price * 100), qty: 2, type: book.type, age: book.age },
  ]).totalPence;
  await expect(page.getByTestId('cart-total')).toHaveText(formatPence(total));

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('Demo payment: no card is charged')).toBeVisible();
  await expect(page.getByLabel('Email for your receipt')).toHaveCount(0); // the account's e-mail is used
  await expect(page.getByRole('button', { name: `Pay ${formatPence(total)}` })).toBeVisible();
  await payDemoCheckout(page, { address: { name: 'Grace Hopper', line2: '', county: '' } });
  await expect(page.getByRole('link', { name: 'Create an Account' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Basket, 0 items' })).toBeVisible();

  await page.getByRole('link', { name: 'your profile' }).click();
  const history = page.getByRole('heading', { name: 'Your orders' }).locator('..');
  const order = history.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Order #/ }) });
  await expect(order).toHaveCount(1);
  await expect(order.getByRole('listitem')).toHaveText(`2 × ${book.name}`);
  await expect(order.getByRole('heading', { name: /^Order #[0-9a-f-]{10}$/ })).toBeVisible();
  await expect(order).toContainText(`${formatPence(total)} GBP`);
  await expect(order).toContainText(new Date().toLocaleDateString('en-GB'));
  await expect(order).toContainText('Printing');
  await expect(order).toContainText('Delivery address: Grace Hopper, 12 Marchbank Road, Bath, BA1 1AA, United Kingdom');
  // Review appears once the order is delivered (the review journey follows it from there).
  await expect(order.getByRole('link', { name: /^Review/ })).toHaveCount(0);
  await expect(order.getByText('You can review your books once they are delivered.')).toBeVisible();
  await expectAccessible(page);
});
