/** Social sign-in against local fake Google (JWKS, real RS256 signatures) and Facebook Graph servers. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocialProviderUnavailable, socialVerifier } from '../../adapters/social/verifier';
import { testConfig } from '../../config';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/factories/users';
import * as MSG from '@shared/messages';
import { startFakeFacebook, startFakeGoogle, type FakeFacebook, type FakeGoogle } from './fake-providers';
import { ACCOUNT_TEXT } from './service';

let t: TestApp;
let google: FakeGoogle;
let facebook: FakeFacebook;

beforeAll(async () => {
  google = await startFakeGoogle();
  facebook = await startFakeFacebook();
  const env = {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_JWKS_URL: google.jwksUrl,
    GOOGLE_ISSUER: google.issuer,
    FACEBOOK_APP_ID: facebook.appId,
    FACEBOOK_APP_SECRET: facebook.appSecret,
    FACEBOOK_GRAPH_URL: facebook.graphUrl,
  };
  t = await createTestApp({ env, deps: { social: socialVerifier(testConfig(env)) } });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await facebook?.close();
});

const social = (provider: unknown, token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/social_login', payload: { provider, token } });
const userRow = async (email: string) =>
  (await t.deps.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('Google', () => {
  it('a valid ID token signs in a new shopper as role user with method google', async () => {
    const res = await social('google', await google.idToken({ email: 'Reader.G@Example.com' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      id: expect.any(String),
      email: 'reader.g@example.com',
      role: 'user',
      method: 'google',
    });
    expect(await t.app.ctx.tokens.verifySession(body.token)).toMatchObject({
      id: body.id,
      role: 'user',
      method: 'google',
    });
    expect(await userRow('reader.g@example.com')).toMatchObject({
      role: 'user',
      method: 'google',
      verified: true,
      passwordHash: null,
    });
  });

  it('signing in again finds the same account', async () => {
    const first = (await social('google', await google.idToken({ email: 'again@example.com' }))).json();
    const second = (await social('google', await google.idToken({ email: 'AGAIN@example.com' }))).json();
    expect(second.id).toBe(first.id);
  });

  it('an existing e-mail customer is signed in to their account as role user, and becomes verified', async () => {
    const customer = await createUser(t.app, { verified: false });
    const res = await social('google', await google.idToken({ email: customer.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, role: 'user', method: 'google' });
    expect((await userRow(customer.email))!.verified).toBe(true);
  });

  it.each([
    ['signed by another key', { email: 'x@example.com' }, { forged: true }],
    ['for another client id', { email: 'x@example.com', aud: 'someone-else' }, {}],
    ['from another issuer', { email: 'x@example.com', iss: 'https://evil.example.com' }, {}],
    ['expired', { email: 'x@example.com' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }],
    ['with an unverified e-mail', { email: 'x@example.com', email_verified: false }, {}],
    ['without an e-mail', {}, {}],
  ])('an ID token %s answers 401 with the spec text and creates nothing', async (_why, claims, options) => {
    const res = await social('google', await google.idToken(claims, options));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.socialLoginFailed });
    expect(await userRow('x@example.com')).toBeUndefined();
  });

  it('a malformed token answers 401', async () => {
    expect((await social('google', 'not-a-jwt')).statusCode).toBe(401);
  });

  it('an admin cannot use social sign-in (it would skip the two-step login)', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await social('google', await google.idToken({ email: admin.email }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.socialAdmin });
  });
});

describe('Facebook', () => {
  it('a valid access token for this app signs in with the profile e-mail as role user, method facebook', async () => {
    facebook.addToken('fb-good', { email: 'Fan@Example.com' });
    const res = await social('facebook', 'fb-good');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'fan@example.com', role: 'user', method: 'facebook' });
    expect(await userRow('fan@example.com')).toMatchObject({ role: 'user', method: 'facebook' });
  });

  it.each([
    ['unknown to Facebook', 'fb-unknown', null],
    ['issued to another app', 'fb-other-app', { email: 'other@example.com', appId: '999' }],
    ['no longer valid', 'fb-invalid', { email: 'invalid@example.com', valid: false }],
    ['without an e-mail', 'fb-no-email', { email: null }],
  ])('a token %s answers 401 "Facebook login failed."', async (_why, token, options) => {
    if (options) facebook.addToken(token, options);
    const res = await social('facebook', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.facebookLoginFailed });
  });

  it('answers 503 when the Graph API is down', async () => {
    facebook.addToken('fb-down', { email: 'down@example.com' });
    facebook.failing = true;
    try {
      const res = await social('facebook', 'fb-down');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: ACCOUNT_TEXT.socialUnreachable('facebook') });
    } finally {
      facebook.failing = false;
    }
  });
});

describe('unreachable providers', () => {
  it("Google's keys that cannot be fetched make the verifier report the provider unavailable (503), not a bad token", async () => {
    const verifier = socialVerifier(
      testConfig({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' }),
    );
    await expect(verifier.verify('google', await google.idToken({ email: 'x@example.com' }))).rejects.toBeInstanceOf(
      SocialProviderUnavailable,
    );
  });
});

describe('bad requests and configuration', () => {
  it('answers 400 for an unknown provider or a missing token', async () => {
    const provider = await social('twitter', 'x');
    expect(provider.statusCode).toBe(400);
    expect(provider.json().message).toMatch(/provider/i);
    expect((await social('google', '')).statusCode).toBe(400);
    expect((await social('google', undefined)).statusCode).toBe(400);
  });

  it('answers 503 with a clear message when a provider is not configured', async () => {
    const plain = await createTestApp();
    try {
      for (const provider of ['google', 'facebook'] as const) {
        const res = await plain.app.inject({
          method: 'POST',
          url: '/api/social_login',
          payload: { provider, token: 'x' },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: ACCOUNT_TEXT.socialNotConfigured(provider) });
      }
    } finally {
      await plain.close();
    }
  });
});
