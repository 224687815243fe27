/**
 * A single-use code is held by one open checkout at a time (decision 036): a second shopper who
 * applies it, or opens a checkout with it, is told why in the basket; the demo checkout's Cancel
 * and the browser's Back from the payment page give the code up at once.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { sendDiscountCode } from './support/admin';
import { payDemoCheckout } from './support/checkout';
import { uniqueEmail, waitForApp } from './support/fixtures';

interface Product {
  id: string;
  name: string;
}

/** A shopper in a browser of their own with one book in the basket, on /cart. */
async function shopperWithBook(browser: Browser, book: Product): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await waitForApp(page); // the server-rendered Add button works once the app has started
  await page.getByRole('button', { name: `Add ${book.name} to basket` }).click();
  await expect(page.getByText(MSG.addedToBasket)).toBeVisible();
  await page.goto('/cart');
  return page;
}

const summaryOf = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });

async function applyCode(page: Page, code: string) {
  await summaryOf(page).getByLabel('Discount code').fill(code);
  await summaryOf(page).getByRole('button', { name: 'Apply' }).click();
}

async function checkOut(page: Page) {
  await summaryOf(page).getByRole('button', { name: 'Checkout' }).click();
}

test('a code held by an open checkout is refused to another shopper until that checkout is cancelled', async ({
  browser,
  request,
}) => {
  const code = await sendDiscountCode(browser, request, 20);
  const products = (await (await request.get('/api/server/get_products')).json()) as Product[];
  const book = products[8]!;
  const applied = new RegExp(`Code ${code} applied`);

  // Ann applies the code and opens the demo checkout: her checkout holds the code.
  const ann = await shopperWithBook(browser, book);
  await applyCode(ann, code);
  await expect(summaryOf(ann).getByText(applied)).toBeVisible();
  await checkOut(ann);
  await expect(ann.getByText('Demo payment: no card is charged')).toBeVisible();

  // Ben, with the same code, hears why it can not be applied, right where he typed it.
  const ben = await shopperWithBook(browser, book);
  await applyCode(ben, code);
  await expect(summaryOf(ben).getByRole('alert')).toHaveText(MSG.discountCodeHeld);
  await expect(summaryOf(ben).getByText(applied)).toHaveCount(0);

  // Ann cancels: back in her basket with the code still applied, and the code is free again.
  await ann.getByRole('button', { name: 'Cancel' }).click();
  await expect(ann).toHaveURL(/\/cart$/);
  await expect(summaryOf(ann).getByText(applied)).toBeVisible();
  await applyCode(ben, code);
  await expect(summaryOf(ben).getByText(applied)).toBeVisible();
  await checkOut(ben);
  await expect(ben.getByText('Demo payment: no card is charged')).toBeVisible();

  // Now Ben's checkout holds it: Ann's Checkout is refused with the same words, before any payment page.
  await checkOut(ann);
  await expect(summaryOf(ann).getByText(MSG.discountCodeHeld)).toBeVisible();
  await expect(ann).toHaveURL(/\/cart$/);

  // Ben goes Back from the payment page to his basket: that gives his checkout up too.
  await ben.goBack();
  await expect(ben).toHaveURL(/\/cart$/);
  await expect.poll(() => ben.evaluate(() => sessionStorage.getItem('leftCheckout'))).toBeNull();
  await checkOut(ann);
  await payDemoCheckout(ann, { email: uniqueEmail('hold-buyer') });

  await ann.context().close();
  await ben.context().close();
});
