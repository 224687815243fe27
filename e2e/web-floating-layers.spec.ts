/**
 * The floating layers' one arrangement (issue 33, decision 136): at 390 and 1280 px, none covers the
 * control that opened it or the message it is about. The basket panel and the 'Added to basket'
 * banner leave a book page's buy box and a book card in the clear (the page moves aside); the
 * cookie notice is in the page's flow, so it covers neither the first row of books nor an empty
 * result's message and Clear filters; the sign-up banner hangs below the verification strip.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { productPath } from '../src/shared/routes';
import { uniqueEmail, waitForApp } from './support/fixtures';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const BOOK = 'The Rainy Day Activity Book';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each pair of boxes (as they are now) is apart; polled, since the page may still be moving aside. */
async function expectApart(subject: Locator, layers: Locator[]) {
  await expect
    .poll(async () => {
      const box = await subject.boundingBox();
      if (!box) return 'subject not shown';
      for (const layer of layers) {
        const other = await layer.boundingBox();
        if (other && overlap(box, other)) return `${JSON.stringify(box)} under ${JSON.stringify(other)}`;
      }
      return 'apart';
    })
    .toBe('apart');
}

/** Wholly inside the window: what the shopper is looking at is not scrolled away either. */
async function expectInView(locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Added to your basket' });
const bannerOf = (page: Page, text: string) => page.getByText(text, { exact: true });
/**
 * Presses `press` with the page's clock held (installed before the page loaded), moving it on in
 * small steps until every one of `shown` is on screen: the banner's 3000 ms then never run out
 * while the boxes are read, however loaded the machine.
 */
async function pressHeld(page: Page, press: Locator, shown: Locator[]) {
  await page.clock.pauseAt(Date.now() + 1000);
  await press.click();
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      for (const part of shown) if (!(await part.isVisible())) return false;
      return true;
    })
    .toBe(true);
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("adding from a book's page leaves its buy box in view, clear of the panel and the banner", async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto(productPath(BOOK));
      await waitForApp(page);
      const buyBox = page
        .locator('[data-keep-clear]')
        .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) });
      const panel = panelOf(page);
      const banner = bannerOf(page, MSG.addedToBasket);
      await pressHeld(page, buyBox.getByRole('button', { name: 'Add to Cart' }), [panel, banner]);
      await expect(buyBox.getByRole('button', { name: 'Remove from basket' })).toBeVisible();
      await expectApart(buyBox, [panel, banner]);
      await expectInView(buyBox.getByRole('button', { name: 'Add to Cart' }));
      await expectInView(buyBox.getByRole('button', { name: 'Remove from basket' }));
    });

    test("on the home page the cookie notice leaves the first row of books clear, and the panel and banner a card's Add button and the Accept button", async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto('/');
      await waitForApp(page);
      const notice = page.getByRole('region', { name: 'Cookie notice' });
      await expect(notice).toBeVisible();
      const cards = page.getByRole('article');
      const columns = viewport.width >= 1024 ? 4 : viewport.width >= 760 ? 3 : 2;
      for (let i = 0; i < columns; i += 1) await expectApart(cards.nth(i), [notice]);
      // The first row is above the notice, and starts in the first screen.
      await expect(cards.first().getByRole('img').first()).toBeInViewport();

      // A card's Add button (the control that opened the panel) and the notice's Accept stay clear.
      const add = cards.first().getByRole('button', { name: /^Add .* to basket$/ });
      const panel = panelOf(page);
      const banner = bannerOf(page, MSG.addedToBasket);
      await pressHeld(page, add, [panel, banner]);
      await expectApart(add, [panel, banner]);
      await expectInView(add);
      await expectApart(notice.getByRole('button', { name: 'Accept' }), [panel, banner]);
    });

    test("an empty result's message and Clear filters stay clear of the cookie notice", async ({ page }) => {
      await page.goto('/?type=Nothing-like-this&age=Kids');
      await waitForApp(page);
      const notice = page.getByRole('region', { name: 'Cookie notice' });
      await expect(notice).toBeVisible();
      const message = page.getByText(MSG.noProductsFound, { exact: true });
      const clear = page.getByRole('link', { name: 'Clear filters' });
      await expectApart(message, [notice]);
      await expectApart(clear, [notice]);
    });

    test('the sign-up banner hangs below the verification strip it is about', async ({ page }) => {
      await page.clock.install();
      await page.goto('/createAccount');
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill(uniqueEmail('layers'));
      await dialog.getByLabel('Password', { exact: true }).fill('reader123');
      await dialog.getByLabel('Confirm password').fill('reader123');
      // The strip is a chunk of its own: on a loaded machine it can come after the banner's 3000 ms.
      const strip = page.getByRole('complementary', { name: 'E-mail verification' });
      const banner = page.getByRole('status').filter({ hasText: /account/i });
      await pressHeld(page, dialog.getByRole('button', { name: 'SIGN UP' }), [strip, banner]);
      await expectApart(strip, [banner]);
      await expectApart(strip.getByRole('button').first(), [banner]);
    });
  });
}
