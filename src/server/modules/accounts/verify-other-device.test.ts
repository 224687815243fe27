/**
 * Issue 32 finding 1: a verification link opened outside the signing-up browser (the phone's mail
 * app, the common case) still drops the password and ends the sessions (decisions/029: whoever
 * set the password did not prove the address), but the browser that followed the link gets the
 * reset token of the 'Choose a password' mail in an HttpOnly cookie, so the person holding the
 * mailbox chooses a password on the page they land on and is signed in there (decisions/130).
 * The token is the reset flow's own: used once, whichever of the page or the mail comes first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkInMail } from '../../test/mailbox';
import { bearer, createUser } from '../../test/factories/users';
import * as MSG from '@shared/messages';
import { ACCOUNT_TEXT } from './service';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t?.close());

const db = () => t.deps.database.db;
const SIGN_UP_PASSWORD = 'laptop123';

// Each call from its own client, so the sign-in budgets never bind in this file.
let ip = 0;
const client = () => ({ 'x-forwarded-for': `198.51.100.${++ip % 250}` });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...client(), ...headers } });
const login = (email: string, password: string) => post('/api/login', { email, password });
const orderHistory = (userId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/server/order_history/${userId}`, headers: bearer(token) });
const pendingChoice = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/choose_password', headers: cookie ? { cookie } : {} });
const choose = (password: unknown, cookie?: string) =>
  post('/api/choose_password', { password }, cookie ? { cookie } : {});
const row = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;

const setCookies = (headers: Record<string, unknown>): string[] => [headers['set-cookie'] ?? []].flat().map(String);
/** The `name=value` of the answer's choose_password cookie, if it set one with a value. */
const choiceCookie = (headers: Record<string, unknown>) =>
  setCookies(headers)
    .find((c) => /^choose_password=[^;]+;/.test(c))
    ?.split(';')[0];

/** A shopper signs up on the laptop: an unverified account, a session in use, the binding cookie. */
async function signUpOnLaptop() {
  const email = `laptop${++n}@example.com`;
  const res = await post('/api/create_account', { email, password: SIGN_UP_PASSWORD });
  expect(res.statusCode).toBe(201);
  const { id, token } = res.json() as { id: string; token: string };
  expect((await orderHistory(id, token)).statusCode).toBe(200);
  const link = new URL((await linkInMail(db(), email, /\/api\/verify_email\?token=/))!);
  return {
    email,
    id,
    token,
    binding: String(res.headers['set-cookie']).split(';')[0]!,
    verifyPath: `${link.pathname}${link.search}`,
  };
}

/** The same shopper opens the mail on the phone (no binding cookie) and follows the link. */
async function openOnPhone(verifyPath: string) {
  const res = await t.app.inject({ method: 'GET', url: verifyPath });
  expect(res.statusCode).toBe(302);
  return res;
}

