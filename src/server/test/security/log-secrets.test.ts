/**
 * No secret, password, token or card detail in any log line: a whole run of the sensitive flows
 * (sign-up, login, password reset, two-step admin login, checkout and payment, review link) is
 * logged at the most verbose level, and the captured lines are searched for every secret used.
 */
import { embeddedDeps } from '../../deps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, redactUrl, type App } from '../../app';
import { testConfig } from '../../config';
import { ensureAdminAccount } from '../../db/seed/seed';
import { createReviewLink } from '../../modules/reviews/review-links';
import { createProduct } from '../factories/products';
import { createTestDatabase } from '../harness';
import { linkInMail } from '../mailbox';
import { TEST_ADDRESS } from '../factories/addresses';

const lines: string[] = [];
let app: App;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  app = await buildApp(
    testConfig({ LOG_LEVEL: 'trace', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'ownerpass9' }),
    embeddedDeps(created.database),
    { background: false, logStream: { write: (line: string) => void lines.push(line) } },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;

describe('logs', () => {
  it('redacts mailed tokens and e-mail addresses from logged addresses', () => {
    expect(redactUrl('/api/admin/verify_admin?token=abc&x=1')).toBe('/api/admin/verify_admin?token=[redacted]&x=1');
    expect(redactUrl('/review/order/1?review_token=eyJx')).toBe('/review/order/1?review_token=[redacted]');
    expect(redactUrl('/api/resend_verification/ann%40example.com')).toBe('/api/resend_verification/[email]');
  });

  it('hold no password, token or secret after the sensitive flows', async () => {
    const db = app.ctx.database.db;
    const secrets: string[] = [];
    const inject = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
      app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

    // Sign-up, login and a password reset.
    const email = 'ann@example.com';
    secrets.push('firstpass1', 'secondpass2');
    const created = await inject('POST', '/api/create_account', { email, password: 'firstpass1' });
    expect(created.statusCode).toBe(201);
    secrets.push(created.json().token);
    const login = await inject('POST', '/api/login', { email, password: 'firstpass1' });
    expect(login.statusCode).toBe(200);
    secrets.push(login.json().token);
    await inject('POST', '/api/login', { email, password: 'wrongpass1' });
    expect((await inject('POST', '/api/request_password_reset', { email })).statusCode).toBe(200);
    const resetLink = await linkInMail(db, email, /change_password\?token=/);
    const resetToken = new URL(resetLink!).searchParams.get('token')!;
    secrets.push(resetToken);
    expect(
      (await inject('POST', '/api/change_password', { token: resetToken, password: 'secondpass2' })).statusCode,
    ).toBe(200);
    const verifyLink = new URL((await linkInMail(db, email, /verify_email\?token=/))!);
    secrets.push(verifyLink.searchParams.get('token')!);
    expect((await app.inject({ method: 'GET', url: verifyLink.pathname + verifyLink.search })).statusCode).toBe(302);

    // Two-step admin login.
    secrets.push('ownerpass9');
    await ensureAdminAccount(app.ctx);
    const adminLogin = await inject('POST', '/api/login', { email: 'owner@example.com', password: 'ownerpass9' });
    expect(adminLogin.json().admin).toBe(true);
    const pending = adminLogin.json().token as string;
    secrets.push(pending);
    const mailed = new URL((await linkInMail(db, 'owner@example.com', /verify_admin=true/))!).searchParams.get(
      'token',
    )!;
    secrets.push(mailed);
    const session = await inject(
      'GET',
      `/api/admin/verify_admin?token=${encodeURIComponent(mailed)}`,
      undefined,
      pending,
    );
    expect(session.statusCode).toBe(200);
    secrets.push(session.json().token);

    // Checkout and demo payment.
    const book = await createProduct(db, { pricePence: 799 });
    const me = (await inject('POST', '/api/login', { email, password: 'secondpass2' })).json(); // the reset ended the first session
    secrets.push(me.token);
    const checkout = await inject(
      'POST',
      '/api/checkout/create_checkout_session',
      {
        cartItems: [{ product_id: book.id, qty: 2 }],
        user_id: me.id,
        user_email: email,
        shipping_cost: 3.83,
        currency: 'GBP',
      },
      me.token,
    );
    expect(checkout.statusCode).toBe(200);
    const sessionId = checkout.json().sessionId as string;
    expect(
      (await inject('POST', `/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, { address: TEST_ADDRESS }))
        .statusCode,
    ).toBe(200);

    // A review link.
    const history = await inject('GET', `/api/server/order_history/${me.id}`, undefined, me.token);
    const orderId = history.json()[0].order_id as string;
    const reviewLink = await createReviewLink(app.ctx, { id: orderId, email });
    const reviewToken = new URL(reviewLink).searchParams.get('review_token')!;
    secrets.push(reviewToken);
    expect((await inject('POST', '/api/verify_review_token', { token: reviewToken })).statusCode).toBe(200);

    const log = lines.join('');
    // Every request has its line (one each, decision 096) with its address, so the addresses were all checked.
    const requestLines = lines.filter((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    expect(requestLines.length).toBe(13);
    for (const secret of secrets)
      expect(log.includes(secret), `a secret (${secret.slice(0, 6)}…) is in the log`).toBe(false);
    expect(log).not.toMatch(JWT);
    expect(log).not.toMatch(/"authorization"|scrypt\$/i);
  });
});
