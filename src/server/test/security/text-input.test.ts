/**
 * Text that no database column can hold, refused at the edge (security review #13, finding 8).
 * PostgreSQL refuses the NUL character (0x00) in text, so a NUL in any string of a body, a query
 * or a path answered 500 on about 20 routes; a lone UTF-16 surrogate ("\uD800") is not Unicode
 * text at all (it would be stored as U+FFFD, silently changed). One hook (plugins/text-input.ts)
 * answers 400 naming the field, before any route's code runs, on every route, and writes nothing.
 * Runs on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { bearer, createUser, type TestUser } from '../factories/users';
import { createProduct, type ProductFixture } from '../factories/products';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
let alice: TestUser;
let admin: TestUser;
let book: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  book = await createProduct(t.app.ctx.database.db, { pricePence: 799 });
});
afterAll(() => t.close());

const TABLES = [
  'users',
  'cart_lines',
  'wishlist_entries',
  'checkout_sessions',
  'orders',
  'reviews',
  'contact_messages',
  'single_use_tokens',
  'outgoing_mail',
  'products',
];
async function rowCounts(): Promise<string> {
  const parts = TABLES.map((table) => `(select count(*) from "${table}") as "${table}"`).join(', ');
  const result = await t.app.ctx.database.db.execute(sql.raw(`select ${parts}`));
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

const NUL = '\u0000';
const SURROGATE = '\uD800';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  /** `X` is replaced by the hostile text (percent-encoded in URLs). */
  url: string;
  body?: (bad: string) => Record<string, unknown>;
  as?: () => TestUser;
  field: string;
}

const CASES: Case[] = [
  {
    name: 'login e-mail',
    method: 'POST',
    url: '/api/login',
    body: (x) => ({ email: `ann${x}@example.com`, password: 'secret12' }),
    field: 'email',
  },
  {
    name: 'login password',
    method: 'POST',
    url: '/api/login',
    body: (x) => ({ email: 'ann@example.com', password: `secret${x}12` }),
    field: 'password',
  },
  {
    name: 'sign-up',
    method: 'POST',
    url: '/api/create_account',
    body: (x) => ({ email: `new${x}@example.com`, password: 'secret12', confirmPassword: 'secret12' }),
    field: 'email',
  },
  {
    name: 'password reset',
    method: 'POST',
    url: '/api/request_password_reset',
    body: (x) => ({ email: `ann${x}@example.com` }),
    field: 'email',
  },
  { name: 'verification check (query)', method: 'GET', url: '/api/check_verification?token=abcX', field: 'token' },
  {
    name: 'resend verification (path)',
    method: 'POST',
    url: '/api/resend_verification/annX%40example.com',
    field: 'email',
  },
  {
    name: 'add to wishlist',
    method: 'POST',
    url: '/api/server/add_wishlist',
    body: (x) => ({ user_id: alice.id, product_id: `BV-${x}` }),
    as: () => alice,
    field: 'product_id',
  },
  {
    name: 'update cart',
    method: 'POST',
    url: '/api/server/update_cart',
    body: (x) => ({ user_id: alice.id, product_id: `BV-${x}`, qty: 1 }),
    as: () => alice,
    field: 'product_id',
  },
  {
    name: 'merge cart (nested)',
    method: 'POST',
    url: '/api/server/merge_cart',
    body: (x) => ({
      user_id: alice.id,
      items: [
        { product_id: book.id, qty: 1 },
        { product_id: `BV-${x}`, qty: 1 },
      ],
    }),
    as: () => alice,
    field: 'items.1.product_id',
  },
  {
    name: 'checkout',
    method: 'POST',
    url: '/api/checkout/create_checkout_session',
    body: (x) => ({
      cartItems: [{ product_id: `BV-${x}`, qty: 1 }],
      user_id: null,
      user_email: '',
      shipping_cost: 3.83,
      currency: 'GBP',
    }),
    field: 'cartItems.0.product_id',
  },
  { name: 'demo checkout page (path)', method: 'GET', url: '/api/checkout/demo/csX', field: 'sessionId' },
  {
    name: 'discount code',
    method: 'POST',
    url: '/api/server/validate_discount',
    body: (x) => ({ discount_code: `SPRING${x}`, cartItems: [{ product_id: book.id, qty: 1 }] }),
    field: 'discount_code',
  },
  { name: 'search (query)', method: 'GET', url: '/api/server/search?query=mazeX', field: 'query' },
  {
    name: 'contact form',
    method: 'POST',
    url: '/api/server/contact',
    body: (x) => ({ email: 'ann@example.com', text: `Hello${x}` }),
    field: 'text',
  },
  {
    name: 'admin delete (path)',
    method: 'POST',
    url: '/api/admin/products/delete_product/BV-X',
    as: () => admin,
    field: 'id',
  },
  { name: 'dev mailbox (query)', method: 'GET', url: '/api/dev/mailbox?to=annX%40example.com', field: 'to' },
  { name: 'an image address (path, not /api)', method: 'GET', url: '/images/X/320.webp', field: 'key' },
];

