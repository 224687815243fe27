/**
 * Forged and misused tokens on protected routes (ASVS V3.5, V2.5, V6.2): only an HS256 session
 * token signed with the shop's secret acts as a session. A token with `alg: none`, another
 * algorithm, another secret, or made for another purpose (review link, admin login step, mailed
 * reset link) counts as no token: 401, and nothing is read or written for it.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_S } from '@shared/constants';
import { appSettings } from '../../db/schema';
import { ensureAdminAccount } from '../../db/seed/seed';
import { signReviewToken } from '../../modules/reviews/review-links';
import { bearer, createUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../harness';
import { linkInMail } from '../mailbox';

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'bosspass9' } });
  alice = await createUser(t.app);
});
afterAll(() => t.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const future = () => Math.floor(Date.now() / 1000) + 3600;

/** The claims of a real session for `user`, as the shop signs them. */
const sessionClaims = (user: TestUser, role = user.role) => ({
  id: user.id,
  email: user.email,
  role,
  method: null,
  typ: 'session',
});

/** The signing key the shop made for itself (the embedded default keeps it in app_settings). */
async function shopSecret(): Promise<Uint8Array> {
  const [row] = await t.app.ctx.database.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  expect(row?.value, 'the shop keeps its generated secret in the database').toBeTruthy();
  return new TextEncoder().encode(row!.value);
}

/** Status of alice's cart (owner route) and of an admin-only route with this bearer token. */
async function statuses(token: string): Promise<{ cart: number; admin: number }> {
  const cart = await t.app.inject({ method: 'GET', url: `/api/server/get_cart/${alice.id}`, headers: bearer(token) });
  const admin = await t.app.inject({ method: 'GET', url: '/api/admin/orders_status', headers: bearer(token) });
  return { cart: cart.statusCode, admin: admin.statusCode };
}

describe('forged session tokens', () => {
  it('a genuine session token is accepted (the probe can tell the difference)', async () => {
    expect(await statuses(alice.token)).toEqual({ cart: 200, admin: 403 });
  });

  it("refuses an unsigned token with alg 'none' claiming to be an admin session (401)", async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64({ ...sessionClaims(alice, 'admin'), exp: future() })}.`;
      expect(await statuses(unsigned), alg).toEqual({ cart: 401, admin: 401 });
    }
  });

  it('refuses a token signed with another secret (401)', async () => {
    const otherSecret = new TextEncoder().encode('a-different-secret-of-at-least-thirty-two-characters');
    const forged = await new SignJWT(sessionClaims(alice, 'admin'))
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(future())
      .sign(otherSecret);
    expect(await statuses(forged)).toEqual({ cart: 401, admin: 401 });
  });

  it('refuses a token signed with the right secret but another algorithm (HS512): the algorithm is pinned', async () => {
    const secret = await shopSecret();
    const hs512 = await new SignJWT(sessionClaims(alice))
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(future())
      .sign(secret);
    expect(await statuses(hs512)).toEqual({ cart: 401, admin: 401 });
    // The same claims with the shop's algorithm work: the refusal above is the algorithm alone.
    const hs256 = await new SignJWT(sessionClaims(alice))
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(future())
      .sign(secret);
    expect(await statuses(hs256)).toEqual({ cart: 200, admin: 403 });
  });

  it('refuses a genuine signature pasted under a header or payload changed to admin (401)', async () => {
    const [header, payload, signature] = alice.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const promoted = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    const noneHeader = `${b64({ alg: 'none' })}.${payload}.${signature}`;
    expect(await statuses(promoted)).toEqual({ cart: 401, admin: 401 });
    expect(await statuses(noneHeader)).toEqual({ cart: 401, admin: 401 });
  });

  it('refuses a valid session token without an expiry (401)', async () => {
    const forever = await new SignJWT(sessionClaims(alice))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(await shopSecret());
    expect(await statuses(forever)).toEqual({ cart: 401, admin: 401 });
  });

  it('issues session tokens that expire after 7 days', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: alice.email, password: alice.password },
    });
    expect(login.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(login.json().token.split('.')[1], 'base64url').toString()) as {
      iat: number;
      exp: number;
      typ: string;
    };
    expect(claims.typ).toBe('session');
    expect(claims.exp - claims.iat).toBe(SESSION_TTL_S);
    expect(SESSION_TTL_S).toBe(7 * 24 * 60 * 60);
  });
});

describe('tokens made for another purpose are not sessions', () => {
  it('a review-link token is refused as a bearer (401)', async () => {
    const review = await signReviewToken(t.app.ctx, { orderId: 'any-order', email: alice.email });
    expect(await statuses(review)).toEqual({ cart: 401, admin: 401 });
    // Even one carrying session-shaped claims: its typ is still 'review'.
    const shaped = await t.app.ctx.tokens.sign(
      'review',
      { id: alice.id, email: alice.email, role: 'admin', method: null },
      3600,
    );
    expect(await statuses(shaped)).toEqual({ cart: 401, admin: 401 });
  });

  it("the admin login's first-step token is refused as a session, on admin and owner routes (401)", async () => {
    await ensureAdminAccount(t.app.ctx);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'boss@example.com', password: 'bosspass9' },
    });
    expect(login.json()).toMatchObject({ admin: true });
    const pending = login.json().token as string;
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/orders_status', headers: bearer(pending) });
    expect(admin.statusCode).toBe(401);
  });

  it('a mailed password-reset token is refused as a bearer (401) and still resets the password once', async () => {
    const bob = await createUser(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/request_password_reset', payload: { email: bob.email } }))
        .statusCode,
    ).toBe(200);
    const reset = new URL(
      (await linkInMail(t.app.ctx.database.db, bob.email, /change_password\?token=/))!,
    ).searchParams.get('token')!;
    const asBearer = await t.app.inject({
      method: 'GET',
      url: `/api/server/get_cart/${bob.id}`,
      headers: bearer(reset),
    });
    expect(asBearer.statusCode).toBe(401);

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/change_password',
      payload: { token: reset, password: 'brandnew7' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/change_password',
      payload: { token: reset, password: 'another77' },
    });
    expect(second.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: bob.email, password: 'brandnew7' },
    });
    expect(login.statusCode, 'the second use changed nothing').toBe(200);
  });

  it('a session token is not a reset token (401), and the password stays', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/change_password',
      payload: { token: alice.token, password: 'hijacked9' },
    });
    expect(res.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: alice.email, password: alice.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a session token that names a user who no longer exists reads nothing', async () => {
    const ghost = await t.app.ctx.tokens.signSession(
      { id: '00000000-0000-4000-8000-000000000000', email: 'ghost@example.com', role: 'customer', method: null },
      SESSION_TTL_S,
      0,
    );
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/server/get_cart/00000000-0000-4000-8000-000000000000',
      headers: bearer(ghost),
    });
    expect(own.statusCode, 'no account, no session (decisions/083)').toBe(401);
    const others = await t.app.inject({
      method: 'GET',
      url: `/api/server/get_cart/${alice.id}`,
      headers: bearer(ghost),
    });
    expect(others.statusCode).toBe(401);
  });
});
