import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, uniqueEmail, waitForMail, waitForApp } from './support/fixtures';

const SHOP_EMAIL = 'shop@localhost';

test('a shopper sends a message from the contact page and the shop receives it by e-mail', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('contact');
  await page.goto('/');
  // The cookie notice is in the page's flow (decision 136): the footer's links are reached as usual.
  await waitForApp(page);
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();

  // Email and message are required; the order reference is not.
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Email')).toHaveJSProperty('validity.valueMissing', true);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/Order reference/).fill('ORDER12345');
  await page.getByLabel('Message').fill('My maze book arrived with a torn cover. Could you send another?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent succesfully!')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');

  const mail = await waitForMail(
    request,
    SHOP_EMAIL,
    new RegExp(`Contact form: message from ${email.replace(/[.+]/g, '\\$&')}`),
  );
  expect(mail.text).toContain('ORDER12345');
  expect(mail.text).toContain('torn cover');
});

/** Sends a message from the contact page while the server's answer is the given one. */
async function sendWithAnswer(page: Page, answer: { status: number; json: unknown }) {
  await page.route('**/api/server/contact', (route) => route.fulfill(answer));
  await page.goto('/contact');
  await waitForApp(page);
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send message' }).click();
}

test('a failing contact call shows Error sending message', async ({ page }) => {
  await sendWithAnswer(page, { status: 503, json: { message: 'down' } });
  await expect(page.getByText('Error sending message')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Hello');
});

test('an answer that does not match the contract is shown as a failed request', async ({ page }) => {
  // A 200 whose body is not the contract's { success: true }: the page must not take it as sent.
  await sendWithAnswer(page, { status: 200, json: { success: 'yes', extra: [1] } });
  await expect(page.getByText('Error sending message')).toBeVisible();
  await expect(page.getByText('Message sent succesfully!')).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveValue('Hello');
});

test('About, Privacy and the footer links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  await expect(footer.getByText(/All rights reserved\./)).toBeVisible();
  await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('target', '_blank');
  // The demo's placeholder profiles: each names a profile (never a bare home page) and shows its name on hover;
  // no web developer's credit is set, so none is shown (a link left unset is hidden, not broken).
  for (const [name, url, handle] of [
    ['Facebook', 'https://www.facebook.com/inkwellandpuzzle', 'Inkwell & Puzzle'],
    ['Instagram', 'https://www.instagram.com/inkwellandpuzzle/', '@inkwellandpuzzle'],
    ['TikTok', 'https://www.tiktok.com/@inkwellandpuzzle', '@inkwellandpuzzle'],
  ] as const) {
    const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('title', handle);
  }
  await expect(footer.getByText('Website by')).toHaveCount(0);
  await footer.getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated: 17/05/2025')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens, leads to a page, and closes on an outside click', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    for (const name of ['Home', 'Wishlist', 'Profile', 'About', 'Contact', 'Privacy', 'Login']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(menu).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    // A tap on the page, away from the menu.
    await page.mouse.click(20, 700);
    await expect(menu).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);
  });

  test('the home page fits the screen with two books a row', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const [a, b] = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect().top));
    expect(a).toBe(b);
  });
});

test('an unknown address shows Page Not Found', async ({ page }) => {
  const response = await page.goto('/no-such-shelf');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
});

for (const [name, path, heading] of [
  ['about', '/about', 'About us'],
  ['contact', '/contact', 'Contact Us'],
  ['privacy', '/privacy', 'Privacy Policy'],
  ['404', '/no-such-shelf', 'Page Not Found'],
] as const) {
  test(`the ${name} page has no serious accessibility problem`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });
}

test('robots.txt and sitemap.xml list the product pages', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .+\/sitemap\.xml/);
  // sitemap.xml is an index (decision 126): follow it to the books files.
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  const files = [...index.matchAll(/<loc>([^<]*\/sitemap-books-\d+\.xml)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(files[0]).toBe('/sitemap-books-1.xml');
  const books = await Promise.all(files.map(async (file) => (await request.get(file)).text()));
  expect(books.join('\n')).toContain('/item/Sudoku%20for%20the%20Commute</loc>');
});

test('the terms of sale are one click from the footer and from beside the basket’s Checkout', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of sale' })).toBeVisible();
  await expect(page).toHaveTitle(/^Terms of sale \| /);
  // What the page must say: the right to cancel, refunds with postage, the post's risk, misprints, the way to the shop.
  await expect(page.getByText('14 days of the day you receive the books')).toBeVisible();
  await expect(page.getByText(/standard postage of\s+the order/)).toBeVisible();
  await expect(page.getByText(/Consumer Rights Act 2015, section 29/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Misprints and faulty books' })).toBeVisible();
  await waitForApp(page);
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'How to reach us' }).click();
  await expect(page).toHaveURL(/\/terms#reach-us$/);
  await page.locator('#reach-us + p').getByRole('link', { name: 'contact page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();

  await page.goto(`/item/${encodeURIComponent('Sudoku for the Commute')}`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeVisible();
  const terms = page.getByRole('link', { name: 'Terms of sale: cancelling and refunds' });
  await terms.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of sale' })).toBeVisible();
});
