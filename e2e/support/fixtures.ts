/**
 * Shared helpers for browser tests: unique shoppers, the outbox (mail is read from
 * /api/dev/mailbox, as a person would read their inbox), and an accessibility check.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export { E2E_ADMIN } from './env';

let counter = 0;
export function uniqueEmail(prefix = 'shopper'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@example.com`.toLowerCase();
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** Waits for a mail to `to` whose subject matches, and answers it. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as Mail[];
        found = mails.find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail whose address matches `pattern`. */
export function linkIn(mail: Mail, pattern: RegExp): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => pattern.test(url));
  if (!link) throw new Error(`No link matching ${pattern} in mail "${mail.subject}"`);
  return link;
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until the app has taken over a server-rendered page (decision 090): links work before,
 * buttons and forms only after. Call it after `page.goto` to a storefront page before clicking.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** Screenshots of a part of the page at a phone's and a desktop's width (390 and 1280 px), for a person to look at. */
export async function screenshotAtWidths(page: Page, part: Locator, dir: string, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await part.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * Holds the page's requests to `url` (only those of `method`, when given) until `release()`, then
 * lets them go on, or fails them as a lost connection would (`fail`). `asked` settles when the
 * first one arrives. For seeing a page while a call is on its way.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  options: { method?: string; fail?: boolean } = {},
): Promise<{ asked: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const asked = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(url, async (route) => {
    if (options.method && route.request().method() !== options.method) return route.continue();
    arrived();
    await released;
    await (options.fail ? route.abort('connectionfailed') : route.continue());
  });
  return { asked, release };
}
