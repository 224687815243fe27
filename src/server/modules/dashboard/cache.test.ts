/** The dashboard's answers reused for a while (decision 120): shared while made, forgotten when failed, when old, and on revoke. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/contracts/dashboard';
import { createOrder } from '../../test/factories/admin-orders';
import { createDiscountCode } from '../../test/factories/discounts';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { AnswerCache } from './cache';

describe('AnswerCache', () => {
  it('makes an answer once for requests at once and within the time, again after it', async () => {
    const cache = new AnswerCache<number>(1000);
    let made = 0;
    const make = async () => ++made;
    const [a, b] = await Promise.all([cache.get('k', make, 0), cache.get('k', make, 10)]);
    expect([a, b, made]).toEqual([1, 1, 1]);
    expect(await cache.get('k', make, 999)).toBe(1);
    expect(await cache.get('other', make, 999)).toBe(2);
    expect(await cache.get('k', make, 1000)).toBe(3);
    cache.clear();
    expect(await cache.get('k', make, 1001)).toBe(4);
  });

  it('forgets a failed making at once, and never keeps with a time of 0', async () => {
    const cache = new AnswerCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7, 1)).toBe(7);
    const none = new AnswerCache<number>(0);
    let made = 0;
    await none.get('k', async () => ++made);
    await none.get('k', async () => ++made);
    expect(made).toBe(2);
  });

  it('keeps at most 32 queries, dropping the oldest', async () => {
    const cache = new AnswerCache<string>(60_000);
    for (let i = 0; i < 33; i++) await cache.get(`k${i}`, async () => `first ${i}`, 0);
    expect(await cache.get('k0', async () => 'again', 0)).toBe('again');
    expect(await cache.get('k32', async () => 'again', 0)).toBe('first 32');
  });
});

describe('GET /api/admin/dashboard reuses its answer (default 30 s)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());
  const today = async (query = 'period=today') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/dashboard?${query}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Dashboard;
  };

  it('answers the same figures within the time, and afresh after the owner revokes a code', async () => {
    const first = await today();
    const book = await createProduct(t.deps.database.db, { pricePence: 500 });
    await createOrder(t.app, {
      email: 'new@guests.example',
      lines: [{ productId: book.id, name: book.name, unitPence: 500, qty: 1 }],
    });
    const second = await today();
    expect(second.generated_at).toBe(first.generated_at);
    expect(second.figures.current.orders).toBe(0);
    // Another stale_days is another answer.
    expect((await today('period=today&stale_days=3')).figures.current.orders).toBe(1);
    await createDiscountCode(t.deps.database.db, { code: 'CACHEGONE' });
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes/CACHEGONE/revoke',
      headers: bearer(admin.token),
    });
    expect(revoked.statusCode).toBe(200);
    const third = await today();
    expect(third.figures.current.orders).toBe(1);
    expect(third.discount_codes.revoked).toBe(1);
  });
});
