/**
 * The basket panel (issue 18, decision 098): adding a book, from a card or from its page, opens a
 * small panel with the book, its quantity, the basket's subtotal, View basket and Checkout. It
 * takes focus, gives it back to the Add button when closed (Escape, Close), closes on a click
 * outside, and never covers the buy box it came from (on a wide screen neither the page's title nor
 * the verification strip either; decision 136); the spec's banner 'Added to basket' still shows.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SHIPPING_PENCE } from '../src/shared/constants';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { productPath } from '../src/shared/routes';
import { createCustomer, signInAsCustomer } from './support/customer';
import { expectAccessible, uniqueEmail, waitForApp } from './support/fixtures';
import { demoBook as book } from './support/orders';

const pence = (pounds: number) => Math.round(pounds * 100);
const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Added to your basket' });

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB).toBeTruthy();
  return (
    boxA!.x < boxB!.x + boxB!.width &&
    boxB!.x < boxA!.x + boxA!.width &&
    boxA!.y < boxB!.y + boxB!.height &&
    boxB!.y < boxA!.y + boxA!.height
  );
}

/** The two boxes do not overlap (both are in view). */
async function expectApart(a: Locator, b: Locator) {
  expect(
    await overlaps(a, b),
    `${await a.boundingBox().then(JSON.stringify)} overlaps ${await b.boundingBox().then(JSON.stringify)}`,
  ).toBe(false);
}

test('adding from a card opens the panel with the book and the subtotal; Escape, outside clicks and Close shut it', async ({
  page,
  request,
}) => {
  const [first, second] = [await book(request, 'BV-1001'), await book(request, 'BV-1002')];
  await page.goto('/');
  await waitForApp(page);
  const addFirst = page.getByRole('button', { name: `Add ${first.name} to basket` });
  await addFirst.click();

  const panel = panelOf(page);
  await expect(page.getByText(MSG.addedToBasket, { exact: true })).toBeVisible();
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel.getByRole('img', { name: `Cover of ${first.name}` })).toBeVisible();
  await expect(panel.getByText(first.name, { exact: true })).toBeVisible();
  await expect(panel.getByText('Quantity: 1', { exact: true })).toBeVisible();
  await expect(panel.getByText('Basket subtotal (1 item)')).toBeVisible();
  await expect(panel.getByText(formatPence(pence(first.price)), { exact: true }).last()).toBeVisible();

  // Escape: closed, and focus is back on the button that added the book.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(addFirst).toBeFocused();

  // The same book again: the line's quantity, what was just added, and the new subtotal.
  await addFirst.click();
  await expect(panel.getByText('Quantity: 2 (1 just added)')).toBeVisible();
  await expect(panel.getByText('Basket subtotal (2 items)')).toBeVisible();
  await expect(panel.getByText(formatPence(2 * pence(first.price))).first()).toBeVisible();

  // A click outside closes it; focus goes where the shopper clicked.
  await page.getByRole('heading', { name: 'Our books' }).click();
  await expect(panel).toHaveCount(0);

  // Another book: the panel shows that one, with the whole basket's subtotal; Close gives focus back.
  const addSecond = page.getByRole('button', { name: `Add ${second.name} to basket` });
  await addSecond.click();
  await expect(panel.getByText(second.name, { exact: true })).toBeVisible();
  await expect(panel.getByText('Basket subtotal (3 items)')).toBeVisible();
  await expect(
    panel.getByText(formatPence(2 * pence(first.price) + pence(second.price)), { exact: true }),
  ).toBeVisible();
  // Checked once the banner has gone: the banner's own button has an axe finding of its own (BannerView).
  await expect(page.getByText(MSG.addedToBasket, { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await expect(addSecond).toBeFocused();

  // The panel does not hold focus: tabbing past its last action, or back from its first, closes
  // it and the shopper carries on from the Add button.
  await addSecond.press('Enter');
  await expect(panel).toBeFocused();
  await page.keyboard.press('Tab'); // Close
  await page.keyboard.press('Tab'); // View basket
  await page.keyboard.press('Tab'); // Checkout
  await expect(panel.getByRole('button', { name: 'Checkout' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel).toHaveCount(0);
  await expect(addSecond).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Basket subtotal (5 items)')).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(panel).toHaveCount(0);
  await expect(addSecond).toBeFocused();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`on a book's page at ${viewport.width} px the panel leaves the buy box clear (and on a wide screen the title and the verification strip), and View basket opens the cart`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const chosen = await book(request, 'BV-1104');
    // A new account is not verified yet: the strip shows on every page but the profile.
    const customer = await createCustomer(request, uniqueEmail('panel'));
    await signInAsCustomer(page, customer);
    await page.goto(productPath(chosen.name));
    await waitForApp(page);
    const strip = page.getByRole('complementary', { name: 'E-mail verification' });
    await expect(strip).toBeVisible();
    const title = page.getByRole('heading', { level: 1, name: chosen.name });

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    // The Add button at the bottom of the window, where the panel opens: the worst case for the title above it.
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await add.click();
    const panel = panelOf(page);
    await expect(panel).toBeFocused();
    await expect(page.getByText(MSG.addedToBasket, { exact: true })).toBeVisible();
    await expect(panel.getByText('Quantity: 2', { exact: true })).toBeVisible();
    await expect(panel.getByText('Basket subtotal (2 items)')).toBeVisible();

    // The buy box the add came from is never under the panel (decision 136). On a wide screen the
    // panel takes the corner away from it, so the title and the strip stay in view beside it too;
    // on a phone the page moves the buy box above the sheet.
    const buyBox = page.locator('[data-keep-clear]').filter({ has: add });
    await expect(add).toBeInViewport({ ratio: 1 });
    await expect.poll(async () => overlaps(panel, buyBox)).toBe(false);
    if (viewport.width > 700) {
      await expect(title).toBeInViewport();
      await expectApart(panel, title);
      await expect(strip).toBeInViewport();
      await expectApart(panel, strip);
    }

    await panel.getByRole('link', { name: 'View basket' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByLabel(`Quantity of ${chosen.name}`)).toHaveValue('2');
    await expect(panel).toHaveCount(0);
  });
}

test("the panel's Checkout starts the cart's checkout: the payment page asks for the basket's total", async ({
  page,
  request,
}) => {
  const chosen = await book(request, 'BV-1102');
  await page.goto(productPath(chosen.name));
  await waitForApp(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('Demo payment: no card is charged')).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Pay ${formatPence(pence(chosen.price) + SHIPPING_PENCE)}` }),
  ).toBeVisible();
});
