/**
 * Discount codes: the admin sends a code; a shopper enters it in the basket, sees why a
 * wrong code fails, and sees the total lowered by exactly the pricing function's discount; the
 * demo payment charges that total.
 */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { priceCart } from '../src/shared/pricing';
import { sendDiscountCode } from './support/admin';
import { payDemoCheckout } from './support/checkout';
import { uniqueEmail } from './support/fixtures';

test('a discount code lowers the total by the expected pence', async ({ browser, request }) => {
  const code = await sendDiscountCode(browser, request, 15);

  const products = (await (await request.get('/api/server/get_products')).json()) as {
    id: string;
    name: string;
    price: number;
    type: string;
    age: string;
  }[];
  const book = products[6]!;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: `Add ${book.name} to basket` }).click();
  await expect(page.getByText(MSG.addedToBasket)).toBeVisible();
  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await page.getByLabel(`Quantity of ${book.name}`).fill('2');

  const lines = [{ unitPence: Math.round(book.price * 100), qty: 2, type: book.type, age: book.age }];
  const without = priceCart(lines);
  const withCode = priceCart(lines, { percentage: 15, types: [], ages: [] });
  await expect(summary.getByTestId('cart-total')).toHaveText(formatPence(without.totalPence));

  await summary.getByLabel('Discount code').fill('NOT-A-CODE');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('alert')).toHaveText(/does not exist/);

  await summary.getByLabel('Discount code').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`−${formatPence(withCode.discountPence)}`)).toBeVisible();
  await expect(summary.getByTestId('cart-total')).toHaveText(formatPence(withCode.totalPence));
  expect(without.totalPence - withCode.totalPence).toBe(withCode.discountPence);

  // Totals follow every change at once, code included.
  await page.getByLabel(`Quantity of ${book.name}`).fill('1');
  const one = priceCart([{ ...lines[0]!, qty: 1 }], { percentage: 15, types: [], ages: [] });
  await expect(summary.getByTestId('cart-total')).toHaveText(formatPence(one.totalPence));

  await summary.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('button', { name: `Pay ${formatPence(one.totalPence)}` })).toBeVisible();
  await payDemoCheckout(page, { email: uniqueEmail('promo-buyer') });

  // The code is spent.
  const again = await request.post('/api/server/validate_discount', {
    data: { code, cartItems: [{ product_id: book.id, qty: 1 }] },
  });
  expect(again.status()).toBe(400);
  expect(((await again.json()) as { message: string }).message).toMatch(/already been used/);
  await context.close();
});
