import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines } from '../../db/schema';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let maze: ProductFixture;
let journal: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799, type: 'Puzzle', images: 2 });
  journal = await createProduct(t.deps.database.db, { name: 'Garden Journal', pricePence: 1299, type: 'Journal' });
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
const post = (url: string, payload: unknown, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: user ? bearer(user.token) : {} });
const linesOf = (user: TestUser) => t.deps.database.db.select().from(cartLines).where(eq(cartLines.userId, user.id));

describe('cart', () => {
  it('update_cart sets the quantity of one line per product, and get_cart reads it back', async () => {
    expect(
      (await post('/api/server/update_cart', { user_id: alice.id, product_id: maze.id, qty: 2 }, alice)).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/server/update_cart', { user_id: alice.id, product_id: maze.id, qty: 3 }, alice)).statusCode,
    ).toBe(200);
    const res = await get(`/api/server/get_cart/${alice.id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ product_id: maze.id, qty: 3 }]);
    expect(await linesOf(alice)).toHaveLength(1);
  });

  it('get_cart lists the lines in the order their books were put in: a changed quantity does not move a line', async () => {
    const dave = await createUser(t.app);
    await post('/api/server/update_cart', { user_id: dave.id, product_id: journal.id, qty: 1 }, dave);
    await post('/api/server/update_cart', { user_id: dave.id, product_id: maze.id, qty: 1 }, dave);
    expect(
      (await post('/api/server/update_cart', { user_id: dave.id, product_id: journal.id, qty: 4 }, dave)).statusCode,
    ).toBe(200);
    expect((await get(`/api/server/get_cart/${dave.id}`, dave)).json()).toEqual([
      { product_id: journal.id, qty: 4 },
      { product_id: maze.id, qty: 1 },
    ]);
  });

  it('get_cart_products answers the products with their quantity and price in pounds', async () => {
    const res = await get(`/api/server/get_cart_products/${alice.id}`, alice);
    expect(res.statusCode).toBe(200);
    const [line] = res.json();
    expect(line).toMatchObject({ id: maze.id, name: 'Maze Book', price: 7.99, qty: 3, type: 'Puzzle' });
    expect(line.imageUrls).toHaveLength(2);
    expect(line.image_URLs).toBe(line.imageUrls.join(','));
  });

  it.each([0, 100, 1.5, -1, '2', null])(
    'update_cart refuses qty %s with a 400 naming qty and writes nothing',
    async (qty) => {
      const res = await post('/api/server/update_cart', { user_id: bob.id, product_id: maze.id, qty }, bob);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/qty/);
      expect(await linesOf(bob)).toHaveLength(0);
    },
  );

  it('update_cart answers 404 for a product that does not exist', async () => {
    const res = await post('/api/server/update_cart', { user_id: bob.id, product_id: 'NOPE-1', qty: 1 }, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/product/i);
    expect(await linesOf(bob)).toHaveLength(0);
  });

  it('update_cart without product_id is a 400 naming the field', async () => {
    const res = await post('/api/server/update_cart', { user_id: bob.id, qty: 1 }, bob);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/product_id/);
  });

  it('remove_cart_product removes the line', async () => {
    await post('/api/server/update_cart', { user_id: bob.id, product_id: journal.id, qty: 1 }, bob);
    const res = await post('/api/server/remove_cart_product', { user_id: bob.id, product_id: journal.id }, bob);
    expect(res.statusCode).toBe(200);
    expect(await linesOf(bob)).toHaveLength(0);
  });

  it('merge_cart sums quantities per product, caps them at 99 and drops unknown products', async () => {
    const carol = await createUser(t.app);
    await post('/api/server/update_cart', { user_id: carol.id, product_id: maze.id, qty: 60 }, carol);
    const res = await post(
      '/api/server/merge_cart',
      {
        user_id: carol.id,
        items: [
          { product_id: maze.id, qty: 50 },
          { product_id: journal.id, qty: 2 },
          { product_id: journal.id, qty: 1 },
          { product_id: 'GONE-1', qty: 1 },
        ],
      },
      carol,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { product_id: maze.id, qty: 99 },
        { product_id: journal.id, qty: 3 },
      ]),
    );
    expect(res.json()).toHaveLength(2);
  });

  it('merge_cart refuses a bad quantity with a 400 and writes nothing', async () => {
    const dave = await createUser(t.app);
    const res = await post(
      '/api/server/merge_cart',
      {
        user_id: dave.id,
        items: [
          { product_id: maze.id, qty: 1 },
          { product_id: journal.id, qty: 0 },
        ],
      },
      dave,
    );
    expect(res.statusCode).toBe(400);
    expect(await linesOf(dave)).toHaveLength(0);
  });

  it.each([
    ['GET', '/api/server/get_cart/:id'],
    ['GET', '/api/server/get_cart_products/:id'],
    ['POST', '/api/server/update_cart'],
    ['POST', '/api/server/remove_cart_product'],
    ['POST', '/api/server/merge_cart'],
  ])('%s %s: 401 without a token, 403 for another user and for an admin', async (method, path) => {
    const url = path.replace(':id', alice.id);
    const payload = method === 'POST' ? { user_id: alice.id, product_id: maze.id, qty: 1, items: [] } : undefined;
    const call = (user?: TestUser) =>
      t.app.inject({ method: method as 'GET', url, payload, headers: user ? bearer(user.token) : {} });
    expect((await call()).statusCode).toBe(401);
    expect((await call(bob)).statusCode).toBe(403);
    expect((await call(admin)).statusCode).toBe(403);
    expect((await linesOf(alice)).map((l) => l.qty)).toEqual([3]);
  });

  it('a tampered token counts as no token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/server/get_cart/${alice.id}`,
      headers: bearer(`${alice.token}x`),
    });
    expect(res.statusCode).toBe(401);
  });
});
