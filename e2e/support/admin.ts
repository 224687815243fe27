/**
 * Signing in as the e2e admin the way the shop's two-step admin login works: POST /api/login
 * answers `{ admin: true, token }` and mails a link `/?verify_admin=true&token=…`; the browser
 * that holds the login token (localStorage 'adminVerificationToken') opens the link and is
 * signed in as admin on /admin.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from './env';
import { linkIn, uniqueEmail, type Mail } from './fixtures';

const SIGN_IN_LOCK = path.join(os.tmpdir(), `shop-e2e-admin-sign-in-${E2E_PORT}.lock`);
/** A holder that died mid-sign-in leaves the lock behind; after this long it is taken over. */
const STALE_LOCK_MS = 30_000;

/**
 * Runs `work` (from the password step to opening the mailed link) while no other test worker
 * signs the same admin in: every sign-in mails the same address, and a journey that picked the
 * other worker's mail would open a link that does not belong to its browser. A directory made
 * with mkdir is the lock (atomic on every file system); it is removed when `work` ends.
 */
export async function withAdminSignInLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 2 * STALE_LOCK_MS;
  for (;;) {
    try {
      mkdirSync(SIGN_IN_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const heldFor = Date.now() - (statSync(SIGN_IN_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (heldFor > STALE_LOCK_MS) rmSync(SIGN_IN_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`the admin sign-in lock ${SIGN_IN_LOCK} was not released`);
      await new Promise((resolve) => setTimeout(resolve, 50)); // poll the lock
    }
  }
  try {
    return await work();
  } finally {
    rmSync(SIGN_IN_LOCK, { recursive: true, force: true });
  }
}

const mailbox = async (page: Page, email: string) =>
  (await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];

export async function signInAsAdmin(page: Page, admin: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  // The lock keeps other workers' sign-ins out; if a sign-in still ends on /login?verified=false
  // (a journey that signs in without the lock), it is tried again.
  for (let attempt = 1; ; attempt += 1) {
    if (await withAdminSignInLock(() => signInOnce(page, admin))) return;
    if (attempt === 3) throw new Error(`Admin sign-in failed: ended on ${page.url()}`);
  }
}

/** One two-step sign-in; true when it reached /admin. */
async function signInOnce(page: Page, admin: { email: string; password: string }): Promise<boolean> {
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
  return /\/admin$/.test(page.url());
}

/** The signed-in admin's session token, for API calls the test makes itself. */
export async function adminToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

/** A discount code made the shop's way (the admin's send-discount-code), from an admin signed in in a context of its own. */
export async function sendDiscountCode(
  browser: Browser,
  request: APIRequestContext,
  percentage: number,
): Promise<string> {
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signInAsAdmin(adminPage);
    const sent = await request.post('/api/admin/send-discount-code', {
      headers: { authorization: `Bearer ${await adminToken(adminPage)}` },
      data: { percentage, types: [], ages: [], email: uniqueEmail('promo') },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    return ((await sent.json()) as { code: string }).code;
  } finally {
    await adminContext.close();
  }
}
