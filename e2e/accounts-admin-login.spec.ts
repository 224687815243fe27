/** Accounts: the admin's two-step login through the mailed link, and its failure. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { withAdminSignInLock } from './support/admin';
import { E2E_ADMIN, linkIn, type Mail } from './support/fixtures';

const mailbox = async (request: APIRequestContext) =>
  (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(E2E_ADMIN.email)}`)).json()) as Mail[];

/** The admin-login mail that arrived after `seen` was taken (the newest). */
async function newAdminMail(request: APIRequestContext, seen: Set<string>): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mailbox(request)).find((mail) => !seen.has(mail.id) && /Finish signing in/.test(mail.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

test('an admin signs in with the password, then the mailed link, and reaches /admin', async ({ page, request }) => {
  // No other worker signs the admin in meanwhile: its mail would be taken for ours.
  await withAdminSignInLock(() => signInThroughTheDialog(page, request));
  await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Add Item' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminVerificationToken'))).toBeNull();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

/** Step one in the sign-in dialog; answers the link mailed for it. Call it holding the sign-in lock. */
async function passwordStep(page: Page, request: APIRequestContext): Promise<string> {
  const seen = new Set((await mailbox(request)).map((mail) => mail.id));
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(dialog.getByRole('status')).toContainText('we have e-mailed you a link');
  return linkIn(await newAdminMail(request, seen), /verify_admin=true/);
}

async function signInThroughTheDialog(page: Page, request: APIRequestContext): Promise<void> {
  const link = await passwordStep(page, request);
  // After step one: no session yet, and the verification token kept in this browser.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('adminVerificationToken'))).toBeTruthy();
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin$/);
}

test('the mailed link opened in another browser fails with the spec message and goes to /login?verified=false', async ({
  page,
  browser,
  request,
}) => {
  const link = await withAdminSignInLock(() => passwordStep(page, request));

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByText(MSG.adminVerificationFailed)).toBeVisible();
  await expect(elsewhere).toHaveURL(/\/login\?verified=false$/);
  await other.close();
});
