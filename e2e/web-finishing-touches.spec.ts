/**
 * Finishing touches (issue 33, decision 136), at 390 and 1280 px: the basket's money rows in the
 * order the sum is made, a book's price shown once, "No reviews yet" for a book without reviews,
 * type · age lines that wrap without a stray dot, the owner's controls drawn as controls, and a
 * change of password that drops a stale error and says it is saving.
 */
import { expect, test, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { formatPence } from '../src/shared/money';
import { priceCart } from '../src/shared/pricing';
import { productPath } from '../src/shared/routes';
import { sendDiscountCode, signInAsAdmin } from './support/admin';
import { payDemoCheckout } from './support/checkout';
import { createCustomer } from './support/customer';
import { holdRequests, linkIn, uniqueEmail, waitForApp, waitForMail } from './support/fixtures';

interface Book {
  id: string;
  name: string;
  price: number;
  type: string;
  age: string;
}

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const books = async (page: Page) => (await (await page.request.get('/api/server/get_products')).json()) as Book[];

/** A line's visible start: the card's or page's text edge (the clipped strip left of it holds the line's first dot). */
async function metaLines(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((meta) => {
      const edge =
        meta.parentElement!.getBoundingClientRect().left +
        parseFloat(getComputedStyle(meta.parentElement!).paddingLeft);
      const items = Array.from(meta.children) as HTMLElement[];
      const dotWidth = (item: HTMLElement) => parseFloat(getComputedStyle(item, '::before').width);
      return items.map((item, index) => {
        const box = item.getBoundingClientRect();
        const startsLine = index === 0 || box.top > items[index - 1]!.getBoundingClientRect().top + 1;
        // The item's text begins after its dot.
        return {
          startsLine,
          dotShown: box.left >= edge - 0.5,
          textStart: Math.round(box.left + dotWidth(item) - edge),
        };
      });
    });
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a book page shows its price once, and a book without reviews says so without stars', async ({ page }) => {
      const all = await books(page);
      let unreviewed: Book | undefined;
      for (const book of all) {
        const reviews = (await (
          await page.request.get(`/api/server/fetch_product_reviews/${encodeURIComponent(book.id)}`)
        ).json()) as { count: number };
        if (reviews.count === 0) {
          unreviewed = book;
          break;
        }
      }
      expect(unreviewed, 'a demo book without reviews').toBeDefined();
      await page.goto(productPath(unreviewed!.name));
      await waitForApp(page);
      const price = page
        .locator('main article')
        .first()
        .getByText(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(unreviewed!.price), {
          exact: true,
        });
      // Once under the name; the buy box's "Total:" is the only other amount.
      await expect(page.getByRole('term')).toHaveText(['Type', 'Age']);
      await expect(price).toHaveCount(2);
      await expect(page.getByText(/^Total:/)).toContainText(formatPence(Math.round(unreviewed!.price * 100)));
      const reviews = page.getByRole('region', { name: 'Reviews' });
      await expect(reviews.getByText('No reviews yet.')).toBeVisible();
      await expect(reviews.getByRole('img', { name: /Average rating/ })).toHaveCount(0);
      await expect(reviews.getByText(/out of 5/)).toHaveCount(0);
    });

    test('type · age lines that wrap start each line with a word, not a dot', async ({ page }) => {
      await page.goto('/');
      await waitForApp(page);
      // Make a card's line narrow enough to wrap, as long types do on phones.
      const selector = 'article p:has(> span + span)';
      await page
        .locator(selector)
        .first()
        .evaluate((meta) => ((meta as HTMLElement).style.width = '4.5em'));
      const lines = await metaLines(page, selector);
      expect(lines.filter((line) => line.startsLine).length).toBeGreaterThan(1);
      for (const line of lines) {
        // A line's first item has its dot outside the clip and its text at the edge; any other shows its dot.
        expect(line.dotShown).toBe(!line.startsLine);
        if (line.startsLine) expect(line.textStart).toBe(0);
      }
    });
  });
}