const inBody = CASES.filter((c) => c.body);
const inUrl = CASES.filter((c) => !c.body);

async function send(c: Case, bad: string, encoded: string) {
  return t.app.inject({
    method: c.method,
    url: c.url.replace('X', encoded),
    headers: c.as ? bearer(c.as().token) : {},
    ...(c.body ? { payload: c.body(bad) } : {}),
  });
}

const NUL_TEXT = { what: 'a NUL character', bad: NUL, encoded: '%00', problem: MSG.textHasNul };
const SURROGATE_TEXT = { what: 'a lone surrogate', bad: SURROGATE, encoded: '', problem: MSG.textNotUnicode };
/** NUL in every place; a lone surrogate in JSON strings (a URL cannot spell one: below). */
const REFUSALS = [...CASES.map((c) => ({ ...c, ...NUL_TEXT })), ...inBody.map((c) => ({ ...c, ...SURROGATE_TEXT }))];

describe('text no database can hold', () => {
  it.each(REFUSALS)('$what is refused with 400 naming the field, writing nothing: $name', async (c) => {
    const before = await rowCounts();
    const res = await send(c, c.bad, c.encoded);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: `Invalid ${c.field}: ${c.problem}` });
    expect(await rowCounts()).toBe(before);
  });

  it.each([NUL_TEXT, SURROGATE_TEXT])('$what in a field name is refused too', async ({ bad, problem }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ann@example.com', password: 'secret12', [`x${bad}`]: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: `Invalid field name: ${problem}` });
  });

  it('a NUL character in a page address (the rest of the path) is refused as "path"', async () => {
    for (const url of ['/item/%00', '/%00', '/api/%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: `Invalid path: ${MSG.textHasNul}` });
    }
  });

  // A URL carries UTF-8, which cannot encode a lone surrogate: its bytes (%ED%A0%80) are not
  // UTF-8. In a path the router refuses them (400, in the one error shape); the query parser
  // reads them as other text, which the route treats as any other value.
  it.each(inUrl)(
    'a lone surrogate spelt in a URL never answers 5xx, and in a path answers 400 in the one error shape: $name',
    async (c) => {
      const before = await rowCounts();
      const res = await send(c, SURROGATE, '%ED%A0%80');
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) expect(Object.keys(res.json() as object), res.body).toEqual(['message']);
      const inPath = !c.url.includes('?') || c.url.indexOf('X') < c.url.indexOf('?');
      if (inPath) expect(res.json()).toEqual({ message: MSG.badAddress });
      expect(await rowCounts()).toBe(before);
    },
  );
});

describe('text that is fine', () => {
  it('passes: other control characters are left to each route, astral characters (a surrogate pair) are text', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/server/search?query=${encodeURIComponent('maze 😀 \u0001')}`,
    });
    expect(res.statusCode).toBe(200);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/server/contact',
      payload: { email: 'ann@example.com', text: 'Lovely books 📚, thank you!' },
    });
    expect(contact.statusCode).toBe(200);
  });

  it('a body nested far deeper than any form is walked without overflowing the stack', async () => {
    const deep = `${'['.repeat(20_000)}"x\\u0000"${']'.repeat(20_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
  });
});
