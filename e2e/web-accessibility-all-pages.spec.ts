/**
 * Accessibility of every page of the spec's route table (issue 18): axe finds no serious or critical
 * violation on any of them, at a phone's width (390 px) and a desktop's (1280 px), each visited as
 * the visitor it is for: a guest (the storefront, the sign-in dialogs, the static pages, the empty
 * basket, the demo checkout, Page Not Found), a signed-in customer (a basket with a line, a wishlist
 * with a book, the profile with a delivered order, the review page of that order, the profile's
 * change-password form) and the admin (the admin home, the orders overview, an order in full, the
 * discounts, the product form in add and edit mode). Each visitor's pages are checked in one test
 * that lists every violation of every page it visits, so one run shows all that is left to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { productPath, reviewPath, adminOrderPath } from '../src/shared/routes';
import { adminToken, signInAsAdmin } from './support/admin';
import { createCustomer, signInAsCustomer, type Customer } from './support/customer';
import { uniqueEmail, waitForApp } from './support/fixtures';
import { deliverOrder, placePaidOrder, setOrderStatus, type PlacedOrder } from './support/orders';

interface Product {
  id: string;
  name: string;
}

const WIDTHS = [390, 1280] as const;

/** The serious and critical violations on the page as it is now, one line per rule. */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens `path`, waits for the app and for `ready` (what shows that the page has its content), and checks it. */
async function check(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(path);
  await waitForApp(page);
  await ready(page);
  return violations(page, `${path} at ${page.viewportSize()!.width} px`);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};
const dialog = (name: string) => async (page: Page) => {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
};

async function demoBooks(page: Page): Promise<Product[]> {
  const books = ((await (await page.request.get('/api/server/get_products')).json()) as Product[]).filter((book) =>
    /^BV-\d+$/.test(book.id),
  );
  expect(books.length, 'demo books').toBeGreaterThanOrEqual(3);
  return books;
}

/** An order of the customer's, delivered by the admin (signed in in a context of its own), so that it can be reviewed. */
async function deliveredOrder(browser: Browser, page: Page, customer: Customer, book: Product): Promise<PlacedOrder> {
  const order = await placePaidOrder(page.request, {
    email: customer.email,
    customer,
    lines: [{ productId: book.id, qty: 1 }],
  });
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    await deliverOrder(page.request, await adminToken(admin), order, {
      bookVault: 'BV-PRINT-A11Y',
      tracking: 'RM000000001GB',
    });
  } finally {
    await adminContext.close();
  }
  return order;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a guest’s pages have no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(360_000);
      const [book] = await demoBooks(page);
      const checkout = await page.request.post('/api/checkout/create_checkout_session', {
        data: { cartItems: [{ product_id: book!.id, qty: 1 }], user_id: null, user_email: '', currency: 'GBP' },
      });
      expect(checkout.status(), await checkout.text()).toBe(200);
      const checkoutPath = new URL(((await checkout.json()) as { url: string }).url, 'http://shop').pathname;

      const found: string[] = [];
      const pages: Array<[string, (page: Page) => Promise<void>]> = [
        ['/', async (p) => void (await expect(p.getByRole('article').first()).toBeVisible())],
        ['/home', async (p) => void (await expect(p.getByRole('article').first()).toBeVisible())],
        ['/index', async (p) => void (await expect(p.getByRole('article').first()).toBeVisible())],
        ['/login', dialog('Sign in')],
        ['/createAccount', dialog('Create an Account')],
        [
          '/change_password?token=not-a-real-token',
          async (p) => void (await expect(p.getByRole('dialog')).toBeVisible()),
        ],
        ['/choose_password', async (p) => void (await expect(p.getByRole('dialog').getByRole('alert')).toBeVisible())],
        [productPath(book!.name), heading(book!.name)],
        ['/about', async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
        ['/contact', async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
        ['/privacy', async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
        ['/terms', async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
        ['/cart', async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
        [checkoutPath, async (p) => void (await expect(p.getByText('Demo payment: no card is charged')).toBeVisible())],
        ['/no-such-page', heading('Page Not Found')],
      ];
      for (const [path, ready] of pages) found.push(...(await check(page, path, ready)));
      expect(found).toEqual([]);
    });

    test('a customer’s pages have no serious or critical axe violation', async ({ page, browser }) => {
      test.setTimeout(360_000);
      const [first, second, third] = await demoBooks(page);
      const customer = await createCustomer(page.request, uniqueEmail('a11y'));
      const order = await deliveredOrder(browser, page, customer, first!);
      const headers = { authorization: `Bearer ${customer.token}` };
      for (const [url, data] of [
        ['/api/server/update_cart', { user_id: customer.id, product_id: second!.id, qty: 2 }],
        ['/api/server/add_wishlist', { user_id: customer.id, product_id: third!.id }],
      ] as const) {
        const res = await page.request.post(url, { headers, data });
        expect(res.status(), await res.text()).toBe(200);
      }
      await signInAsCustomer(page, customer);

      const found: string[] = [];
      const pages: Array<[string, (page: Page) => Promise<void>]> = [
        ['/cart', async (p) => void (await expect(p.getByRole('button', { name: 'Checkout' })).toBeVisible())],
        [
          '/wishlist',
          async (p) => void (await expect(p.getByRole('link', { name: third!.name, exact: true })).toBeVisible()),
        ],
        ['/profile', async (p) => void (await expect(p.getByRole('link', { name: /^Review/ })).toBeVisible())],
        [
          `/profile/change_password/${customer.id}`,
          async (p) => void (await expect(p.getByLabel(/password/i).first()).toBeVisible()),
        ],
        [reviewPath(order.orderId), heading('Review your order')],
      ];
      for (const [path, ready] of pages) found.push(...(await check(page, path, ready)));
      expect(found).toEqual([]);
    });

    test('the admin’s pages have no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(360_000);
      const [first, second] = await demoBooks(page);
      const shipped = await placePaidOrder(page.request, {
        email: uniqueEmail('a11y-admin'),
        lines: [{ productId: first!.id, qty: 2 }],
      });
      await placePaidOrder(page.request, {
        email: uniqueEmail('a11y-admin'),
        lines: [{ productId: second!.id, qty: 1 }],
      });
      await signInAsAdmin(page);
      await setOrderStatus(page.request, await adminToken(page), shipped, 'Shipped', {
        bookVault: 'BV-PRINT-A11Y-2',
        tracking: 'RM000000002GB',
      });

      const found: string[] = [];
      const pages: Array<[string, (page: Page) => Promise<void>]> = [
        ['/admin', async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
        [
          '/admin/orders',
          async (p) => void (await expect(p.getByRole('combobox', { name: /^Status of order/ }).first()).toBeVisible()),
        ],
        [
          adminOrderPath(shipped.orderId),
          async (p) => void (await expect(p.getByRole('region', { name: 'Delivery address' })).toBeVisible()),
        ],
        ['/admin/discounts', async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
        [
          '/admin/reviews',
          async (p) => void (await expect(p.getByRole('checkbox', { name: 'Reviews of 1 or 2 stars' })).toBeVisible()),
        ],
        ['/admin/add_product', heading(/Add Product/)],
        [
          `/admin/edit_product/${encodeURIComponent(first!.id)}`,
          async (p) => void (await expect(p.getByRole('button', { name: /^remove image 1/ })).toBeVisible()),
        ],
      ];
      for (const [path, ready] of pages) found.push(...(await check(page, path, ready)));
      expect(found).toEqual([]);
    });
  });
}
