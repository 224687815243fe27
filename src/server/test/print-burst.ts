/**
 * A burst of paid orders for the print fault tests (test/faults/print-kill*.test.ts), driven only
 * through the real server's HTTP API: books whose ids the fake BookVault knows as ISBNs, demo
 * checkouts opened and paid, the admin's two-step sign-in, a bounded wait until no order is
 * still waiting to be sent, and what the fake received per DocRef.
 *
 *   const books = await seedPrintableBooks(db);          // before the server opens the database
 *   const sessions = await openCheckouts(url, books, 40);
 *   const orderIds = await Promise.all(sessions.map((id, i) => payCheckout(url, id, i)));
 *   await waitUntilPrintSettled(url, await adminToken(url, PRINT_ADMIN), orderIds);
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, printJobs } from '../db/schema';
import { TEST_ADDRESS } from './factories/addresses';
import { createProduct, type ProductFixture } from './factories/products';
import type { FakeBookVault } from './fake-bookvault';

/** ISBNs the fake BookVault's library holds; the books are made with these ids. */
export const PRINT_ISBNS = ['9781234567897', '9780000000002', '9780000000019'];

export const PRINT_ADMIN = { email: 'print-admin@example.com', password: 'Print2burst' };

/** What the shop sends a problem mail to (config.ts SHOP_EMAIL's default). */
export const SHOP_EMAIL = 'shop@localhost';

/** The environment every print fault shop shares (the fake's key and address come with each). */
export function printShopEnv(
  bv: FakeBookVault,
  options: { dataDir: string; databaseUrl?: string; apiKey?: string; leaseSeconds: number },
): Record<string, string> {
  return {
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    // No web build: the API is what is under test, and another run may be rebuilding dist/web.
    WEB_DIST_DIR: `${options.dataDir}/no-web-build`,
    SEED_DEMO: 'false',
    JWT_SECRET: 'print-kill-test-secret-0123456789abcdefghij',
    ADMIN_EMAIL: PRINT_ADMIN.email,
    ADMIN_PASSWORD: PRINT_ADMIN.password,
    E2E_RELAXED_RATE_LIMITS: 'true',
    PRINT_PARTNER: 'bookvault',
    BOOKVAULT_API_KEY: options.apiKey ?? bv.apiKey,
    BOOKVAULT_API_URL: bv.url,
    // No status polls during the test: only submissions reach the fake.
    PRINT_PARTNER_POLL_SECONDS: '3600',
    PRINT_SUBMIT_LEASE_SECONDS: String(options.leaseSeconds),
    // No cancel window (decision 137): a paid order is sent at once, which is what these tests follow.
    PRINT_HOLD_MINUTES: '0',
  };
}

export async function seedPrintableBooks(db: Db): Promise<ProductFixture[]> {
  const books: ProductFixture[] = [];
  for (const [i, isbn] of PRINT_ISBNS.entries())
    books.push(await createProduct(db, { id: isbn, name: `Printable Book ${i + 1}`, pricePence: 600 + i * 150 }));
  return books;
}

async function json<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Opens `count` demo checkouts (one or two books each), spread over the given shops in turn. */
export async function openCheckouts(baseUrls: string[], books: ProductFixture[], count: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const cartItems = [{ product_id: books[i % books.length]!.id, qty: 1 + (i % 3) }];
    if (i % 2) cartItems.push({ product_id: books[(i + 1) % books.length]!.id, qty: 1 });
    const base = baseUrls[i % baseUrls.length]!;
    const answer = await json<{ sessionId: string }>('POST', `${base}/api/checkout/create_checkout_session`, {
      body: { cartItems, user_id: null, user_email: '', currency: 'GBP' },
    });
    sessions.push(answer.sessionId);
  }
  return sessions;
}

/** Pays a demo checkout (the shopper's Pay with an address); answers the order's id. */
export async function payCheckout(baseUrl: string, sessionId: string, n: number): Promise<string> {
  const answer = await json<{ order_id: string }>('POST', `${baseUrl}/api/checkout/demo/${sessionId}/pay`, {
    body: { email: `reader-${n}@example.com`, address: TEST_ADDRESS },
  });
  return answer.order_id;
}

/** The admin's two-step sign-in: password, then the token mailed to the dev mailbox. */
export async function adminToken(baseUrl: string, admin = PRINT_ADMIN): Promise<string> {
  const mailbox = () =>
    json<{ id: string; text: string }[]>('GET', `${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(admin.email)}`);
  const seen = new Set((await mailbox()).map((mail) => mail.id));
  const login = await json<{ admin?: boolean; token: string }>('POST', `${baseUrl}/api/login`, { body: admin });
  if (!login.admin) throw new Error('the print admin did not sign in as an admin');
  // The mail is queued in the login's own transaction, so it is in the outbox once login answers.
  const mailed = (await mailbox())
    .filter((mail) => !seen.has(mail.id))
    .map((mail) => /verify_admin=true&token=([^\s&]+)/.exec(mail.text)?.[1])
    .find(Boolean);
  if (!mailed) throw new Error('no admin verification mail in the outbox');
  return (
    await json<{ token: string }>('GET', `${baseUrl}/api/admin/verify_admin?token=${mailed}`, { token: login.token })
  ).token;
}

/** The print state the admin sees for each of the shop's newest orders (at most 100). */
async function printStates(baseUrl: string, token: string): Promise<Map<string, string | null>> {
  const page = await json<{ orders: { order_id: string; print_state: string | null }[] }>(
    'GET',
    `${baseUrl}/api/admin/orders?limit=100`,
    { token },
  );
  return new Map(page.orders.map((order) => [order.order_id, order.print_state]));
}

/**
 * Waits (bounded) until none of `orderIds` is still queued or being sent, as the admin's order
 * list shows it: each was sent, or needs the owner. Throws with those still waiting.
 */
export async function waitUntilPrintSettled(
  baseUrl: string,
  token: string,
  orderIds: string[],
  timeoutMs = 40_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await printStates(baseUrl, token);
    const waiting = orderIds.filter((id) => !states.has(id) || states.get(id) === 'queued');
    if (waiting.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `${waiting.length} order(s) still waiting to be sent after ${timeoutMs} ms: ${waiting.slice(0, 5).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many POST /Order calls the fake received for each DocRef (our order id). */
export function postsByDocRef(bv: FakeBookVault): Map<string, number> {
  const counts = new Map<string, number>();
  for (const call of bv.calls) {
    if (call.method !== 'POST' || call.path !== '/Order') continue;
    const docRef = String((call.body as { DocRef?: unknown } | undefined)?.DocRef ?? '');
    counts.set(docRef, (counts.get(docRef) ?? 0) + 1);
  }
  return counts;
}

export const docRefOf = (call: { body: unknown }) =>
  String((call.body as { DocRef?: unknown } | undefined)?.DocRef ?? '');

/** Each order's print job and BookVault reference, read from the database. */
export async function printOutcomes(db: Db, orderIds: string[]) {
  const jobs = await db.select().from(printJobs).where(inArray(printJobs.orderId, orderIds));
  const refs = await db
    .select({ id: orders.id, bookVaultRef: orders.bookVaultRef, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  const orderById = new Map(refs.map((row) => [row.id, row]));
  return new Map(jobs.map((job) => [job.orderId, { job, order: orderById.get(job.orderId)! }]));
}

/** The words a job cut off by a stop of the shop is handed to the owner with (orders/printing/worker.ts). */
export const STOPPED_MID_CALL = /stopped while it was sending/;
