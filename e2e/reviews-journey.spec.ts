/**
 * Reviews from verified buyers: a customer buys two books (demo payment), the admin
 * marks the order Shipped then Delivered, and the customer, signed out, follows the Delivered
 * mail's review link, reviews both books, and sees the reviews on the product page and
 * 'Reviewed' in the profile. Opened again afterwards, the link signs no one in and says so.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { withAdminSignInLock } from './support/admin';
import { payDemoCheckout } from './support/checkout';
import { createCustomer, signInAsCustomer } from './support/customer';
import {
  E2E_ADMIN,
  expectAccessible,
  linkIn,
  uniqueEmail,
  waitForMail,
  type Mail,
  waitForApp,
} from './support/fixtures';

interface Product {
  id: string;
  name: string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The admin's two-step sign-in through the API: password, then the mailed token with the login's token. */
async function adminSession(request: APIRequestContext): Promise<string> {
  // Its mail must not be taken for another journey's (support/admin.ts).
  return withAdminSignInLock(() => adminSessionUnlocked(request));
}

async function adminSessionUnlocked(request: APIRequestContext): Promise<string> {
  const seen = new Set(
    ((await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(E2E_ADMIN.email)}`)).json()) as Mail[]).map(
      (m) => m.id,
    ),
  );
  const login = await request.post('/api/login', { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const { admin, token: loginToken } = (await login.json()) as { admin: boolean; token: string };
  expect(admin).toBe(true);
  let session = '';
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`/api/dev/mailbox?to=${encodeURIComponent(E2E_ADMIN.email)}`)
        ).json()) as Mail[];
        // Other journeys may sign the admin in at the same time: only our login's pair is accepted.
        for (const mail of mails.filter((m) => !seen.has(m.id) && /admin/i.test(m.subject))) {
          const mailed = new URL(linkIn(mail, /verify_admin/)).searchParams.get('token')!;
          const res = await request.get(`/api/admin/verify_admin?token=${encodeURIComponent(mailed)}`, {
            headers: auth(loginToken),
          });
          if (res.ok()) {
            session = ((await res.json()) as { token: string }).token;
            return true;
          }
          seen.add(mail.id);
        }
        return false;
      },
      { message: 'the admin sign-in mail', timeout: 15_000 },
    )
    .toBe(true);
  return session;
}

async function setStatus(
  request: APIRequestContext,
  adminToken: string,
  order: { id: string; email: string },
  status: 'Shipped' | 'Delivered',
) {
  const res = await request.post('/api/admin/update_order_status', {
    headers: auth(adminToken),
    data: {
      customer_email: order.email,
      order_id: order.id,
      status,
      bookVault_ref: status === 'Shipped' ? 'BV-PRINT-1' : undefined,
      tracking_ref: status === 'Shipped' ? 'TRACK-1' : undefined,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a buyer follows the Delivered mail’s review link signed out, reviews both books, and sees them on the product page and in the profile', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('reviewer');
  const reviewer = email.split('@')[0]!;
  const customer = await createCustomer(request, email);

  const catalogue = (await (await request.get('/api/server/get_products')).json()) as Product[];
  expect(catalogue.length).toBeGreaterThanOrEqual(2);
  // Two demo books (BV- and digits): other journeys add and delete books of their own (BV-DASH-…) while this one runs.
  const [first, second] = catalogue.filter((product) => /^BV-\d+$/.test(product.id)).slice(-2) as [Product, Product];

  // Checkout as the signed-up customer, paid on the demo checkout page.
  const checkout = await request.post('/api/checkout/create_checkout_session', {
    headers: auth(customer.token),
    data: {
      cartItems: [
        { product_id: first.id, qty: 1 },
        { product_id: second.id, qty: 1 },
      ],
      user_id: customer.id,
      user_email: email,
      shipping_cost: 3.83,
      currency: 'GBP',
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  await page.goto(url);
  await payDemoCheckout(page);

  const history = await request.get(`/api/server/order_history/${customer.id}`, { headers: auth(customer.token) });
  const [order] = (await history.json()) as { order_id: string; reviewed: boolean }[];
  expect(order).toBeDefined();
  expect(order!.reviewed).toBe(false);

  const adminToken = await adminSession(request);
  await setStatus(request, adminToken, { id: order!.order_id, email }, 'Shipped');
  await setStatus(request, adminToken, { id: order!.order_id, email }, 'Delivered');

  const delivered = await waitForMail(request, email, /delivered/i);
  const reviewLink = linkIn(delivered, /\/review\/order\//);

  // Signed out: a fresh browser context, as if the mail were opened on another device.
  const context = await page.context().browser()!.newContext();
  const reader = await context.newPage();
  await reader.goto(reviewLink);
  await expect(reader.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
  await expect(reader).toHaveURL(new RegExp(`/review/order/${order!.order_id}$`));
  await expectAccessible(reader);

  const longText = `${'A wonderful mix of mazes and word games that kept two children busy on a long train journey. '.repeat(10)}The end.`;
  const reviewsToWrite = [
    { book: first, stars: 5, text: 'Our favourite puzzle book <b>ever</b>.', keyboard: false },
    { book: second, stars: 4, text: longText, keyboard: true },
  ];
  for (const { book, stars, text, keyboard } of reviewsToWrite) {
    const form = reader.getByRole('form', { name: book.name });
    const starRadio = form.getByRole('radio', { name: `${stars} stars` });
    if (keyboard) {
      // The rating is a radio group: Tab in, arrows choose.
      await form.getByRole('radio', { name: '1 star' }).focus();
      await reader.keyboard.press('Space');
      for (let i = 1; i < stars; i += 1) await reader.keyboard.press('ArrowRight');
    } else {
      await starRadio.check();
    }
    await expect(starRadio).toBeChecked();
    await form.getByRole('textbox', { name: 'Your review' }).fill(text);
    await form.getByRole('button', { name: 'Submit review' }).click();
    const dialog = reader.getByRole('alertdialog', { name: MSG.confirmReview });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(reader.getByText(MSG.thanksForFeedback)).toBeVisible();
    await expect(form).toHaveCount(0);
  }
  await expect(reader.getByRole('heading', { level: 1, name: MSG.allReviewsSubmitted })).toBeVisible();

  // The product page shows the review, the rounded average and the count.
  await reader.goto(`/item/${encodeURIComponent(first.name)}`);
  const reviews = reader.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('img', { name: 'Average rating 5 out of 5' })).toBeVisible();
  await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();
  await expect(reviews.getByText('Our favourite puzzle book <b>ever</b>.')).toBeVisible();
  await expect(reviews.getByText(reviewer, { exact: true })).toBeVisible();
  await expect(reviews.getByText(email)).toHaveCount(0);

  await reader.goto(`/item/${encodeURIComponent(second.name)}`);
  await waitForApp(reader);
  const secondReviews = reader.getByRole('region', { name: 'Reviews' });
  await expect(secondReviews.getByRole('img', { name: 'Average rating 4 out of 5' })).toBeVisible();
  await expect(secondReviews.getByText('The end.')).toHaveCount(0);
  await secondReviews.getByRole('button', { name: 'Show more' }).click();
  await expect(secondReviews.getByText(/The end\.$/)).toBeVisible();

  // The profile marks the order reviewed.
  await reader.goto('/profile');
  await expect(reader.getByText('Reviewed', { exact: true })).toBeVisible();
  await context.close();

  // Fully reviewed, the link signs no one in any more (decisions/050); it says all is reviewed.
  const later = await page.context().browser()!.newContext();
  const again = await later.newPage();
  await again.goto(reviewLink);
  await expect(again.getByRole('heading', { level: 1, name: MSG.allReviewsSubmitted })).toBeVisible();
  await expect(again).toHaveURL(new RegExp(`/review/order/${order!.order_id}$`));
  expect(await again.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await later.close();
});

test('a signed-in customer opening an order the shop cannot load for them sees that it could not be loaded', async ({
  page,
  request,
}) => {
  await signInAsCustomer(page, await createCustomer(request, uniqueEmail('stranger')));
  await page.goto('/review/order/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: MSG.couldNotLoadOrder })).toBeVisible();
});

test('a bad review link shows the invalid-token message and goes to /login?review=invalid', async ({ page }) => {
  await page.goto('/review/order/00000000-0000-4000-8000-000000000000?review_token=not-a-real-token');
  await expect(page).toHaveURL(/\/login\?review=invalid$/);
  await expect(page.getByText(MSG.invalidReviewToken)).toBeVisible();
});
