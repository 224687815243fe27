/**
 * Admin discounts: 'Manage Discounts' checks its fields with the spec's texts, sends a
 * code by e-mail, and the shopper uses the mailed code in the basket.
 */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { signInAsAdmin } from './support/admin';
import { expectAccessible, uniqueEmail, waitForMail } from './support/fixtures';

test('an admin e-mails a 15% code for Puzzle books and a shopper uses it in the basket', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('promo');
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Discounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Manage Discounts/ })).toBeVisible();
  const percentage = page.getByRole('spinbutton', { name: 'Discount percentage' });
  await expect(percentage).toHaveValue('10');
  await expectAccessible(page);

  // Before any code is sent the side card explains codes; it shows a last code only once one is sent.
  await expect(page.getByRole('heading', { name: 'How codes work' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Last code sent' })).toHaveCount(0);

  // The spec's checks, before anything is sent.
  await percentage.fill('100');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.discountPercentRule);
  await percentage.fill('15');
  await page.getByRole('textbox', { name: 'Recipient e-mail' }).fill('not-an-address');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert')).toHaveText(MSG.invalidEmail);

  await page.getByRole('checkbox', { name: 'Puzzle' }).check();
  await page.getByRole('textbox', { name: 'Recipient e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MSG.promoSent)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Last code sent' })).toBeVisible();
  const shown = (await page.locator('dd').first().textContent())!.trim();
  expect(shown).toMatch(/^BOOK(-[A-Z2-9]{4}){3}$/);

  const mail = await waitForMail(page.request, email, /15% discount code/);
  const code = mail.text.match(/BOOK(-[A-Z2-9]{4}){3}/)![0];
  expect(code).toBe(shown);

  // The shopper puts a Puzzle book in the basket and applies the mailed code.
  const products = (await (await page.request.get('/api/server/get_products')).json()) as Array<{
    id: string;
    name: string;
    type: string;
    price: number;
  }>;
  const puzzle = products.find((product) => product.type === 'Puzzle')!;
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto('/');
  await shopper
    .getByRole('article')
    .filter({ has: shopper.getByRole('link', { name: puzzle.name, exact: true }) })
    .getByRole('button', { name: `Add ${puzzle.name} to basket` })
    .click();
  // As a shopper would: see the book arrive in the basket, then open it (a tap made while the
  // page is still starting is kept and made once the app runs, not when the page is left).
  await expect(shopper.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
  await shopper.getByRole('link', { name: /^Basket/ }).click();
  await shopper.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(
    shopper
      .getByText(/Discount/)
      .filter({ hasText: code })
      .first(),
  ).toBeVisible();
  // 15 % of (price + £3.83 shipping), rounded half up once.
  const pence = Math.round(puzzle.price * 100);
  const discount = Math.round(((pence + 383) * 15) / 100);
  await expect(shopper.getByText(`−£${(discount / 100).toFixed(2)}`)).toBeVisible();
  await shopperContext.close();
});