// The flows below at both widths too: the rows, the owner's controls and the saving form are read the same way.
for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px,`, () => {
    test.use({ viewport });

    test("the basket's rows follow the sum: books, shipping, then the discount on both, then the total", async ({
      page,
      browser,
      request,
    }) => {
      const code = await sendDiscountCode(browser, request, 20);
      const book = (await books(page))[3]!;
      await page.goto(productPath(book.name));
      await waitForApp(page);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText(MSG.addedToBasket, { exact: true })).toBeVisible();
      await page.goto('/cart');
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await summary.getByLabel('Discount code').fill(code);
      await summary.getByRole('button', { name: 'Apply' }).click();
      const price = priceCart([{ unitPence: Math.round(book.price * 100), qty: 1, type: book.type, age: book.age }], {
        percentage: 20,
        types: [],
        ages: [],
      });
      await expect(summary.getByRole('term')).toHaveText([
        'Subtotal',
        'Delivery to United Kingdom',
        new RegExp(`^Discount 20% on books and shipping ${code}$`),
        'Total',
      ]);
      await expect(summary.getByRole('definition')).toHaveText([
        formatPence(price.subtotalPence),
        formatPence(price.shippingPence),
        `−${formatPence(price.discountPence)}`,
        formatPence(price.totalPence),
      ]);
      await expect(summary.getByText(`Code ${code} applied: 20% off books and shipping.`)).toBeVisible();

      // The demo checkout's summary and the thank-you view list the same rows in the same order.
      const amounts = [
        formatPence(price.subtotalPence),
        formatPence(price.shippingPence),
        `−${formatPence(price.discountPence)}`,
        formatPence(price.totalPence),
      ];
      await summary.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\/demo\//);
      const demoRows = page.locator('dl').filter({ hasText: 'Subtotal' });
      await expect(demoRows.getByRole('term')).toHaveText([
        'Subtotal',
        'Delivery (United Kingdom)',
        `Discount on books and shipping (${code})`,
        'Total',
      ]);
      await expect(demoRows.getByRole('definition')).toHaveText(amounts);
      await payDemoCheckout(page, { email: uniqueEmail('rows') });
      const thanks = page.locator('dl').filter({ hasText: 'Total paid' });
      await expect(thanks.getByRole('term')).toHaveText([
        'Subtotal',
        'Delivery (United Kingdom)',
        `Discount on books and shipping ${code}`,
        'Total paid',
      ]);
      await expect(thanks.getByRole('definition')).toHaveText(amounts);
    });

    test("the owner's list, dashboard and discount controls are drawn as buttons, Delete in the destructive style", async ({
      page,
    }) => {
      await signInAsAdmin(page);
      await waitForApp(page);
      const outlined = async (name: RegExp) => {
        const control = page.getByRole('button', { name }).first();
        await expect(control).toBeVisible();
        await expect(control).toHaveCSS('border-top-style', 'solid');
        expect(await control.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe('rgba(0, 0, 0, 0)');
        return control;
      };
      await outlined(/^Show as a table$/);
      await outlined(/^Show (the first \d+|all \d+)$/);
      const remove = await outlined(/^Delete /);
      const edit = page.getByRole('link', { name: /^Edit / }).first();
      // Delete is red (the danger colour), Edit is not.
      const colour = (locator: typeof remove) => locator.evaluate((el) => getComputedStyle(el).color);
      expect(await colour(remove)).not.toBe(await colour(edit));
      await expect(remove).toHaveCSS('border-top-color', await colour(remove));
    });

    test('changing a password drops a stale "Passwords must match" and says it is saving', async ({
      page,
      request,
    }) => {
      const { email } = await createCustomer(request, uniqueEmail('saving'));
      expect((await request.post('/api/request_password_reset', { data: { email } })).ok()).toBe(true);
      const mail = await waitForMail(request, email, /Reset your/);
      await page.goto(linkIn(mail, /\/change_password\?token=/));
      await waitForApp(page);
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.getByLabel('New password').fill('fresh456');
      await dialog.getByLabel('Confirm password').fill('fresh457');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(MSG.passwordsMustMatch);

      // Hold the save, to see the form while it runs.
      const save = await holdRequests(page, '**/api/change_password', { method: 'POST' });
      await dialog.getByLabel('Confirm password').fill('fresh456');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByRole('button', { name: 'Saving…' })).toBeDisabled();
      await expect(dialog.getByText(MSG.passwordsMustMatch)).toHaveCount(0);
      save.release();
      await expect(dialog.getByRole('status')).toContainText(MSG.changePasswordSuccess);
    });
  });
}
