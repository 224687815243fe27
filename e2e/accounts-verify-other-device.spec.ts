/**
 * Issue 32 finding 1 (decision 130): a shopper signs up on a laptop and opens the verification mail
 * in the same browser (nothing changes: still signed in, the password still works) or on a phone
 * (another browser): the phone's page says what happened and lets them choose a password there,
 * signed in; the laptop, whose session the link ended, says "please sign in again" and the new
 * password works on it.
 */
import { expect, test, type Page } from '@playwright/test';
import * as MSG from '../src/shared/messages';
import { submitSignIn } from './support/customer';
import { expectAccessible, linkIn, uniqueEmail, waitForApp, waitForMail } from './support/fixtures';

const SIGN_UP_PASSWORD = 'laptop123';

/** Signs up through the form, as a shopper does: the browser gets its session and the sign-up binding. */
async function signUpThroughTheForm(page: Page, email: string) {
  await page.goto('/createAccount');
  await waitForApp(page);
  const dialog = page.getByRole('dialog', { name: 'Create an account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(SIGN_UP_PASSWORD);
  await dialog.getByLabel('Confirm password').fill(SIGN_UP_PASSWORD);
  await dialog.getByRole('button', { name: 'SIGN UP' }).click();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
}

const choiceAnswer = (page: Page) =>
  page.waitForResponse((res) => res.url().endsWith('/api/choose_password') && res.request().method() === 'GET');

test('opened in the browser that signed up: verified, still signed in, the sign-up password still works', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('samebrowser');
  await signUpThroughTheForm(page, email);
  const link = linkIn(await waitForMail(request, email, /Verify your e-mail/), /\/api\/verify_email\?token=/);

  const asked = choiceAnswer(page);
  await page.goto(link);
  await expect(page.getByText(MSG.accountVerified)).toBeVisible();
  expect((await asked).status()).toBe(401); // nothing to choose here
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();

  const cart = page.waitForResponse((res) => res.url().includes('/api/server/get_cart/'));
  await page.reload();
  expect((await cart).status()).toBe(200); // the session the sign-up made is still live
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText(MSG.sessionEnded)).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await submitSignIn(page, email, SIGN_UP_PASSWORD);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
});

test('opened on another device: the page offers a password, the shopper sets it and goes on signed in; the laptop asks to sign in again', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('otherdevice');
  const laptopContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  let laptop = await laptopContext.newPage();
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();

  await signUpThroughTheForm(laptop, email);
  // The shopper leaves the laptop (its tab would otherwise report the ended session at its next
  // call, while the phone is still busy) and comes back to it at the end.
  await laptop.close();
  const link = linkIn(await waitForMail(request, email, /Verify your e-mail/), /\/api\/verify_email\?token=/);

  // The phone follows the link: verified, and told why it must choose a password.
  await phone.goto(link);
  await expect(phone.getByText(MSG.accountVerified).first()).toBeVisible();
  await expect(phone).toHaveURL(/\/choose_password$/);
  const dialog = phone.getByRole('dialog', { name: 'Choose your password' });
  await expect(dialog).toContainText('different browser from the one the account was made in');
  await expect(dialog).toContainText(
    'we have removed the password chosen at sign-up and signed the account out on every device',
  );
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(phone);

  await dialog.getByLabel('New password').fill('phone4567');
  await dialog.getByLabel('Confirm password').fill('phone4568');
  await dialog.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.passwordsMustMatch);
  await dialog.getByLabel('Confirm password').fill('phone4567');
  await dialog.getByRole('button', { name: 'Save password and sign in' }).click();

  await expect(phone).toHaveURL(/\/$/);
  await expect(phone.getByText('Your password is saved and you are signed in.')).toBeVisible();
  await expect(phone.getByRole('dialog')).toHaveCount(0);
  expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await phone.goto('/profile');
  await expect(phone.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(phone.getByText('✓ Verified')).toBeVisible();

  // The link and the page work once.
  await phone.goto(link);
  await expect(phone.getByText(MSG.accountVerificationFailed)).toBeVisible();
  await phone.goto('/choose_password');
  await expect(phone.getByRole('dialog', { name: 'Choose your password' }).getByRole('alert')).toContainText(
    'There is no password to choose in this browser any more',
  );

  // The laptop's session was ended by the link: its next page load says so and signs it out.
  laptop = await laptopContext.newPage();
  await laptop.goto('/');
  await expect(laptop.getByText(MSG.sessionEnded)).toBeVisible();
  await expect(laptop.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await laptop.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The sign-up password is gone; the one chosen on the phone works.
  await submitSignIn(laptop, email, SIGN_UP_PASSWORD);
  await expect(laptop.getByRole('dialog', { name: 'Sign in' }).getByRole('alert')).toHaveText(
    'The e-mail address or password is incorrect.',
  );
  await submitSignIn(laptop, email, 'phone4567');
  await expect(laptop.getByRole('link', { name: 'Profile' })).toBeVisible();

  await laptopContext.close();
  await phoneContext.close();
});
