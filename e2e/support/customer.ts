/**
 * Customers in browser tests: an account made through the API (POST /api/create_account, as the
 * sign-up form does), and the sign-in a shopper makes in the 'Sign in' dialog. Every customer is
 * new (uniqueEmail), so journeys running at the same time never share one.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './fixtures';

export const CUSTOMER_PASSWORD = 'reader123';

export interface Customer {
  id: string;
  email: string;
  password: string;
  /** The session token the sign-up answered with, for API calls the test makes itself. */
  token: string;
}

export async function createCustomer(
  request: APIRequestContext,
  email = uniqueEmail('shopper'),
  password = CUSTOMER_PASSWORD,
): Promise<Customer> {
  const response = await request.post('/api/create_account', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(201);
  const { id, token } = (await response.json()) as { id: string; token: string };
  return { id, email, password, token };
}

/** Fills and sends the 'Sign in' dialog on /login; the caller checks the outcome. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'SIGN IN' }).click();
}

/** Signs a customer in through the dialog and waits for the signed-in header. */
export async function signInAsCustomer(page: Page, customer: Pick<Customer, 'email' | 'password'>): Promise<void> {
  await submitSignIn(page, customer.email, customer.password);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
}
