import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, products } from '../../db/schema';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/mailbox';
import { CODE_PATTERN } from './code';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  customer = await createUser(t.app);
  await t.deps.database.db.insert(products).values([
    { id: 'P1', name: 'Puzzle One', type: 'Puzzle', age: 'Kids', pricePence: 500 },
    { id: 'P2', name: 'Journal Two', type: 'Journal', age: '', pricePence: 900 },
  ]);
});
afterAll(() => t.close());

const send = (body: Record<string, unknown>, token: string | null = admin.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/send-discount-code',
    payload: body,
    headers: token ? bearer(token) : {},
  });

const countCodes = async () => (await t.deps.database.db.select().from(discountCodes)).length;

describe('POST /api/admin/send-discount-code', () => {
  it('makes a unique code valid for 30 days, stores it and mails it', async () => {
    const before = Date.now();
    const res = await send({ percentage: 15, types: ['Puzzle'], ages: ['Kids', ''], email: ' Reader@Example.com ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ percentage: 15, types: ['Puzzle'], ages: ['Kids', ''], email: 'reader@example.com' });
    expect(body.code).toMatch(CODE_PATTERN);
    const expires = Date.parse(body.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000 - 1000);
    expect(expires - before).toBeLessThan(30 * 24 * 3600 * 1000 + 60_000);
    const [row] = await t.deps.database.db.select().from(discountCodes).where(eq(discountCodes.code, body.code));
    expect(row).toMatchObject({
      percentage: 15,
      types: ['Puzzle'],
      ages: ['Kids', ''],
      email: 'reader@example.com',
      usedAt: null,
    });
    const [mail] = await mailsTo(t.deps.database.db, 'reader@example.com');
    expect(mail!.subject).toMatch(/15% discount code/);
    expect(mail!.text).toContain(body.code);
  });

  it('no types and no ages means the whole catalogue; each call makes a new code', async () => {
    const first = (await send({ percentage: 10, types: [], ages: [], email: 'all@example.com' })).json();
    const second = (await send({ percentage: 10, email: 'all@example.com' })).json();
    expect(first.code).not.toBe(second.code);
    expect(second).toMatchObject({ types: [], ages: [] });
  });

  it.each([
    ['percentage 0', { percentage: 0 }, /percentage/],
    ['percentage 100', { percentage: 100 }, /percentage/],
    ['a fractional percentage', { percentage: 12.5 }, /percentage/],
    ['a percentage as text', { percentage: '10' }, /percentage/],
    ['an invalid e-mail', { email: 'not-an-email' }, /email/],
    ['a type not in the catalogue', { types: ['Cookery'] }, /Unknown product type: Cookery/],
    ['an unknown age', { ages: ['Teens'] }, /ages/],
  ])('refuses %s with 400, stores no code and mails nobody', async (_label, override, message) => {
    const before = await countCodes();
    const res = await send({ percentage: 20, types: [], ages: [], email: 'refused@example.com', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await countCodes()).toBe(before);
    expect(await mailsTo(t.deps.database.db, 'refused@example.com')).toEqual([]);
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    const before = await countCodes();
    expect((await send({ percentage: 50, email: 'x@example.com' }, null)).statusCode).toBe(401);
    expect((await send({ percentage: 50, email: 'x@example.com' }, customer.token)).statusCode).toBe(403);
    expect(await countCodes()).toBe(before);
  });
});
