/**
 * Deleting a book (decision 039): a book that has been sold is archived (hidden from the shop,
 * kept with its orders and reviews; the admin sees it and can restore it); a book never sold is
 * deleted.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, historyOrder } from '../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import type { Order } from '@shared/contracts/orders';
import * as MSG from '@shared/messages';
import { productPageData } from './storefront';
import { completeCheckout } from '../../flows/complete-checkout';
import { adminForm, productFormFields } from '../../test/multipart';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
const post = (url: string, payload: object | undefined, user?: TestUser | null) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: user ? bearer(user.token) : {} });
/** As the admin unless another user (or null: no token) is given. */
const remove = (id: string, user: TestUser | null = admin) =>
  post(`/api/admin/products/delete_product/${id}`, undefined, user);
const restore = (id: string, user: TestUser | null = admin) =>
  post(`/api/admin/products/restore_product/${id}`, undefined, user);
const ids = (res: { json: () => unknown }) => (res.json() as { id: string }[]).map((product) => product.id);
const archivedIds = async () => ids(await get('/api/admin/products/archived', admin));
const rowExists = async (id: string) =>
  ((await db().execute(sql`select 1 from products where id = ${id}`)) as unknown as { rows: unknown[] }).rows.length ===
  1;
const reviewsOfOrder = async (orderId: string) =>
  Number(
    (
      (await db().execute(sql`select count(*) as n from reviews where order_id = ${orderId}`)) as unknown as {
        rows: { n: string | number }[];
      }
    ).rows[0]!.n,
  );

/** A book alice bought and reviewed; bob has it in his cart and wishlist. */
async function soldAndReviewed(id: string, name: string): Promise<{ book: ProductFixture; orderId: string }> {
  const book = await createProduct(db(), { id, name, pricePence: 1150 });
  const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: book, qty: 3 }] });
  expect(
    (
      await post(
        '/api/server/add_review',
        { order_id: orderId, product_id: id, rating: 4, review: 'Kept us busy.' },
        alice,
      )
    ).statusCode,
  ).toBe(201);
  expect((await post('/api/server/update_cart', { user_id: bob.id, product_id: id, qty: 2 }, bob)).statusCode).toBe(
    200,
  );
  expect((await post('/api/server/add_wishlist', { user_id: bob.id, product_id: id }, bob)).statusCode).toBe(200);
  return { book, orderId };
}

