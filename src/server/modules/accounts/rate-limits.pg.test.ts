/**
 * Two app instances on one PostgreSQL database (PostgreSQL run only) spend the same sign-in
 * budgets: the counters live in the database (plugins/rate-limit-store.ts), so N instances do not
 * allow N times each budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwoInstances, type TwoInstances } from '../../test/two-instances';
import { SIGN_IN_BUDGETS } from './rate-limits';

let shop: TwoInstances;

beforeAll(async () => {
  shop = await createTwoInstances();
});
afterAll(() => shop?.close());

describe('sign-in budgets across two instances', () => {
  it('one address gets its login attempts from one client once in all, whichever instance answers', async () => {
    const email = 'shared-budget@example.com';
    const login = (instance: 'first' | 'second') =>
      shop[instance].inject({ method: 'POST', url: '/api/login', payload: { email, password: 'wrong123' } });
    for (let i = 0; i < SIGN_IN_BUDGETS.login.perEmailAndIp; i += 1) {
      expect((await login(i % 2 === 0 ? 'first' : 'second')).statusCode, `attempt ${i + 1}`).not.toBe(429);
    }
    expect((await login('first')).statusCode).toBe(429);
    expect((await login('second')).statusCode).toBe(429);
  });

  it('a route-level limit (contact form, per IP) is shared too', async () => {
    const send = (instance: 'first' | 'second', n: number) =>
      shop[instance].inject({
        method: 'POST',
        url: '/api/server/contact',
        payload: { email: `writer${n}@example.com`, text: 'Hello from the test.' },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 30 && !statuses.includes(429); n += 1)
      statuses.push((await send(n % 2 === 0 ? 'first' : 'second', n)).statusCode);
    expect(statuses).toContain(429);
    const allowed = statuses.filter((status) => status !== 429).length;
    expect(
      (await send(allowed % 2 === 0 ? 'second' : 'first', 99)).statusCode,
      'the other instance refuses as well',
    ).toBe(429);
  });
});
