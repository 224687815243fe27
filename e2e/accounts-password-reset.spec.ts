/** Accounts: a forgotten password, end to end, from the login form and from the profile. */
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '../src/shared/messages';
import { linkIn, uniqueEmail, waitForMail } from './support/fixtures';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
}

test("'Forgot password?' mails a link; the new password works and the link works only once", async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  expect((await request.post('/api/create_account', { data: { email, password: 'reader123' } })).status()).toBe(201);

  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Sign in' });
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(login.getByRole('alert')).toContainText('Enter your e-mail address');
  await login.getByLabel('Email').fill(email);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(login.getByRole('status')).toContainText('we have sent a link to choose a new password');

  const mail = await waitForMail(request, email, /Reset your/);
  const link = linkIn(mail, /\/change_password\?token=/);
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('New password').fill('fresh456');
  await dialog.getByLabel('Confirm password').fill('fresh457');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.passwordsMustMatch);

  await dialog.getByLabel('Confirm password').fill('fresh456');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toContainText(MSG.changePasswordSuccess);
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 }); // after 3 seconds

  await signIn(page, email, 'reader123');
  await expect(page.getByRole('dialog', { name: 'Sign in' }).getByRole('alert')).toBeVisible();
  await signIn(page, email, 'fresh456');
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();

  // the same link a second time
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(link);
  await dialog.getByLabel('New password').fill('again789');
  await dialog.getByLabel('Confirm password').fill('again789');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.changePasswordError);
});

test('the profile\'s change-password mode mails a reset link to the signed-in shopper', async ({ page, request }) => {
  const email = uniqueEmail('profile');
  expect((await request.post('/api/create_account', { data: { email, password: 'reader123' } })).status()).toBe(201);
  await signIn(page, email, 'reader123');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('readonly', '');
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile\/change_password\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Send password reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'choose a new password' })).toBeVisible();
  const mail = await waitForMail(request, email, /Reset your/);
  expect(linkIn(mail, /\/change_password\?token=/)).toBeTruthy();
});
