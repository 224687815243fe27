/** Accounts: a forgotten password, end to end, from the login form and from the profile. */
import { expect, test } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { createCustomer, signInAsCustomer, submitSignIn } from './support/customer';
import { linkIn, uniqueEmail, waitForMail } from './support/fixtures';

test("'Forgot password?' mails a link; the new password works and the link works only once", async ({
  page,
  request,
}) => {
  const { email, password } = await createCustomer(request, uniqueEmail('forgetful'));

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

  await submitSignIn(page, email, password);
  await expect(page.getByRole('dialog', { name: 'Sign in' }).getByRole('alert')).toBeVisible();
  await signInAsCustomer(page, { email, password: 'fresh456' });

  // the same link a second time
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(link);
  await dialog.getByLabel('New password').fill('again789');
  await dialog.getByLabel('Confirm password').fill('again789');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MSG.changePasswordError);
});

test("the profile's change-password mode mails a reset link to the signed-in shopper", async ({ page, request }) => {
  const customer = await createCustomer(request, uniqueEmail('profile'));
  await signInAsCustomer(page, customer);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('readonly', '');
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile\/change_password\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Send password reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'choose a new password' })).toBeVisible();
  const mail = await waitForMail(request, customer.email, /Reset your/);
  expect(linkIn(mail, /\/change_password\?token=/)).toBeTruthy();
});
