/** The two-step admin login: password, then the pair (browser-bound token + mailed token). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleUseTokens, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkInMail } from '../../test/mailbox';
import { bearer, createUser } from '../../test/factories/users';
import * as MSG from '@shared/messages';
import { ACCOUNT_TEXT, ensureConfiguredAdmin } from './service';

const ADMIN = { email: 'Owner@Shop.test', password: 'admin1pass' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;

/** Step one: the login answer and the mailed token. */
async function startLogin(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const link = await linkInMail(db(), email, /verify_admin=true/);
  return { body: res.json(), mailed: new URL(link!).searchParams.get('token')!, link: link! };
}

const exchange = (pending: string | null, mailed: string | null) =>
  t.app.inject({
    method: 'GET',
    url: mailed === null ? '/api/admin/verify_admin' : `/api/admin/verify_admin?token=${encodeURIComponent(mailed)}`,
    headers: pending ? bearer(pending) : {},
  });

describe('admin account from the configuration', () => {
  it('exists at start: lower-cased, verified, role admin, with the configured password', async () => {
    const [row] = await db().select().from(users).where(eq(users.email, ADMIN.email.toLowerCase()));
    expect(row).toMatchObject({ role: 'admin', verified: true, method: null });
    expect(await verifyPassword(ADMIN.password, row!.passwordHash!)).toBe(true);
  });

  it('is brought back to admin with the configured password when changed in the database', async () => {
    await db()
      .update(users)
      .set({ role: 'customer', passwordHash: null })
      .where(eq(users.email, ADMIN.email.toLowerCase()));
    await ensureConfiguredAdmin(t.app.ctx);
    const rows = await db().select().from(users).where(eq(users.email, ADMIN.email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('admin');
    expect(await verifyPassword(ADMIN.password, rows[0]!.passwordHash!)).toBe(true);
  });
});

describe('admin login', () => {
  it('a correct admin password answers admin:true and a verification token, not a session, and mails the link', async () => {
    const { body, link } = await startLogin(ADMIN.email, ADMIN.password);
    expect(body).toEqual({ admin: true, message: ACCOUNT_TEXT.adminCheckMail, token: expect.any(String) });
    expect(await t.app.ctx.tokens.verifySession(body.token)).toBeNull();
    expect(link).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/\\?verify_admin=true&token=`));
    // the verification token is no session: an admin route refuses it
    const route = t.app.apiRoutes.find((r) => r.access === 'admin' && r.method === 'GET');
    if (route) {
      const res = await t.app.inject({
        method: 'GET',
        url: route.url.replace(/:\w+/g, 'x'),
        headers: bearer(body.token),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('a wrong admin password is the usual 401 and mails nothing', async () => {
    const before = (await db().select().from(singleUseTokens)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ADMIN.email, password: 'wrong1pass' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.wrongCredentials });
    expect((await db().select().from(singleUseTokens)).length).toBe(before);
  });

  it('the pair is exchanged once for an admin session', async () => {
    const { body, mailed } = await startLogin(ADMIN.email, ADMIN.password);
    const res = await exchange(body.token, mailed);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      email: ADMIN.email.toLowerCase(),
      role: 'admin',
      method: null,
      id: expect.any(String),
    });
    expect(await t.app.ctx.tokens.verifySession(session.token)).toMatchObject({ role: 'admin', id: session.id });

    const reuse = await exchange(body.token, mailed);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: MSG.adminVerificationFailed });
  });

  it('either half alone, or halves of two different logins, fail with 401', async () => {
    const a = await startLogin(ADMIN.email, ADMIN.password);
    const b = await startLogin(ADMIN.email, ADMIN.password);
    expect((await exchange(null, a.mailed)).statusCode).toBe(401);
    expect((await exchange(a.body.token, null)).statusCode).toBe(401);
    expect((await exchange(null, null)).statusCode).toBe(401);
    expect((await exchange(a.body.token, b.mailed)).statusCode).toBe(401);
    expect((await exchange(b.body.token, a.mailed)).statusCode).toBe(401);
    expect((await exchange(`${a.body.token}x`, a.mailed)).statusCode).toBe(401);
    // mismatched tries did not burn the right pairs
    expect((await exchange(a.body.token, a.mailed)).statusCode).toBe(200);
    expect((await exchange(b.body.token, b.mailed)).statusCode).toBe(200);
  });

  it('a session token (even an admin one) is not a verification token', async () => {
    const a = await startLogin(ADMIN.email, ADMIN.password);
    const otherAdmin = await createUser(t.app, { role: 'admin' });
    const customer = await createUser(t.app);
    expect((await exchange(otherAdmin.token, a.mailed)).statusCode).toBe(401);
    expect((await exchange(customer.token, a.mailed)).statusCode).toBe(401);
  });

  it('an expired pair fails (15 minutes)', async () => {
    const a = await startLogin(ADMIN.email, ADMIN.password);
    await db()
      .update(singleUseTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(singleUseTokens.kind, 'admin_login'));
    expect((await exchange(a.body.token, a.mailed)).statusCode).toBe(401);
    const [row] = await db().select().from(singleUseTokens).where(eq(singleUseTokens.kind, 'admin_login')).limit(1);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(15 * 60 * 1000 + 5000);
  });

  it('an expired verification token fails even with a live mailed token', async () => {
    const a = await startLogin(ADMIN.email, ADMIN.password);
    const [admin] = await db().select().from(users).where(eq(users.email, ADMIN.email.toLowerCase()));
    const claims = await t.app.ctx.tokens.verify<{ nonce: string }>('admin_pending', a.body.token);
    const expired = await t.app.ctx.tokens.sign('admin_pending', { id: admin!.id, nonce: claims!.nonce }, -5);
    expect((await exchange(expired, a.mailed)).statusCode).toBe(401);
    expect((await exchange(a.body.token, a.mailed)).statusCode).toBe(200);
  });

  it('an account demoted from admin cannot finish a started login', async () => {
    const other = await createUser(t.app, { role: 'admin' });
    const a = await startLogin(other.email, other.password);
    await db().update(users).set({ role: 'customer' }).where(eq(users.id, other.id));
    expect((await exchange(a.body.token, a.mailed)).statusCode).toBe(401);
  });

  it('an admin cannot sign in through a reset-token or verification-token as the mailed token', async () => {
    const a = await startLogin(ADMIN.email, ADMIN.password);
    await t.app.inject({ method: 'POST', url: '/api/request_password_reset', payload: { email: ADMIN.email } });
    const reset = new URL((await linkInMail(db(), ADMIN.email, /change_password/))!).searchParams.get('token')!;
    expect((await exchange(a.body.token, reset)).statusCode).toBe(401);
  });
});
