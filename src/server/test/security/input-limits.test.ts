/**
 * Hostile request shapes (ASVS V5.1, V13.1, V13.2): oversized bodies, deeply nested or
 * prototype-polluting JSON, very long query strings, extra fields that try to set a role or a
 * price, and cross-origin callers. Each gets a clear 4xx with a `{ message }` (never a 500 or a
 * stack trace) and writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, users } from '../../db/schema';
import { createProduct, type ProductFixture } from '../factories/products';
import { bearer, createUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
let alice: TestUser;
let book: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  book = await createProduct(t.app.ctx.database.db, { pricePence: 799 });
});
afterAll(() => t.close());

const TABLES = [
  'users',
  'cart_lines',
  'wishlist_entries',
  'checkout_sessions',
  'orders',
  'contact_messages',
  'single_use_tokens',
  'outgoing_mail',
];

async function rowCounts(): Promise<string> {
  const parts = TABLES.map((table) => `(select count(*) from "${table}") as "${table}"`).join(', ');
  const result = await t.app.ctx.database.db.execute(sql.raw(`select ${parts}`));
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

/** A readable 4xx: the one error shape, no stack trace or internal detail. */
function expectCleanRefusal(res: { statusCode: number; body: string; json(): unknown }, status: number | number[]) {
  expect([status].flat()).toContain(res.statusCode);
  const answer = res.json() as { message?: unknown };
  expect(typeof answer.message).toBe('string');
  expect(res.body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\/src\/server|stack/i);
}

describe('oversized requests', () => {
  const huge = 'x'.repeat(1024 * 1024 + 10);

  it.each([
    ['/api/login', () => ({ email: 'a@example.com', password: huge })],
    ['/api/create_account', () => ({ email: 'big@example.com', password: huge })],
    ['/api/server/contact', () => ({ email: 'a@example.com', text: huge })],
    ['/api/checkout/create_checkout_session', () => ({ cartItems: [{ product_id: huge, qty: 1 }], user_id: null })],
  ])('a body over 1 MB to %s answers 413 with a message and writes nothing', async (url, payload) => {
    const before = await rowCounts();
    const res = await t.app.inject({ method: 'POST', url, payload: payload() });
    expectCleanRefusal(res, 413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
    expect(await rowCounts()).toBe(before);
  });

  it('a 1 MB body on an owner route answers 413 before anything else, writing nothing', async () => {
    const before = await rowCounts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/server/update_cart',
      headers: bearer(alice.token),
      payload: { user_id: alice.id, product_id: book.id, qty: 1, padding: huge },
    });
    expectCleanRefusal(res, 413);
    expect(await rowCounts()).toBe(before);
  });

  it('a body just under the limit with over-long fields answers 400 naming the field, not 500', async () => {
    const long = 'y'.repeat(900 * 1024);
    const cases = [
      { url: '/api/login', payload: { email: `${long}@example.com`, password: 'abc123' }, field: /email/i },
      { url: '/api/server/contact', payload: { email: 'a@example.com', text: long }, field: /text|message|long/i },
      {
        url: '/api/checkout/create_checkout_session',
        payload: { cartItems: [{ product_id: book.id, qty: 1 }], user_id: null, user_email: long },
        field: /user_email|e-?mail/i,
      },
    ];
    const before = await rowCounts();
    for (const { url, payload, field } of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expectCleanRefusal(res, 400);
      expect((res.json() as { message: string }).message, url).toMatch(field);
    }
    expect(await rowCounts()).toBe(before);
  });

  it('a password far longer than any real one is refused without hashing it (400, quickly)', async () => {
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create_account',
      payload: { email: 'long@example.com', password: `a1${'b'.repeat(100_000)}` },
    });
    expectCleanRefusal(res, 400);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a 100,000-character search, product name or id list answers normally, never 5xx', async () => {
    const long = encodeURIComponent("' OR 1=1 -- ".repeat(8400)).slice(0, 100_000);
    for (const url of [
      `/api/server/search?query=${long}`,
      `/api/server/get_product?name=${long}`,
      `/api/server/get_product?id=${long}`,
      `/api/server/get_products?ids=${long}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 40)).toBeLessThan(500);
      if (res.statusCode >= 400) expectCleanRefusal(res, [400, 404]);
    }
  });

  it('a list of 100,000 ids answers 400 or a short list, never 5xx', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `id${i}`).join(',');
    const res = await t.app.inject({ method: 'GET', url: `/api/server/get_products?ids=${ids}` });
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode === 200) expect((res.json() as unknown[]).length).toBe(0);
  });
});

describe('hostile JSON', () => {
  it('JSON nested 100,000 levels deep answers 400, not a crash', async () => {
    const deep = `{"email":"a@example.com","password":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expectCleanRefusal(res, 400);
  });

  it('a __proto__ or constructor.prototype key is refused (400) and pollutes nothing', async () => {
    const before = await rowCounts();
    for (const payload of [
      '{"email":"p@example.com","password":"abc123","__proto__":{"role":"admin","isAdmin":true}}',
      '{"email":"p@example.com","password":"abc123","constructor":{"prototype":{"role":"admin"}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create_account',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectCleanRefusal(res, 400);
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await rowCounts()).toBe(before);
  });

  it('malformed JSON and a wrong content type answer 400/415 with a message', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectCleanRefusal(broken, 400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectCleanRefusal(xml, 415);
  });
});

describe('mass assignment', () => {
  it('sign-up ignores a role, verified flag or method in the body: the account is an unverified customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create_account',
      payload: {
        email: 'climber@example.com',
        password: 'climb123',
        role: 'admin',
        verified: true,
        method: 'google',
        id: alice.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'customer', verified: false, method: null, email: 'climber@example.com' });
    expect(res.json().id).not.toBe(alice.id);
    const rows = await t.app.ctx.database.db.select().from(users);
    const climber = rows.find((row) => row.email === 'climber@example.com');
    expect(climber).toMatchObject({ role: 'customer', verified: false, method: null });
    expect(rows.find((row) => row.id === alice.id)?.email).toBe(alice.email);
  });

  it('a price, total or discount sent with a checkout is ignored: the shop charges its own prices', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/create_checkout_session',
      payload: {
        cartItems: [{ product_id: book.id, qty: 2, price: 0.01, unitPence: 1, total: 0 }],
        user_id: null,
        user_email: 'buyer@example.com',
        shipping_cost: 0,
        total: 0.01,
        discount: 100,
        currency: 'GBP',
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, res.json().sessionId));
    expect(row).toMatchObject({
      subtotalPence: 2 * 799,
      shippingPence: 383,
      discountPence: 0,
      totalPence: 2 * 799 + 383,
    });
  });
});

describe('cross-origin callers', () => {
  it('get no CORS permission: a preflight from another site is not allowed to read answers', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/server/get_cart/${alice.id}`,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    const simple = await t.app.inject({
      method: 'GET',
      url: '/api/server/get_products',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a request a foreign page can send without a preflight (form post, no bearer) changes nothing of a user', async () => {
    const before = await rowCounts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/server/update_cart',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: JSON.stringify({ user_id: alice.id, product_id: book.id, qty: 5 }),
    });
    expect([401, 415]).toContain(res.statusCode);
    expect(await rowCounts()).toBe(before);
  });
});
