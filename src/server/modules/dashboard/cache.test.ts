/** The dashboard's answers reused for a while (decision 120): shared while made, forgotten when failed, when old, and on revoke. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@shared/contracts/dashboard';
import { orders } from '../../db/schema';
import { createOrder } from '../../test/factories/admin-orders';
import { createDiscountCode } from '../../test/factories/discounts';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { AnswerCache, SharedReads } from './cache';

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

describe('SharedReads (decision 169)', () => {
  it('shares a reading with requests asked at or before it began, not with one asked after', async () => {
    const reads = new SharedReads();
    let made = 0;
    const make = async () => ++made;
    // Asked at 100 and 105; the first reading begins at 110: both see everything done before they asked.
    const [a, b] = await Promise.all([reads.read('k', 100, make, 110), reads.read('k', 105, make, 111)]);
    expect([a, b, made]).toEqual([1, 1, 1]);
    expect(await reads.read('k', 110, make, 112)).toBe(1);
    // Asked after the reading began: a change made just before might be missing from it, so read again.
    expect(await reads.read('k', 111, make, 112)).toBe(2);
    expect(await reads.read('other', 0, make, 112)).toBe(3);
  });

  it('keeps no failed reading, and a request that shared one reads for itself', async () => {
    const reads = new SharedReads();
    let fail = true;
    const make = async () => {
      if (fail) throw new Error('down');
      return 'read';
    };
    const first = reads.read('k', 0, make, 10);
    fail = false;
    const sharer = reads.read('k', 0, make, 11);
    await expect(first).rejects.toThrow('down');
    expect(await sharer).toBe('read');
    expect(await reads.read('k', 0, async () => 'again', 12)).toBe('again');
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

  it('shows what needs the owner as it is when asked, for any period, though the periods share its reading', async () => {
    const book = await createProduct(t.deps.database.db, { pricePence: 700 });
    const order = await createOrder(t.app, {
      email: 'attention@guests.example',
      lines: [{ productId: book.id, name: book.name, unitPence: 700, qty: 1 }],
      status: 'Printing',
      addressMissing: true,
    });
    const before = await today('period=30d');
    expect(before.attention.address_missing.orders.map((o) => o.order_id)).toContain(order.id);
    // Two periods asked at once share one reading; both show the order.
    const [week, quarter] = await Promise.all([today('period=7d'), today('period=90d')]);
    for (const d of [week, quarter])
      expect(d.attention.address_missing.orders.map((o) => o.order_id)).toContain(order.id);
    // The address arrives; a period asked afterwards reads again and no longer lists the order.
    await t.deps.database.db.update(orders).set({ addressMissing: false }).where(eq(orders.id, order.id));
    const after = await today('period=year');
    expect(after.attention.address_missing.orders.map((o) => o.order_id)).not.toContain(order.id);
  });
});
