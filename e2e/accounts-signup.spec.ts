/**
 * Accounts: a new shopper signs up through the form, reads the verification mail,
 * follows its link and sees the success message; a shopper logs out and signs in again.
 */
import { expect, test, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { createCustomer, signInAsCustomer } from './support/customer';
import { expectAccessible, linkIn, uniqueEmail, waitForMail } from './support/fixtures';

async function openSignUp(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/createAccount$/);
  return page.getByRole('dialog', { name: 'Create an account' });
}

test('a new shopper signs up, follows the mailed verification link and sees the success message', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const dialog = await openSignUp(page);

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('abc');
  await dialog.getByLabel('Confirm password').fill('abd');
  await dialog.getByRole('button', { name: 'SIGN UP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.passwordsDoNotMatch);

  await dialog.getByLabel('Confirm password').fill('abc');
  await dialog.getByRole('button', { name: 'SIGN UP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.passwordRule);

  await dialog.getByLabel('Show password').check();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await dialog.getByLabel('Password', { exact: true }).fill('reader123');
  await dialog.getByLabel('Confirm password').fill('reader123');
  await dialog.getByRole('button', { name: 'SIGN UP' }).click();

  // Signed in at once, back on the home page, with the reminder and its resend link.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  const reminder = page.getByRole('complementary', { name: 'E-mail verification' });
  await expect(reminder).toContainText('not verified yet');
  await reminder.getByRole('button', { name: 'Send verification link' }).click();
  await expect(page.getByText(/we have sent a new verification link/)).toBeVisible();

  const mail = await waitForMail(request, email, /Verify your e-mail/);
  await page.goto(linkIn(mail, /\/api\/verify_email\?token=/));
  await expect(page.getByText(MSG.accountVerified)).toBeVisible();
  await expect(page).toHaveURL(/\/$/); // the query is cleared once shown
  await expect(reminder).toHaveCount(0);

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText('✓ Verified')).toBeVisible();
});

test('a used or broken verification link shows the failure message', async ({ page }) => {
  await page.goto('/api/verify_email?token=not-a-real-token');
  await expect(page.getByText(MSG.accountVerificationFailed)).toBeVisible();
});

test('signing up with an address that has an account shows the server message', async ({ page, request }) => {
  const { email } = await createCustomer(request, uniqueEmail('taken'));
  const dialog = await openSignUp(page);
  await dialog.getByLabel('Email').fill(email.toUpperCase());
  await dialog.getByLabel('Password', { exact: true }).fill('other456');
  await dialog.getByLabel('Confirm password').fill('other456');
  await dialog.getByRole('button', { name: 'SIGN UP' }).click();
  await expect(dialog.getByRole('alert')).toContainText('already exists');
  await expect(page).toHaveURL(/\/createAccount$/);
});

test('a shopper logs out and signs in again; a wrong password is refused', async ({ page, request }) => {
  const customer = await createCustomer(request, uniqueEmail('returning'));
  const { email } = customer;

  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong999');
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');

  await dialog.getByLabel('Password', { exact: true }).fill('reader123');
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  // signed in: /login sends home
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('adminVerificationToken')]),
  ).toEqual([null, null]);

  // the session survives a reload
  await signInAsCustomer(page, customer);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
});

test('the close button and Escape leave the form for the home page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/createAccount');
  await expect(page.getByRole('dialog', { name: 'Create an account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the account dialogs have no serious accessibility problem', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const [path, name] of [
    ['/login', 'Sign in'],
    ['/createAccount', 'Create an account'],
    ['/change_password?token=x', 'Change password'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await expectAccessible(page);
  }
  await context.close();
});
