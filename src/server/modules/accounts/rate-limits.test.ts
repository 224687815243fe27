/** Sign-in calls are rate limited per IP and per e-mail address (429 with a message). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { RELAXED_FACTOR, SIGN_IN_BUDGETS } from './rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

function call(name: keyof typeof SIGN_IN_BUDGETS, email: string, ip: string) {
  const headers = { 'x-forwarded-for': ip };
  switch (name) {
    case 'login':
      return t.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email, password: 'wrong123' } });
    case 'create_account':
      return t.app.inject({ method: 'POST', url: '/api/create_account', headers, payload: { email, password: 'short' } });
    case 'request_password_reset':
      return t.app.inject({ method: 'POST', url: '/api/request_password_reset', headers, payload: { email } });
    case 'resend_verification':
      return t.app.inject({ method: 'POST', url: `/api/resend_verification/${encodeURIComponent(email)}`, headers });
    case 'social_login':
      return t.app.inject({ method: 'POST', url: '/api/social_login', headers, payload: { provider: 'google', token: 'x' } });
    case 'check_verification':
      return t.app.inject({ method: 'GET', url: `/api/check_verification?email=${encodeURIComponent(email)}`, headers });
  }
}

const withEmail = ['login', 'create_account', 'request_password_reset', 'resend_verification'] as const;

describe.each(withEmail)('%s', (name) => {
  const budget = SIGN_IN_BUDGETS[name];

  it(`answers 429 once one address has used its ${budget.perEmail} attempts, from any IP`, async () => {
    const email = `target-${name}@example.com`;
    for (let i = 0; i < budget.perEmail; i += 1) {
      const res = await call(name, email, freshIp());
      expect(res.statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    const blocked = await call(name, email.toUpperCase(), freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
    // another address is not affected
    expect((await call(name, `other-${name}@example.com`, freshIp())).statusCode).not.toBe(429);
  });

  it(`answers 429 once one IP has used its ${budget.perIp} attempts, for any address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < budget.perIp; i += 1) {
      const res = await call(name, `spray${i}-${name}@example.com`, ip);
      expect(res.statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    expect((await call(name, `spray-last-${name}@example.com`, ip)).statusCode).toBe(429);
    expect((await call(name, `spray-last-${name}@example.com`, freshIp())).statusCode).not.toBe(429);
  });
});

describe('social_login', () => {
  it(`answers 429 once one IP has used its ${SIGN_IN_BUDGETS.social_login.perIp} attempts`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_BUDGETS.social_login.perIp; i += 1) {
      expect((await call('social_login', '', ip)).statusCode).toBe(503); // not configured here
    }
    const blocked = await call('social_login', '', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts/);
  });
});

describe('check_verification', () => {
  it(`answers 429 once one IP has asked about ${SIGN_IN_BUDGETS.check_verification.perIp} addresses (no enumeration at full speed)`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_BUDGETS.check_verification.perIp; i += 1) {
      expect((await call('check_verification', `probe${i}@example.com`, ip)).statusCode).toBe(200);
    }
    expect((await call('check_verification', 'probe-last@example.com', ip)).statusCode).toBe(429);
  });
});

describe('relaxed limits for the browser-test server', () => {
  it(`multiplies the budgets by ${RELAXED_FACTOR} when E2E_RELAXED_RATE_LIMITS is set`, async () => {
    const relaxed = await createTestApp({ env: { E2E_RELAXED_RATE_LIMITS: 'true' } });
    try {
      const attempts = SIGN_IN_BUDGETS.request_password_reset.perEmail + 5;
      for (let i = 0; i < attempts; i += 1) {
        const res = await relaxed.app.inject({ method: 'POST', url: '/api/request_password_reset', payload: { email: 'relaxed@example.com' } });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await relaxed.close();
    }
  });
});

describe('configuration', () => {
  it('refuses relaxed limits in production', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEMO_PAYMENTS: 'true', E2E_RELAXED_RATE_LIMITS: 'true' })).toThrow(/E2E_RELAXED_RATE_LIMITS/);
  });
});
