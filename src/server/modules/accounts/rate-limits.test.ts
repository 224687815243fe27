/**
 * Sign-in calls are rate limited per client IP, per e-mail address and (login) per address from
 * one client: 429 with a message and Retry-After. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/factories/users';
import { RELAXED_FACTOR, SIGN_IN_BUDGETS, clientKey } from './rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function call(name: keyof typeof SIGN_IN_BUDGETS, email: string, ip: string, password = 'wrong123') {
  const headers = { 'x-forwarded-for': ip };
  switch (name) {
    case 'login':
      return t.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email, password } });
    case 'create_account':
      return t.app.inject({
        method: 'POST',
        url: '/api/create_account',
        headers,
        payload: { email, password: 'short' },
      });
    case 'request_password_reset':
      return t.app.inject({ method: 'POST', url: '/api/request_password_reset', headers, payload: { email } });
    case 'resend_verification':
      return t.app.inject({ method: 'POST', url: `/api/resend_verification/${encodeURIComponent(email)}`, headers });
    case 'social_login':
      return t.app.inject({
        method: 'POST',
        url: '/api/social_login',
        headers,
        payload: { provider: 'google', token: 'x' },
      });
    case 'check_verification':
      return t.app.inject({
        method: 'GET',
        url: `/api/check_verification?email=${encodeURIComponent(email)}`,
        headers,
      });
    case 'change_password':
      return t.app.inject({
        method: 'POST',
        url: '/api/change_password',
        headers,
        payload: { token: `made-up-${email}`, password: 'valid123' },
      });
    case 'choose_password':
      return t.app.inject({
        method: 'POST',
        url: '/api/choose_password',
        headers: { ...headers, cookie: `choose_password=made-up-choice-token-${email}` },
        payload: { password: 'valid123' },
      });
  }
}

const expectTooMany = (res: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } }) => {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

/** Calls until the first 429 (at most `limit` + 1), answering how many were let through. */
async function allowedBefore429(limit: number, next: (i: number) => ReturnType<typeof call>): Promise<number> {
  for (let i = 0; i <= limit; i += 1) {
    const res = await next(i);
    if (res.statusCode === 429) {
      expectTooMany(res);
      return i;
    }
  }
  return limit + 1;
}

// Calls that mail the address: one budget per address over all clients protects its mailbox.
const mailing = ['create_account', 'request_password_reset', 'resend_verification'] as const;

describe.each(mailing)('%s', (name) => {
  const budget = SIGN_IN_BUDGETS[name];

  it(`answers 429 once one address has used its ${budget.perEmail} attempts, from any IP`, async () => {
    const email = `target-${name}@example.com`;
    expect(
      await allowedBefore429(budget.perEmail, (i) =>
        call(name, i === budget.perEmail ? email.toUpperCase() : email, freshIp()),
      ),
    ).toBe(budget.perEmail);
    // another address is not affected
    expect((await call(name, `other-${name}@example.com`, freshIp())).statusCode).not.toBe(429);
  });

  it(`answers 429 once one IP has used its ${budget.perIp} attempts, for any address`, async () => {
    const ip = freshIp();
    expect(await allowedBefore429(budget.perIp, (i) => call(name, `spray${i}-${name}@example.com`, ip))).toBe(
      budget.perIp,
    );
    expect((await call(name, `spray-last-${name}@example.com`, freshIp())).statusCode).not.toBe(429);
  });
});

describe('login (finding 11: wrong passwords from one place must not lock the owner out)', () => {
  const budget = SIGN_IN_BUDGETS.login;

  it(`one IP gets ${budget.perEmailAndIp} tries at one address; the owner still signs in from their own IP`, async () => {
    const owner = await createUser(t.app);
    const ownerIp = freshIp();
    const attackerIp = freshIp();
    expect(await allowedBefore429(budget.perEmailAndIp, () => call('login', owner.email, attackerIp))).toBe(
      budget.perEmailAndIp,
    );
    // The attacker goes on and on: refused requests add nothing to the address's ceiling.
    for (let i = 0; i < budget.perEmail + 10; i += 1)
      expect((await call('login', owner.email, attackerIp)).statusCode).toBe(429);

    const res = await call('login', owner.email.toUpperCase(), ownerIp, owner.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(owner.id);
    // Going on has used up the attacker's own overall budget: that IP is stopped for every address.
    expectTooMany(await call('login', 'someone-else@example.com', attackerIp));
  });

  it(`an address takes at most ${budget.perEmail} tries in all, from any number of IPs`, async () => {
    const email = 'ceiling@example.com';
    let allowed = 0;
    while (allowed < budget.perEmail) {
      const from = freshIp();
      allowed += await allowedBefore429(budget.perEmailAndIp, () => call('login', email, from));
    }
    expect(allowed).toBe(budget.perEmail);
    expectTooMany(await call('login', email, freshIp()));
    expect((await call('login', 'not-the-ceiling@example.com', freshIp())).statusCode).toBe(401);
  });

  it(`one IP gets ${budget.perIp} tries in all, over any addresses`, async () => {
    const ip = freshIp();
    expect(await allowedBefore429(budget.perIp, (i) => call('login', `spray${i}-login@example.com`, ip))).toBe(
      budget.perIp,
    );
    expect((await call('login', 'spray-last-login@example.com', freshIp())).statusCode).toBe(401);
  });

  it('an IPv6 client counts by its /64: a new address in the same /64 is the same client', async () => {
    const email = 'ipv6-target@example.com';
    const inPrefix = (n: number) => `2001:db8:aa:bb::${n.toString(16)}`;
    expect(await allowedBefore429(budget.perEmailAndIp, (i) => call('login', email, inPrefix(i + 1)))).toBe(
      budget.perEmailAndIp,
    );
    expect((await call('login', email, '2001:db8:aa:cc::1')).statusCode).toBe(401);
  });
});

// Both calls use a mailed reset token; a made-up one is refused 401 until the budget runs out.
describe.each(['change_password', 'choose_password'] as const)('%s', (name) => {
  it(`answers 429 once one IP has made ${SIGN_IN_BUDGETS[name].perIp} attempts`, async () => {
    const ip = freshIp();
    expect(await allowedBefore429(SIGN_IN_BUDGETS[name].perIp, (i) => call(name, `${i}`, ip))).toBe(
      SIGN_IN_BUDGETS[name].perIp,
    );
    expect((await call(name, 'other', freshIp())).statusCode).toBe(401);
  });
});

describe('client keys', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:DB8:AA:BB::9', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
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
        const res = await relaxed.app.inject({
          method: 'POST',
          url: '/api/request_password_reset',
          payload: { email: 'relaxed@example.com' },
        });
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
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        DEMO_PAYMENTS: 'true',
        E2E_RELAXED_RATE_LIMITS: 'true',
      }),
    ).toThrow(/E2E_RELAXED_RATE_LIMITS/);
  });
});
