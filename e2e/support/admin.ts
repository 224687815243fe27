/**
 * Signing in as the e2e admin the way the shop's two-step admin login works: POST /api/login
 * answers `{ admin: true, token }` and mails a link `/?verify_admin=true&token=…`; the browser
 * that holds the login token (localStorage 'adminVerificationToken') opens the link and is
 * signed in as admin on /admin.
 */
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { linkIn, type Mail } from './fixtures';

const mailbox = async (page: Page, email: string) =>
  (await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];

export async function signInAsAdmin(page: Page, admin: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  // Another journey may sign the same admin in at the same moment, and its mail would not match
  // this browser's token: then the app goes to /login?verified=false and we sign in again.
  for (let attempt = 1; ; attempt += 1) {
    const seen = new Set((await mailbox(page, admin.email)).map((mail) => mail.id));
    const login = await page.request.post('/api/login', { data: { email: admin.email, password: admin.password } });
    expect(login.status(), await login.text()).toBe(200);
    const answer = (await login.json()) as { admin?: boolean; token?: string };
    expect(answer.admin).toBe(true);
    let mail: Mail | undefined;
    await expect
      .poll(async () => {
        mail = (await mailbox(page, admin.email)).find((m) => !seen.has(m.id) && /verify_admin=true/.test(m.text));
        return Boolean(mail);
      })
      .toBe(true);
    const link = new URL(linkIn(mail!, /verify_admin=true/));
    await page.goto('/about');
    await page.evaluate((token) => localStorage.setItem('adminVerificationToken', token), answer.token!);
    await page.goto(link.pathname + link.search);
    await page.waitForURL(/\/admin$|\/login/);
    if (/\/admin$/.test(page.url())) return;
    if (attempt === 3) throw new Error(`Admin sign-in failed: ended on ${page.url()}`);
  }
}

/** The signed-in admin's session token, for API calls the test makes itself. */
export async function adminToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}
