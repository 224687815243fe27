/** Sign-up, login, e-mail verification and password reset through the API. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleUseTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkInMail, mailsTo } from '../../test/mailbox';
import { bearer, createUser } from '../../test/factories/users';
import * as MSG from '@shared/messages';
import { ACCOUNT_TEXT } from './service';

let t: TestApp;
let n = 0;
const email = (prefix = 'reader') => `${prefix}${++n}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': 'ignored', ...headers },
  });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const db = () => t.deps.database.db;
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;

async function userRow(address: string) {
  const [row] = await db().select().from(users).where(eq(users.email, address));
  return row;
}

describe('POST /api/create_account', () => {
  it('creates an unverified customer, signs them in, and mails a verification link', async () => {
    const address = email();
    const res = await post('/api/create_account', { email: address, password: 'secret123' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      verified: false,
      email: address,
      role: 'customer',
      method: null,
      message: ACCOUNT_TEXT.accountCreated,
    });
    expect(await t.app.ctx.tokens.verifySession(body.token)).toMatchObject({
      id: body.id,
      email: address,
      role: 'customer',
    });
    const row = await userRow(address);
    expect(row).toMatchObject({ id: body.id, verified: false, role: 'customer' });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('secret123');
    const link = await linkInMail(db(), address, /\/api\/verify_email\?token=/);
    expect(link).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/api/verify_email\\?token=`));
  });

  it('stores the e-mail lower-cased and refuses the same address in another case with 409', async () => {
    const address = email('Mixed');
    const first = await post('/api/create_account', { email: `  ${address.toUpperCase()} `, password: 'secret123' });
    expect(first.statusCode).toBe(201);
    expect(first.json().email).toBe(address.toLowerCase());
    const again = await post('/api/create_account', { email: address.toLowerCase(), password: 'other456' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ACCOUNT_TEXT.accountExists });
    expect(await mailsTo(db(), address.toLowerCase())).toHaveLength(1);
  });

  it.each([
    ['shorter than 6 characters', 'abc12'],
    ['without a digit', 'abcdefgh'],
    ['with a symbol', 'abc123!'],
    ['longer than 128 characters', `a1${'x'.repeat(200)}`],
  ])('refuses a password %s with the spec message and writes nothing', async (_why, password) => {
    const address = email();
    const res = await post('/api/create_account', { email: address, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(MSG.passwordRule);
    expect(await userRow(address)).toBeUndefined();
    expect(await mailsTo(db(), address)).toHaveLength(0);
  });

  it.each([
    ['a missing e-mail', { password: 'secret123' }, /email/],
    [
      'an invalid e-mail',
      { email: 'not-an-address', password: 'secret123' },
      new RegExp(MSG.invalidEmail.replace('.', '\\.')),
    ],
    ['a missing password', { email: 'x@example.com' }, /password/],
    ['an empty password', { email: 'x@example.com', password: '' }, /password/],
    ['a number as password', { email: 'x@example.com', password: 123456 }, /password/],
  ])('answers 400 naming the field for %s', async (_why, payload, message) => {
    const res = await post('/api/create_account', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('POST /api/login', () => {
  it('signs in a verified customer with the spec fields', async () => {
    const user = await createUser(t.app, { verified: true });
    const res = await post('/api/login', { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      verified: true,
      id: user.id,
      email: user.email,
      role: 'customer',
      method: null,
      message: ACCOUNT_TEXT.signedIn,
    });
    expect(body.admin).toBeUndefined();
    expect(await t.app.ctx.tokens.verifySession(body.token)).toMatchObject({ id: user.id });
  });

  it('signs in an unverified customer and says verified false with a reminder', async () => {
    const user = await createUser(t.app, { verified: false });
    const res = await post('/api/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verified: false, message: ACCOUNT_TEXT.verifyReminder });
  });

  it('gives a wrong password and an unknown e-mail the same 401 answer', async () => {
    const user = await createUser(t.app);
    const wrong = await post('/api/login', { email: user.email, password: 'wrong123' });
    const unknown = await post('/api/login', { email: email('nobody'), password: 'wrong123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: ACCOUNT_TEXT.wrongCredentials });
    expect(unknown.body).toBe(wrong.body);
  });

  it('upgrades a password hash made at a lower cost on the next successful login', async () => {
    const user = await createUser(t.app);
    const weaker = await hashPassword(user.password, t.config.PASSWORD_HASH_COST - 1);
    await db().update(users).set({ passwordHash: weaker }).where(eq(users.id, user.id));
    expect((await post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    const upgraded = (await userRow(user.email))!.passwordHash!;
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${t.config.PASSWORD_HASH_COST}\\$`));
    expect(await verifyPassword(user.password, upgraded)).toBe(true);
  });

  it('refuses an account that has no password (social sign-in) with the same 401', async () => {
    const social = await createUser(t.app, { method: 'google', role: 'user' });
    const res = await post('/api/login', { email: social.email, password: 'anything1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.wrongCredentials });
  });

  it('answers 400 for a missing password', async () => {
    const res = await post('/api/login', { email: email() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/password/);
  });
});

describe('e-mail verification', () => {
  it('the mailed link verifies the account once and redirects to /?verified=true, a second use to false', async () => {
    const address = email();
    await post('/api/create_account', { email: address, password: 'secret123' });
    const link = await linkInMail(db(), address, /verify_email/);
    const path = new URL(link!).pathname + new URL(link!).search;
    const first = await get(path);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/?verified=true');
    expect((await userRow(address))!.verified).toBe(true);
    const again = await get(path);
    expect(again.headers.location).toBe('/?verified=false');
  });

  it('redirects to /?verified=false for a tampered, missing or expired token', async () => {
    const address = email();
    await post('/api/create_account', { email: address, password: 'secret123' });
    const token = tokenOf(await linkInMail(db(), address, /verify_email/));
    expect((await get(`/api/verify_email?token=${token}x`)).headers.location).toBe('/?verified=false');
    expect((await get('/api/verify_email')).headers.location).toBe('/?verified=false');
    const row = await userRow(address);
    await db()
      .update(singleUseTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(singleUseTokens.userId, row!.id));
    expect((await get(`/api/verify_email?token=${token}`)).headers.location).toBe('/?verified=false');
    expect((await userRow(address))!.verified).toBe(false);
  });

  it('a password reset token cannot verify an e-mail', async () => {
    const user = await createUser(t.app, { verified: false });
    await post('/api/request_password_reset', { email: user.email });
    const token = tokenOf(await linkInMail(db(), user.email, /change_password/));
    expect((await get(`/api/verify_email?token=${token}`)).headers.location).toBe('/?verified=false');
    expect((await userRow(user.email))!.verified).toBe(false);
  });

  it('GET /api/check_verification answers the state, false for an unknown address, 400 for a bad one', async () => {
    const verified = await createUser(t.app, { verified: true });
    const unverified = await createUser(t.app, { verified: false });
    expect(
      (await get(`/api/check_verification?email=${encodeURIComponent(verified.email.toUpperCase())}`)).json(),
    ).toEqual({ verified: true });
    expect((await get(`/api/check_verification?email=${unverified.email}`)).json()).toEqual({ verified: false });
    expect((await get(`/api/check_verification?email=${email('ghost')}`)).json()).toEqual({ verified: false });
    const bad = await get('/api/check_verification?email=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(MSG.invalidEmail);
    expect((await get('/api/check_verification')).statusCode).toBe(400);
  });

  it('POST /api/resend_verification mails a new working link, with the same answer for any address', async () => {
    const user = await createUser(t.app, { verified: false });
    const res = await post(`/api/resend_verification/${encodeURIComponent(user.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.resendSent });
    const link = await linkInMail(db(), user.email, /verify_email/);
    expect((await get(new URL(link!).pathname + new URL(link!).search)).headers.location).toBe('/?verified=true');

    const ghost = email('ghost');
    const unknown = await post(`/api/resend_verification/${ghost}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(res.body);
    expect(await mailsTo(db(), ghost)).toHaveLength(0);

    const verified = await createUser(t.app, { verified: true });
    expect((await post(`/api/resend_verification/${verified.email}`)).body).toBe(res.body);
    expect(await mailsTo(db(), verified.email)).toHaveLength(0);

    expect((await post('/api/resend_verification/not-an-address')).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('mails a /change_password link; the token sets a new password once and the old one stops working', async () => {
    const user = await createUser(t.app, { verified: false });
    const res = await post('/api/request_password_reset', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.resetSent });
    const link = await linkInMail(db(), user.email, /\/change_password\?token=/);
    expect(link).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/change_password\\?token=`));
    const token = tokenOf(link);

    const changed = await post('/api/change_password', { token, password: 'newpass9' }, bearer(user.token));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true });
    expect((await post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    const login = await post('/api/login', { email: user.email, password: 'newpass9' });
    expect(login.statusCode).toBe(200);
    expect(login.json().verified).toBe(true); // following the mailed link proved the address

    const reuse = await post('/api/change_password', { token, password: 'another9' });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: ACCOUNT_TEXT.resetLinkBad });
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const ghost = email('ghost');
    const res = await post('/api/request_password_reset', { email: ghost });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.resetSent });
    expect(await mailsTo(db(), ghost)).toHaveLength(0);
  });

  it('a refused new password leaves the link usable and the old password in place', async () => {
    const user = await createUser(t.app);
    await post('/api/request_password_reset', { email: user.email });
    const token = tokenOf(await linkInMail(db(), user.email, /change_password/));
    const bad = await post('/api/change_password', { token, password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MSG.passwordRule });
    expect((await post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await post('/api/change_password', { token, password: 'valid123' })).statusCode).toBe(200);
  });

  it('using one reset link voids the others', async () => {
    const user = await createUser(t.app);
    await post('/api/request_password_reset', { email: user.email });
    const first = tokenOf(await linkInMail(db(), user.email, /change_password/));
    await post('/api/request_password_reset', { email: user.email });
    const second = tokenOf(await linkInMail(db(), user.email, /change_password/));
    expect(second).not.toBe(first);
    expect((await post('/api/change_password', { token: second, password: 'valid123' })).statusCode).toBe(200);
    expect((await post('/api/change_password', { token: first, password: 'valid456' })).statusCode).toBe(401);
  });

  it('refuses an expired, tampered, or wrong-kind token with 401', async () => {
    const user = await createUser(t.app, { verified: false });
    await post('/api/request_password_reset', { email: user.email });
    const token = tokenOf(await linkInMail(db(), user.email, /change_password/));
    expect((await post('/api/change_password', { token: `${token}A`, password: 'valid123' })).statusCode).toBe(401);

    await post(`/api/resend_verification/${user.email}`);
    const verifyToken = tokenOf(await linkInMail(db(), user.email, /verify_email/));
    expect((await post('/api/change_password', { token: verifyToken, password: 'valid123' })).statusCode).toBe(401);
    expect((await post('/api/change_password', { token: user.token, password: 'valid123' })).statusCode).toBe(401);

    await db()
      .update(singleUseTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(singleUseTokens.userId, user.id));
    const expired = await post('/api/change_password', { token, password: 'valid123' });
    expect(expired.statusCode).toBe(401);
    expect((await post('/api/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('answers 400 for a missing token or password', async () => {
    expect((await post('/api/change_password', { password: 'valid123' })).statusCode).toBe(400);
    expect((await post('/api/change_password', { token: 'abc' })).statusCode).toBe(400);
    expect((await post('/api/request_password_reset', {})).statusCode).toBe(400);
  });
});

describe('session tokens', () => {
  it('an expired, tampered or malformed session token counts as no token (401 on a protected call)', async () => {
    const user = await createUser(t.app);
    const claims = { id: user.id, email: user.email, role: 'customer' as const, method: null };
    const expired = await t.app.ctx.tokens.signSession(claims, -10, 0);
    const [h, p, s] = user.token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, role: 'admin', typ: 'session', exp: 9999999999 }),
    ).toString('base64url');
    const forged = `${h}.${forgedPayload}.${s}`;
    // A protected route of this module's layer: the access plugin's own probe is in access.test.ts;
    // here any 'user' route will do, found in the registry.
    const route =
      t.app.apiRoutes.find((r) => r.access === 'user' && r.method === 'GET' && !r.url.includes(':')) ??
      t.app.apiRoutes.find((r) => r.access === 'user' && r.method === 'POST');
    expect(route, 'a route that needs a signed-in user').toBeDefined();
    for (const token of [expired, tampered, forged, 'not.a.token', 'garbage']) {
      const res = await t.app.inject({
        method: route!.method as 'GET',
        url: route!.url.replace(/:\w+/g, 'x'),
        headers: bearer(token),
        payload: route!.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `token ${token.slice(0, 12)}…`).toBe(401);
    }
  });
});
