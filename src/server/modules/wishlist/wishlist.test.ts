import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistEntries } from '../../db/schema';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let maze: ProductFixture;
let journal: ProductFixture;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  maze = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799, type: 'Puzzle', images: 2 });
  journal = await createProduct(t.deps.database.db, { name: 'Garden Journal', pricePence: 1299, type: 'Journal' });
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
const post = (url: string, payload: unknown, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: user ? bearer(user.token) : {} });

describe('wishlist', () => {
  const entriesOf = (user: TestUser, productId: string) =>
    t.deps.database.db
      .select()
      .from(wishlistEntries)
      .where(and(eq(wishlistEntries.userId, user.id), eq(wishlistEntries.productId, productId)));

  it('adding twice keeps one entry; get_wishlist and get_wishlist_products read it', async () => {
    expect(
      (await post('/api/server/add_wishlist', { user_id: alice.id, product_id: journal.id }, alice)).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/server/add_wishlist', { user_id: alice.id, product_id: journal.id }, alice)).statusCode,
    ).toBe(200);
    expect(await entriesOf(alice, journal.id)).toHaveLength(1);
    expect((await get(`/api/server/get_wishlist/${alice.id}`, alice)).json()).toEqual([{ product_id: journal.id }]);
    const products = (await get(`/api/server/get_wishlist_products/${alice.id}`, alice)).json();
    expect(products).toEqual([expect.objectContaining({ id: journal.id, name: 'Garden Journal', price: 12.99 })]);
  });

  it('remove_wishlist removes the entry', async () => {
    await post('/api/server/add_wishlist', { user_id: bob.id, product_id: maze.id }, bob);
    expect((await post('/api/server/remove_wishlist', { user_id: bob.id, product_id: maze.id }, bob)).statusCode).toBe(
      200,
    );
    expect(await entriesOf(bob, maze.id)).toHaveLength(0);
  });

  it('add_wishlist answers 404 for an unknown product and 400 without product_id', async () => {
    expect((await post('/api/server/add_wishlist', { user_id: bob.id, product_id: 'NOPE-2' }, bob)).statusCode).toBe(
      404,
    );
    const res = await post('/api/server/add_wishlist', { user_id: bob.id }, bob);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/product_id/);
  });

  it.each([
    ['GET', '/api/server/get_wishlist/:id'],
    ['GET', '/api/server/get_wishlist_products/:id'],
    ['POST', '/api/server/add_wishlist'],
    ['POST', '/api/server/remove_wishlist'],
  ])('%s %s: 401 without a token, 403 for another user', async (method, path) => {
    const url = path.replace(':id', alice.id);
    const payload = method === 'POST' ? { user_id: alice.id, product_id: maze.id } : undefined;
    const call = (user?: TestUser) =>
      t.app.inject({ method: method as 'GET', url, payload, headers: user ? bearer(user.token) : {} });
    expect((await call()).statusCode).toBe(401);
    expect((await call(bob)).statusCode).toBe(403);
    expect(await entriesOf(alice, maze.id)).toHaveLength(0);
  });
});