describe('deleting a book that has been sold', () => {
  it('archives it: hidden from every shopper listing and call, kept with its order and reviews, listed for the admin', async () => {
    const { book, orderId } = await soldAndReviewed('BV-ARC-1', 'Lighthouse Logic Puzzles');
    await get('/api/server/get_products'); // the catalogue cache is warm
    expect((await get('/sitemap-books-1.xml')).body).toContain('Lighthouse'); // listed while on sale

    const res = await remove('BV-ARC-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.productArchived, archived: true });
    expect(await rowExists('BV-ARC-1')).toBe(true);

    // Gone from the shop.
    expect(ids(await get('/api/server/get_products'))).not.toContain('BV-ARC-1');
    expect(ids(await get('/api/server/get_products?ids=BV-ARC-1'))).toEqual([]);
    expect((await get('/api/server/get_product?id=BV-ARC-1')).statusCode).toBe(404);
    expect((await get(`/api/server/get_product?name=${encodeURIComponent(book.name)}`)).statusCode).toBe(404);
    expect((await get(`/api/server/get_product?name=${encodeURIComponent(book.name)}`, alice)).statusCode).toBe(404);
    expect(ids(await get('/api/server/search?query=lighthouse'))).toEqual([]);
    expect(ids(await get('/api/server/search?query=lighthuose'))).toEqual([]);
    expect((await get('/sitemap-books-1.xml')).body).not.toContain('Lighthouse');
    expect(await productPageData(t.app.ctx, book.name)).toBeNull();
    expect((await get('/api/server/fetch_product_reviews/BV-ARC-1')).statusCode).toBe(404);

    // Out of carts and wishlists, and cannot be put back or bought.
    expect((await get(`/api/server/get_cart/${bob.id}`, bob)).json()).toEqual([]);
    expect((await get(`/api/server/get_cart_products/${bob.id}`, bob)).json()).toEqual([]);
    expect((await get(`/api/server/get_wishlist/${bob.id}`, bob)).json()).toEqual([]);
    expect((await get(`/api/server/get_wishlist_products/${bob.id}`, bob)).json()).toEqual([]);
    expect(
      (await post('/api/server/update_cart', { user_id: bob.id, product_id: 'BV-ARC-1', qty: 1 }, bob)).statusCode,
    ).toBe(404);
    expect((await post('/api/server/add_wishlist', { user_id: bob.id, product_id: 'BV-ARC-1' }, bob)).statusCode).toBe(
      404,
    );
    const merged = await post(
      '/api/server/merge_cart',
      { user_id: bob.id, items: [{ product_id: 'BV-ARC-1', qty: 1 }] },
      bob,
    );
    expect(merged.json()).toEqual([]);
    const checkout = await post('/api/checkout/create_checkout_session', {
      cartItems: [{ product_id: 'BV-ARC-1', qty: 1 }],
      user_id: null,
      user_email: '',
    });
    expect(checkout.statusCode).toBe(400);

    // The order and its review are kept.
    expect(await historyOrder(t.app, alice, orderId)).toMatchObject({
      items: [{ item: 'Lighthouse Logic Puzzles', quantity: 3, product_id: 'BV-ARC-1' }],
      reviewed: true,
    });
    const adminOrders = (await get('/api/admin/orders_status', admin)).json() as Order[];
    expect(adminOrders.find((order) => order.order_id === orderId)?.items).toEqual([
      { item: 'Lighthouse Logic Puzzles', quantity: 3, product_id: 'BV-ARC-1' },
    ]);
    expect(await reviewsOfOrder(orderId)).toBe(1);

    // The admin still sees it, and can open it in the form.
    expect(await archivedIds()).toContain('BV-ARC-1');
    expect((await get('/api/server/get_product?id=BV-ARC-1', admin)).json()).toMatchObject({
      id: 'BV-ARC-1',
      name: 'Lighthouse Logic Puzzles',
    });
  });

  it('restoring puts it back in the shop with its reviews, and its order offers it for review again', async () => {
    const book = await createProduct(db(), { id: 'BV-ARC-2', name: 'Starlight Sudoku' });
    const other = await createProduct(db(), { id: 'BV-ARC-2B', name: 'Moonlight Mazes' });
    const { orderId } = await createPaidOrder(t.app, { user: alice, items: [{ product: book }, { product: other }] });
    expect(
      (
        await post(
          '/api/server/add_review',
          { order_id: orderId, product_id: other.id, rating: 5, review: 'Great.' },
          alice,
        )
      ).statusCode,
    ).toBe(201);

    expect((await remove('BV-ARC-2B')).json()).toMatchObject({ archived: true });
    expect((await remove('BV-ARC-2')).json()).toMatchObject({ archived: true });
    // Nothing in the shop is left to review.
    expect((await get(`/api/server/fetch_order_products/${orderId}`, alice)).json()).toEqual([]);
    expect(await historyOrder(t.app, alice, orderId)).toMatchObject({ reviewed: true });

    const res = await restore('BV-ARC-2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.productRestored });
    expect(await restore('BV-ARC-2B')).toMatchObject({ statusCode: 200 });
    expect(ids(await get('/api/server/get_products'))).toEqual(expect.arrayContaining(['BV-ARC-2', 'BV-ARC-2B']));
    expect(await archivedIds()).not.toContain('BV-ARC-2');
    expect((await get('/api/server/fetch_product_reviews/BV-ARC-2B')).json()).toMatchObject({ count: 1, average: 5 });
    expect(ids(await get(`/api/server/fetch_order_products/${orderId}`, alice))).toEqual(['BV-ARC-2']);
    expect(await historyOrder(t.app, alice, orderId)).toMatchObject({ reviewed: false });
  });

  it('keeps its ID and name taken: a new book cannot use them until the archived one is renamed', async () => {
    await soldAndReviewed('BV-ARC-3', 'Harbour Word Search');
    expect((await remove('BV-ARC-3')).json()).toMatchObject({ archived: true });

    const sameId = await adminForm(
      t.app,
      admin.token,
      '/api/admin/products/add_product',
      productFormFields({ id: 'BV-ARC-3', name: 'Another Book' }),
    );
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().message).toBe(MSG.archivedProductIdTaken('BV-ARC-3'));
    const sameName = await adminForm(
      t.app,
      admin.token,
      '/api/admin/products/add_product',
      productFormFields({ id: 'BV-ARC-3-NEW', name: 'Harbour Word Search' }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(MSG.archivedProductNameTaken('Harbour Word Search'));

    // The admin edits the archived book (it stays archived) to free its ID and name.
    const edited = await adminForm(
      t.app,
      admin.token,
      '/api/admin/products/edit_product/BV-ARC-3',
      productFormFields({ id: 'BV-ARC-3-OLD', name: 'Harbour Word Search (first edition)', pricePence: 1150 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await archivedIds()).toContain('BV-ARC-3-OLD');
    expect(ids(await get('/api/server/get_products'))).not.toContain('BV-ARC-3-OLD');
    const reused = await adminForm(
      t.app,
      admin.token,
      '/api/admin/products/add_product',
      productFormFields({ id: 'BV-ARC-3', name: 'Harbour Word Search' }),
    );
    expect(reused.statusCode, reused.body).toBe(200);
    expect(ids(await get('/api/server/get_products'))).toContain('BV-ARC-3');
  });

  it('deleting it again changes nothing and says it is archived', async () => {
    await soldAndReviewed('BV-ARC-4', 'Pebble Puzzles');
    expect((await remove('BV-ARC-4')).json()).toMatchObject({ archived: true });
    const again = await remove('BV-ARC-4');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: MSG.productArchived, archived: true });
    expect(await archivedIds()).toContain('BV-ARC-4');
  });

  it('an order completing while its book is deleted: either the order keeps an archived book, or the book was gone first (never an error)', async () => {
    for (let round = 0; round < 6; round += 1) {
      const book = await createProduct(db(), { id: `BV-RACE-${round}`, name: `Race Book ${round}` });
      const checkout = await post(
        '/api/checkout/create_checkout_session',
        {
          cartItems: [{ product_id: book.id, qty: 1 }],
          user_id: alice.id,
          user_email: alice.email,
        },
        alice,
      );
      expect(checkout.statusCode, checkout.body).toBe(200);
      const sessionId = checkout.json().sessionId as string;
      const [completed, deleted] = await Promise.all([
        completeCheckout(t.app.ctx, sessionId, { eventId: `race:${sessionId}`, eventType: 'test.paid' }),
        remove(book.id),
      ]);
      expect(completed.created).toBe(true);
      expect(deleted.statusCode).toBe(200);
      // The line is kept as bought either way; a book that was sold first is archived, not deleted.
      expect(await historyOrder(t.app, alice, completed.orderId!)).toMatchObject({
        items: [{ item: book.name, quantity: 1, product_id: book.id }],
      });
      expect(ids(await get(`/api/server/fetch_order_products/${completed.orderId}`, alice))).toEqual([]);
      expect(await rowExists(book.id)).toBe(deleted.json().archived);
      expect((await archivedIds()).includes(book.id)).toBe(deleted.json().archived);
    }
  });
});

describe('deleting a book never sold', () => {
  it('removes it', async () => {
    await createProduct(db(), { id: 'BV-UNSOLD', name: 'Never Bought' });
    const res = await remove('BV-UNSOLD');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.productDeleted, archived: false });
    expect(await rowExists('BV-UNSOLD')).toBe(false);
    expect(await archivedIds()).not.toContain('BV-UNSOLD');
    expect((await remove('BV-UNSOLD')).statusCode).toBe(404);
  });
});

describe('restore_product and the archived list', () => {
  it('restore answers 404 for an unknown book and 409 for a book that is in the shop', async () => {
    expect((await restore('BV-NOPE')).statusCode).toBe(404);
    await createProduct(db(), { id: 'BV-ONSALE', name: 'On Sale' });
    const res = await restore('BV-ONSALE');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.productNotArchived);
  });

  it('are for admins only: 401 without a token, 403 for a customer', async () => {
    await soldAndReviewed('BV-ARC-5', 'Guarded Puzzles');
    expect((await remove('BV-ARC-5')).json()).toMatchObject({ archived: true });
    expect((await get('/api/admin/products/archived')).statusCode).toBe(401);
    expect((await get('/api/admin/products/archived', alice)).statusCode).toBe(403);
    expect((await restore('BV-ARC-5', null)).statusCode).toBe(401);
    expect((await restore('BV-ARC-5', alice)).statusCode).toBe(403);
    expect(await archivedIds()).toContain('BV-ARC-5');
  });
});
