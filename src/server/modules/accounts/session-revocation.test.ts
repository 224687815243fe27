/**
 * Sessions end when the password changes (security finding F5, decisions/083): every session token
 * carries its account's session version (claim `ver`), and the permission layer refuses a token
 * whose version is no longer the account's, or whose account is gone.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ensureAdminAccount } from '../../db/seed/seed';
import { accessPlugin } from '../../plugins/access';
import { SESSION_TTL_S } from '@shared/constants';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkInMail } from '../../test/mailbox';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { ensureConfiguredAdmin } from './service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
/** An authenticated call only the account's owner may make. */
const ownCart = (user: { id: string }, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/server/get_cart/${user.id}`, headers: bearer(token) });

async function resetPassword(user: TestUser, password: string, headers: Record<string, string> = {}) {
  expect((await post('/api/request_password_reset', { email: user.email })).statusCode).toBe(200);
  const link = await linkInMail(db(), user.email, /\/change_password\?token=/);
  const token = new URL(link!).searchParams.get('token')!;
  const changed = await post('/api/change_password', { token, password }, headers);
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toEqual({ success: true });
}

async function sessionVersion(id: string) {
  const [row] = await db().select({ v: users.sessionVersion }).from(users).where(eq(users.id, id));
  return row?.v;
}

describe('a password change ends every session', () => {
  it('after a password reset the old token answers 401 and a token from the new password works; other users keep theirs', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    expect((await ownCart(ann, ann.token)).statusCode).toBe(200); // the old session works (and is now cached)
    expect((await ownCart(bob, bob.token)).statusCode).toBe(200);

    await resetPassword(ann, 'newpass42');

    const old = await ownCart(ann, ann.token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toHaveProperty('message');
    const login = await post('/api/login', { email: ann.email, password: 'newpass42' });
    expect(login.statusCode).toBe(200);
    expect((await ownCart(ann, login.json().token)).statusCode).toBe(200);
    expect((await ownCart(bob, bob.token)).statusCode, 'another user is unaffected').toBe(200);
  });

  it('the signed-in caller who changes the password from the profile is signed out too, and every other session of theirs', async () => {
    const cleo = await createUser(t.app);
    const laptop = (await post('/api/login', { email: cleo.email, password: cleo.password })).json().token as string;
    const phone = (await post('/api/login', { email: cleo.email, password: cleo.password })).json().token as string;
    for (const token of [laptop, phone]) expect((await ownCart(cleo, token)).statusCode).toBe(200);

    await resetPassword(cleo, 'fresh7pass', bearer(laptop)); // the spec's client sends its token along

    for (const token of [laptop, phone, cleo.token]) expect((await ownCart(cleo, token)).statusCode).toBe(401);
    expect(await sessionVersion(cleo.id)).toBe(1);
    const again = await post('/api/login', { email: cleo.email, password: 'fresh7pass' });
    expect((await ownCart(cleo, again.json().token)).statusCode).toBe(200);
  });

  it('a second password change ends the sessions made after the first', async () => {
    const dev = await createUser(t.app);
    await resetPassword(dev, 'second22');
    const between = (await post('/api/login', { email: dev.email, password: 'second22' })).json().token as string;
    expect((await ownCart(dev, between)).statusCode).toBe(200);
    await resetPassword(dev, 'third333');
    expect((await ownCart(dev, between)).statusCode).toBe(401);
    expect(await sessionVersion(dev.id)).toBe(2);
  });

  it('a revoked token on a public call is answered as a guest: the catalogue loads, a checkout for the user is refused', async () => {
    const eve = await createUser(t.app);
    const book = await createProduct(db(), { pricePence: 799 });
    const checkout = (token: string) =>
      post(
        '/api/checkout/create_checkout_session',
        {
          cartItems: [{ product_id: book.id, qty: 1 }],
          user_id: eve.id,
          user_email: eve.email,
          shipping_cost: 3.83,
          currency: 'GBP',
        },
        bearer(token),
      );
    expect((await checkout(eve.token)).statusCode).toBe(200);
    await resetPassword(eve, 'eve12345');
    const res = await t.app.inject({ method: 'GET', url: '/api/server/get_products', headers: bearer(eve.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: book.id })]));
    expect((await checkout(eve.token)).statusCode, 'no longer acts for the user').toBe(401);
  });
});

describe('session versions', () => {
  it('a token signed before versions existed (no ver claim) counts as version 0: it works until the first change', async () => {
    const fay = await createUser(t.app);
    const legacy = await t.app.ctx.tokens.sign(
      'session',
      { id: fay.id, email: fay.email, role: 'customer', method: null },
      SESSION_TTL_S,
    );
    expect(await t.app.ctx.tokens.verifySession(legacy)).toMatchObject({ id: fay.id, ver: 0 });
    expect((await ownCart(fay, legacy)).statusCode).toBe(200);
    await resetPassword(fay, 'legacy99');
    expect((await ownCart(fay, legacy)).statusCode).toBe(401);
  });

  it("a token of another version than the account's, or with a malformed ver, is refused", async () => {
    const gil = await createUser(t.app);
    const claims = { id: gil.id, email: gil.email, role: 'customer' as const, method: null };
    expect((await ownCart(gil, await t.app.ctx.tokens.signSession(claims, SESSION_TTL_S, 0))).statusCode).toBe(200);
    expect((await ownCart(gil, await t.app.ctx.tokens.signSession(claims, SESSION_TTL_S, 1))).statusCode).toBe(401);
    for (const ver of ['0', -1, 0.5, null]) {
      const odd = await t.app.ctx.tokens.sign('session', { ...claims, ver }, SESSION_TTL_S);
      expect((await ownCart(gil, odd)).statusCode, `ver ${JSON.stringify(ver)}`).toBe(401);
    }
  });

  it("sign-in answers carry the account's current version", async () => {
    const hal = await createUser(t.app);
    await resetPassword(hal, 'halpass11');
    const login = await post('/api/login', { email: hal.email, password: 'halpass11' });
    expect(await t.app.ctx.tokens.verifySession(login.json().token)).toMatchObject({ id: hal.id, ver: 1 });
  });

  it("a deleted account's token answers 401, where a live account's token works", async () => {
    const ivy = await createUser(t.app);
    const jon = await createUser(t.app);
    // Deleting an account is not a shop feature, so no code forgets its cached version: the token is
    // not used before the delete (a cached version would let it through for SESSION_VERSION_TTL_MS).
    await db().delete(users).where(eq(users.id, ivy.id));
    expect((await ownCart(ivy, ivy.token)).statusCode).toBe(401);
    expect((await ownCart(jon, jon.token)).statusCode).toBe(200);
  });
});

describe('the admin account from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it("a new ADMIN_PASSWORD at start ends the admin's sessions (accounts check and seed)", async () => {
    const admin = await createUser(t.app, { role: 'admin', password: 'ownerpass1' });
    const adminCall = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/orders_status', headers: bearer(token) });
    expect((await adminCall(admin.token)).statusCode).toBe(200);

    const withPassword = (ADMIN_PASSWORD: string) => ({
      ...t.app.ctx,
      config: { ...t.app.ctx.config, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD },
    });
    await ensureConfiguredAdmin(withPassword('ownerpass1')); // unchanged: nothing ends
    expect((await adminCall(admin.token)).statusCode).toBe(200);
    await ensureConfiguredAdmin(withPassword('ownerpass2'));
    expect((await adminCall(admin.token)).statusCode).toBe(401);
    expect(await sessionVersion(admin.id)).toBe(1);

    // main.ts runs the seed's admin check before the app listens: it ends sessions the same way.
    await ensureAdminAccount({ ...withPassword('ownerpass3'), log: { info: () => {}, warn: () => {} } });
    expect(await sessionVersion(admin.id)).toBe(2);
  });
});

describe('when the session version can not be read (database down)', () => {
  it('a public route answers as to a guest; a route that needs the user fails', async () => {
    const app = Fastify();
    await app.register(accessPlugin, {
      tokens: t.app.ctx.tokens,
      sessionVersion: async () => {
        throw new Error('database down');
      },
    });
    app.get('/api/open', { config: { access: 'public' } }, async (request) => ({ user: request.user }));
    app.get('/api/mine', { config: { access: 'user' } }, async () => ({ ok: true }));
    const kim = await createUser(t.app);
    const open = await app.inject({ method: 'GET', url: '/api/open', headers: bearer(kim.token) });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ user: null });
    expect((await app.inject({ method: 'GET', url: '/api/mine', headers: bearer(kim.token) })).statusCode).toBe(500);
    await app.close();
  });
});
