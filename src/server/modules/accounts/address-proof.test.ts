/**
 * Finding 4, pre-account hijacking: an attacker signs up (unverified) with the victim's address
 * and a password of his own. When the victim later proves the address (Google sign-in, a review
 * link, a verification link opened outside the signing-up browser), the attacker's password is
 * dropped and his sessions end; the victim can then choose a password through a reset link.
 * Google runs as a local fake (real RS256 signatures), orders go through the real checkout and
 * the admin's Delivered mail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialVerifier } from '../../adapters/social/verifier';
import { testConfig } from '../../config';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkInMail, mailsTo } from '../../test/mailbox';
import { createPaidOrder } from '../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { startFakeGoogle, type FakeGoogle } from './fake-providers';

let t: TestApp;
let google: FakeGoogle;
let admin: TestUser;
let book: ProductFixture;
let n = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  const env = {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_ISSUER: google.issuer,
    TRUST_PROXY: 'true',
  };
  t = await createTestApp({ env, deps: { social: socialVerifier(testConfig(env)) } });
  admin = await createUser(t.app, { role: 'admin' });
  book = await createProduct(t.deps.database.db, { id: 'BV-PROOF-1', name: 'Proof Puzzles' });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const db = () => t.deps.database.db;
const victimAddress = () => `victim${++n}@example.com`;
const ATTACKER_PASSWORD = 'attacker1';

// Each call from its own client, so the sign-in budgets of this file's many sign-ups never bind.
let ip = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': `192.0.2.${++ip % 250}`, ...headers } });
const login = (email: string, password: string) => post('/api/login', { email, password });
const orderHistory = (userId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/server/order_history/${userId}`, headers: bearer(token) });
const row = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;

/** The attacker's sign-up with the victim's address: an unverified account, his password, his session (in use). */
async function attackerSignsUp(email: string) {
  const res = await post('/api/create_account', { email, password: ATTACKER_PASSWORD });
  expect(res.statusCode).toBe(201);
  const { id, token } = res.json() as { id: string; token: string };
  expect((await orderHistory(id, token)).statusCode).toBe(200); // his session works (and is cached)
  return { id, token, cookie: String(res.headers['set-cookie']) };
}

/** The attacker is out: his session is refused and his password no longer signs in. */
async function expectAttackerLockedOut(email: string, attacker: { id: string; token: string }) {
  expect((await orderHistory(attacker.id, attacker.token)).statusCode).toBe(401);
  expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(401);
  expect(await row(email)).toMatchObject({ id: attacker.id, verified: true, passwordHash: null });
}

/** The owner of the address chooses a password with a mailed reset link and signs in with it. */
async function ownerSetsPassword(email: string, password = 'mine1234') {
  expect((await post('/api/request_password_reset', { email })).statusCode).toBe(200);
  const token = new URL((await linkInMail(db(), email, /change_password\?token=/))!).searchParams.get('token')!;
  expect((await post('/api/change_password', { token, password })).statusCode).toBe(200);
  expect((await login(email, password)).statusCode).toBe(200);
}

/** The mailed verification link's path and query. */
async function verificationLink(email: string): Promise<string> {
  const link = new URL((await linkInMail(db(), email, /\/api\/verify_email\?token=/))!);
  return `${link.pathname}${link.search}`;
}

