/**
 * Review moderation (issue 30, decision 151). The owner hides a reported review from the Reviews
 * screen and the book's page no longer shows it; with the 1–2 star rule on, a 1-star review waits
 * for approval (its author sees it marked so, a guest does not see it) until the owner approves it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { adminToken, signInAsAdmin } from './support/admin';
import { createCustomer, signInAsCustomer, type Customer } from './support/customer';
import { holdRequests, uniqueEmail, waitForApp } from './support/fixtures';
import { placePaidOrder } from './support/orders';

interface Product {
  id: string;
  name: string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function demoBook(request: APIRequestContext, id: string): Promise<Product> {
  const catalogue = (await (await request.get('/api/server/get_products')).json()) as Product[];
  const book = catalogue.find((product) => product.id === id);
  expect(book, id).toBeDefined();
  return book!;
}

/** The customer's paid order of the book. */
async function orderOf(request: APIRequestContext, customer: Customer, book: Product) {
  return placePaidOrder(request, { email: customer.email, customer, lines: [{ productId: book.id, qty: 1 }] });
}

const openReviews = async (page: Page) => {
  await page.goto('/admin');
  await waitForApp(page);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Reviews/ })).toBeVisible();
};

test('a shopper reports a review; the owner finds it under Reported, hides it with a reason, and the book page no longer shows it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const book = await demoBook(request, 'BV-1003');
  const customer = await createCustomer(request, uniqueEmail('rude'));
  const order = await orderOf(request, customer, book);
  const text = `Mean words about a named child ${Date.now()}`;
  const added = await request.post('/api/server/add_review', {
    headers: auth(customer.token),
    data: { order_id: order.orderId, product_id: book.id, rating: 2, review: text },
  });
  expect(added.status(), await added.text()).toBe(201);

  // A guest reports it from the book's page: it stays up.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/item/${encodeURIComponent(book.name)}`);
  await waitForApp(guest);
  const review = guest.getByRole('article').filter({ hasText: text });
  await review.getByRole('button', { name: 'Report' }).click();
  await review.getByRole('button', { name: 'Yes, report it' }).click();
  await expect(review.getByRole('status')).toHaveText('Thank you. The shop will look at this review.');
  await guest.reload();
  await expect(guest.getByText(text)).toBeVisible();

  // The owner: the dashboard counts it, the Reported filter lists it; hide it with a reason.
  await signInAsAdmin(page);
  await waitForApp(page);
  await expect(page.getByTestId('review-attention')).toContainText('Reviews reported');
  await openReviews(page);
  await page.getByRole('button', { name: /^Reported/ }).click();
  await expect(page).toHaveURL(/filter=reported/);
  const card = page.getByRole('article').filter({ hasText: text });
  await expect(card).toContainText(/Reported \d+ times?/);
  await expect(card.getByRole('link', { name: book.name })).toBeVisible();
  await expect(card.getByRole('link', { name: /^Order …/ })).toBeVisible();
  await card.getByRole('button', { name: 'Hide' }).click();
  await card.getByRole('textbox', { name: /Why hide it/ }).fill('Names a child');
  await card.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText('The review is hidden: only you can see it now.')).toBeVisible();

  await page.getByRole('button', { name: /^Hidden/ }).click();
  const hidden = page.getByRole('article').filter({ hasText: text });
  await expect(hidden).toContainText('Hidden');
  await hidden.getByText(/^History/).click();
  await expect(hidden.getByText(/Hidden by .*: Names a child/)).toBeVisible();

  // The book's page, for anyone, no longer shows it.
  await guest.goto(`/item/${encodeURIComponent(book.name)}`);
  await expect(guest.getByRole('region', { name: 'Reviews' })).toBeVisible();
  await expect(guest.getByText(text)).toHaveCount(0);
  await guestContext.close();
});

test('with the 1–2 star rule on, a 1-star review waits for approval: only its author sees it until the owner approves', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const book = await demoBook(request, 'BV-1004');
  const customer = await createCustomer(request, uniqueEmail('grumpy'));
  const order = await orderOf(request, customer, book);
  const text = `Not for us at all ${Date.now()}`;

  await signInAsAdmin(page);
  const token = await adminToken(page);
  await openReviews(page);
  const rule = page.getByRole('checkbox', { name: 'Reviews of 1 or 2 stars' });
  try {
    await rule.check();
    await expect(rule).toBeChecked();
    await expect(rule).toBeEnabled();

    // The customer reviews the book with one star.
    const customerContext = await browser.newContext();
    const reader = await customerContext.newPage();
    await signInAsCustomer(reader, customer);
    await reader.goto(`/review/order/${order.orderId}`);
    const form = reader.getByRole('form', { name: book.name });
    await form.getByRole('radio', { name: '1 star' }).check();
    await form.getByRole('textbox', { name: 'Your review' }).fill(text);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await reader
      .getByRole('alertdialog', { name: MSG.confirmReview })
      .getByRole('button', { name: 'Submit', exact: true })
      .click();
    await expect(reader.getByText(MSG.reviewWaitingForApproval)).toBeVisible();

    // Its author sees it on the book's page, waiting; a guest does not.
    await reader.goto(`/item/${encodeURIComponent(book.name)}`);
    const own = reader.getByRole('list', { name: 'Your reviews waiting for approval' });
    await expect(own.getByText(text)).toBeVisible();
    await expect(own.getByText(MSG.waitingForApproval)).toBeVisible();
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`/item/${encodeURIComponent(book.name)}`);
    await waitForApp(guest);
    await expect(guest.getByRole('region', { name: 'Reviews' })).toBeVisible();
    await expect(guest.getByText(text)).toHaveCount(0);

    // The owner approves it under Held; now everyone sees it.
    await page.getByRole('button', { name: /^Held/ }).click();
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toContainText('Held: waiting for approval');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('The review is approved: it is on the book’s page.')).toBeVisible();
    await guest.reload();
    await expect(guest.getByRole('region', { name: 'Reviews' }).getByText(text)).toBeVisible();
    await customerContext.close();
    await guestContext.close();
  } finally {
    // The rule is the shop's: leave it off for the other journeys.
    const off = await request.post('/api/admin/reviews/settings', {
      headers: auth(token),
      data: { hold_low_ratings: false, hold_links: false },
    });
    expect(off.status()).toBe(200);
  }
});

test('a hold rule shows the owner’s press at once while it is saved, and goes back when the save fails', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openReviews(page);
  // The link rule: the 1-star journey above turns the other one on and off.
  const rule = page.getByRole('checkbox', { name: 'Reviews with a link or an e-mail address' });
  await expect(rule).not.toBeChecked();

  // The save is held until the box has been looked at, then fails as a lost connection would.
  const save = await holdRequests(page, '**/api/admin/reviews/settings', { method: 'POST', fail: true });

  // Read in the same task as the press: a box whose state waits on the query's scheduling is put
  // back by React before the press returns.
  const shownAtOnce = await rule.evaluate((box: HTMLInputElement) => {
    box.click();
    return box.checked;
  });
  expect(shownAtOnce).toBe(true);
  await expect(rule).toBeChecked();
  await expect(rule).toBeDisabled();

  save.release();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(rule).not.toBeChecked();
  await expect(rule).toBeEnabled();
});