describe('a verification link opened in another browser', () => {
  it('lets that browser choose the password and signs it in; the laptop is signed out and the new password works', async () => {
    const laptop = await signUpOnLaptop();
    const res = await openOnPhone(laptop.verifyPath);
    expect(res.headers.location).toBe('/?verified=true'); // as before (API.md): the page asks what to offer
    const cookie = setCookies(res.headers).find((c) => c.startsWith('choose_password='));
    expect(cookie).toMatch(
      /^choose_password=[\w-]{43}; Path=\/api\/choose_password; Max-Age=3600; HttpOnly; SameSite=Strict$/,
    );
    const phone = choiceCookie(res.headers)!;

    // The protection of decisions/029 holds: password dropped, laptop's session ended, and its
    // next call is told so (the web client shows it and signs out).
    expect(await row(laptop.email)).toMatchObject({ verified: true, passwordHash: null });
    const ended = await orderHistory(laptop.id, laptop.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ message: MSG.sessionEnded });
    const noToken = await t.app.inject({ method: 'GET', url: `/api/server/order_history/${laptop.id}` });
    expect(noToken.json()).toEqual({ message: 'Please sign in to continue.' });
    expect((await login(laptop.email, SIGN_UP_PASSWORD)).statusCode).toBe(401);

    const pending = await pendingChoice(phone);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ email: laptop.email });

    const chosen = await choose('phone4567', phone);
    expect(chosen.statusCode).toBe(200);
    const answer = chosen.json() as {
      token: string;
      id: string;
      email: string;
      role: string;
      method: null;
      verified: boolean;
      message: string;
    };
    expect(answer).toMatchObject({
      id: laptop.id,
      email: laptop.email,
      role: 'customer',
      method: null,
      verified: true,
      message: ACCOUNT_TEXT.passwordChosen,
    });
    expect(setCookies(chosen.headers)).toEqual([
      'choose_password=; Path=/api/choose_password; Max-Age=0; HttpOnly; SameSite=Strict',
    ]);
    expect((await orderHistory(laptop.id, answer.token)).statusCode).toBe(200); // the phone is signed in
    expect((await orderHistory(laptop.id, laptop.token)).statusCode).toBe(401); // the laptop stays out

    expect((await login(laptop.email, 'phone4567')).json()).toMatchObject({ id: laptop.id, verified: true });
    expect((await login(laptop.email, SIGN_UP_PASSWORD)).statusCode).toBe(401);
  });

  it('works once: the same cookie again, the mailed link with the same token, and the verification link again are refused', async () => {
    const laptop = await signUpOnLaptop();
    const phone = choiceCookie((await openOnPhone(laptop.verifyPath)).headers)!;
    const mailed = new URL((await linkInMail(db(), laptop.email, /change_password\?token=/))!).searchParams.get(
      'token',
    )!;
    expect(phone).toBe(`choose_password=${mailed}`); // one token: the page's and the mail's

    expect((await choose('first1234', phone)).statusCode).toBe(200);
    const replay = await choose('second1234', phone);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: ACCOUNT_TEXT.choiceGone });
    expect((await pendingChoice(phone)).statusCode).toBe(401);
    expect((await post('/api/change_password', { token: mailed, password: 'third1234' })).statusCode).toBe(401);

    const again = await t.app.inject({ method: 'GET', url: laptop.verifyPath });
    expect(again.headers.location).toBe('/?verified=false');
    expect(choiceCookie(again.headers)).toBeUndefined();

    expect((await login(laptop.email, 'first1234')).statusCode).toBe(200);
    expect((await login(laptop.email, 'second1234')).statusCode).toBe(401);
  });

  it('two choices sent at once: exactly one sets the password', async () => {
    const laptop = await signUpOnLaptop();
    const phone = choiceCookie((await openOnPhone(laptop.verifyPath)).headers)!;
    const answers = await Promise.all([choose('racer1234', phone), choose('racer5678', phone)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const winner = answers[0]!.statusCode === 200 ? 'racer1234' : 'racer5678';
    expect((await login(laptop.email, winner)).statusCode).toBe(200);
  });

  it('once the mailed link has been used, the page has nothing to offer', async () => {
    const laptop = await signUpOnLaptop();
    const phone = choiceCookie((await openOnPhone(laptop.verifyPath)).headers)!;
    const mailed = new URL((await linkInMail(db(), laptop.email, /change_password\?token=/))!).searchParams.get(
      'token',
    )!;
    expect((await post('/api/change_password', { token: mailed, password: 'mailed123' })).statusCode).toBe(200);
    expect((await pendingChoice(phone)).json()).toEqual({ message: ACCOUNT_TEXT.choiceGone });
    expect((await choose('page12345', phone)).statusCode).toBe(401);
    expect((await login(laptop.email, 'mailed123')).statusCode).toBe(200);
  });

  it.each([
    ['a password that breaks the rule', 'short', 400, MSG.passwordRule],
    ['an empty password', '', 400, 'Invalid password: Please enter your password.'],
    ['a password that is not text', 12345678, 400, undefined],
  ])('refuses %s with 400 and keeps the choice usable', async (_what, password, status, message) => {
    const laptop = await signUpOnLaptop();
    const phone = choiceCookie((await openOnPhone(laptop.verifyPath)).headers)!;
    const res = await choose(password, phone);
    expect(res.statusCode).toBe(status);
    const body = res.json() as { message: string };
    expect(typeof body.message).toBe('string');
    if (message) expect(body.message).toBe(message);
    expect(setCookies(res.headers)).toEqual([]);
    expect((await row(laptop.email)).passwordHash).toBeNull();
    expect((await choose('better123', phone)).statusCode).toBe(200);
  });

  it('refuses a body that is not JSON (a cross-site form) and changes nothing', async () => {
    const laptop = await signUpOnLaptop();
    const phone = choiceCookie((await openOnPhone(laptop.verifyPath)).headers)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/choose_password',
      payload: 'password=attacker1',
      headers: { ...client(), cookie: phone, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([400, 415]).toContain(res.statusCode);
    expect(typeof (res.json() as { message: unknown }).message).toBe('string');
    expect((await row(laptop.email)).passwordHash).toBeNull();
    expect((await pendingChoice(phone)).statusCode).toBe(200);
  });

  it.each([
    ['no cookie', undefined],
    ['a made-up cookie', 'choose_password=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed cookie', 'choose_password=not a token'],
    ['the sign-up browser’s binding instead', 'verify_binding=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('with %s, has nothing to offer (401) and sets nothing', async (_what, cookie) => {
    const pending = await pendingChoice(cookie);
    expect(pending.statusCode).toBe(401);
    expect(pending.json()).toEqual({ message: ACCOUNT_TEXT.choiceGone });
    const res = await choose('valid1234', cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.choiceGone });
  });

  it('does not sign in an admin with a reset token of theirs (their two-step login stays), and leaves the token usable', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    expect((await post('/api/request_password_reset', { email: admin.email })).statusCode).toBe(200);
    const token = new URL((await linkInMail(db(), admin.email, /change_password\?token=/))!).searchParams.get('token')!;
    expect((await pendingChoice(`choose_password=${token}`)).statusCode).toBe(401);
    const res = await choose('admin12345', `choose_password=${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.socialAdmin });
    expect((await orderHistory(admin.id, admin.token)).statusCode).toBe(200); // nothing ended
    expect((await post('/api/change_password', { token, password: 'admin12345' })).statusCode).toBe(200);
  });
});

describe('a verification link opened in the browser that signed up', () => {
  it('changes nothing for the shopper: no choice is offered, the session and the password go on working', async () => {
    const laptop = await signUpOnLaptop();
    const res = await t.app.inject({ method: 'GET', url: laptop.verifyPath, headers: { cookie: laptop.binding } });
    expect(res.headers.location).toBe('/?verified=true');
    expect(choiceCookie(res.headers)).toBeUndefined();
    expect(setCookies(res.headers).some((c) => c.startsWith('choose_password='))).toBe(false);
    expect((await pendingChoice()).statusCode).toBe(401);
    expect((await orderHistory(laptop.id, laptop.token)).statusCode).toBe(200);
    expect((await login(laptop.email, SIGN_UP_PASSWORD)).json()).toMatchObject({ id: laptop.id, verified: true });
  });
});