describe('(a) Google sign-in on an address someone signed up with', () => {
  it('keeps the account (and its id) but drops the password it was made with and ends its sessions', async () => {
    const email = victimAddress();
    const attacker = await attackerSignsUp(email);

    const res = await post('/api/social_login', { provider: 'google', token: await google.idToken({ email }) });
    expect(res.statusCode).toBe(200);
    const victim = res.json() as { id: string; token: string };
    expect(victim.id).toBe(attacker.id);

    await expectAttackerLockedOut(email, attacker);
    // The victim's orders are the victim's alone.
    await createPaidOrder(t.app, { user: { id: victim.id, email }, items: [{ product: book }] });
    const history = await orderHistory(victim.id, victim.token);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(1);
    expect((await orderHistory(attacker.id, attacker.token)).statusCode).toBe(401);

    await ownerSetsPassword(email);
  });

  it('a verified account keeps its password and its sessions', async () => {
    const owner = await createUser(t.app);
    const res = await post('/api/social_login', {
      provider: 'google',
      token: await google.idToken({ email: owner.email }),
    });
    expect(res.statusCode).toBe(200);
    expect((await orderHistory(owner.id, owner.token)).statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });
});

describe('(b) a guest order’s review link on an address someone signed up with', () => {
  it('attaches the order to the account only after dropping the password and ending its sessions', async () => {
    const email = victimAddress();
    const attacker = await attackerSignsUp(email);

    // The victim checks out as a guest with the same address; the shop delivers and mails the review link.
    const { orderId } = await createPaidOrder(t.app, { email, items: [{ product: book }] });
    const delivered = await post(
      '/api/admin/update_order_status',
      { order_id: orderId, status: 'Delivered' },
      bearer(admin.token),
    );
    expect(delivered.statusCode).toBe(200);
    const link = new URL((await linkInMail(db(), email, /\/review\/order\//))!);
    expect(link.pathname).toBe(`/review/order/${orderId}`);

    const res = await post('/api/verify_review_token', { token: link.searchParams.get('review_token') });
    expect(res.statusCode).toBe(200);
    const victim = res.json() as { id: string; token: string };
    expect(victim.id).toBe(attacker.id);

    await expectAttackerLockedOut(email, attacker);
    const history = await orderHistory(victim.id, victim.token);
    expect(history.statusCode).toBe(200);
    expect(history.json().map((order: { order_id: string }) => order.order_id)).toEqual([orderId]);

    await ownerSetsPassword(email);
  });
});

describe('(c) the verification link', () => {
  it('create_account gives the signing-up browser a binding cookie for the verification link only', async () => {
    const { cookie } = await attackerSignsUp(victimAddress());
    expect(cookie).toMatch(
      /^verify_binding=[\w-]{43}; Path=\/api\/verify_email; Max-Age=604800; HttpOnly; SameSite=Lax$/,
    );
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'a cross-site form (%s) cannot sign up, so it cannot plant a binding in the victim’s browser',
    async (contentType) => {
      const email = victimAddress();
      const res = await post(
        '/api/create_account',
        { email, password: ATTACKER_PASSWORD },
        { 'content-type': contentType },
      );
      expect([400, 415]).toContain(res.statusCode);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    },
  );

  it('opened in the browser that signed up, verifies the account and keeps its password and sessions', async () => {
    const email = victimAddress();
    const me = await attackerSignsUp(email); // here the one who signed up is the owner
    const res = await t.app.inject({
      method: 'GET',
      url: await verificationLink(email),
      headers: { cookie: me.cookie.split(';')[0]! },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?verified=true');
    expect(String(res.headers['set-cookie'])).toMatch(/^verify_binding=; .*Max-Age=0/);
    expect((await orderHistory(me.id, me.token)).statusCode).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).json()).toMatchObject({ id: me.id, verified: true });
  });

  it('a link mailed again later still counts as opened in the signing-up browser', async () => {
    const email = victimAddress();
    const me = await attackerSignsUp(email);
    expect((await post(`/api/resend_verification/${email}`, {})).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: await verificationLink(email),
      headers: { cookie: `other=1; ${me.cookie.split(';')[0]!}` },
    });
    expect(res.headers.location).toBe('/?verified=true');
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['without the cookie', undefined],
    ['with another browser’s cookie', 'verify_binding=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])(
    'opened %s, verifies the address, drops the password, ends the sessions and mails a link to choose one',
    async (_how, cookie) => {
      const email = victimAddress();
      const attacker = await attackerSignsUp(email);
      const res = await t.app.inject({
        method: 'GET',
        url: await verificationLink(email),
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?verified=true');

      await expectAttackerLockedOut(email, attacker);
      const [mail] = await mailsTo(db(), email);
      expect(mail!.subject).toMatch(/Choose a password/);
      const token = new URL((await linkInMail(db(), email, /change_password\?token=/))!).searchParams.get('token')!;
      expect((await post('/api/change_password', { token, password: 'mine1234' })).statusCode).toBe(200);
      expect((await login(email, 'mine1234')).statusCode).toBe(200);
    },
  );

  it('a used link changes nothing more: redirects to verified=false and keeps the account as it is', async () => {
    const email = victimAddress();
    const me = await attackerSignsUp(email);
    const path = await verificationLink(email);
    const headers = { cookie: me.cookie.split(';')[0]! };
    expect((await t.app.inject({ method: 'GET', url: path, headers })).headers.location).toBe('/?verified=true');
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.headers.location).toBe('/?verified=false');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(200);
  });
});
