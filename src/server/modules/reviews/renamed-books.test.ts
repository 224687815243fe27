/**
 * Order lines and reviews follow a book through a change of its book-vault ID (decision 038): the
 * buyer still sees what they bought, is offered the renamed book for review, the order is not
 * marked reviewed, and a new book given the old ID is not part of the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidOrder, historyOrder } from '../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import type { Order } from '@shared/contracts/orders';
import { adminForm, productFormFields } from '../../test/multipart';
import { TEST_ADDRESS } from '../../test/factories/addresses';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  alice = await createUser(t.app);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
const post = (url: string, payload: object, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload, headers: user ? bearer(user.token) : {} });

const adminOrder = async (orderId: string) =>
  ((await get('/api/admin/orders_status', admin)).json() as Order[]).find((order) => order.order_id === orderId);
const offeredIds = async (user: TestUser, orderId: string) => {
  const res = await get(`/api/server/fetch_order_products/${orderId}`, user);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: string }[]).map((product) => product.id);
};
const review = (user: TestUser, orderId: string, productId: string) =>
  post(
    '/api/server/add_review',
    { order_id: orderId, product_id: productId, rating: 5, review: 'Still a favourite.' },
    user,
  );

/** The admin changes the book's ID (everything else as it was). */
async function renameId(book: ProductFixture, newId: string): Promise<void> {
  const res = await adminForm(
    t.app,
    admin.token,
    `/api/admin/products/edit_product/${book.id}`,
    productFormFields({ ...book, id: newId }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe('a book whose ID changes after it was sold', () => {
  it('stays in the order: history as bought, offered for review under its new ID, not marked reviewed', async () => {
    const book = await createProduct(db(), { id: 'BV-REN-1', name: 'Harbour Mazes', pricePence: 650 });
    const order = await createPaidOrder(t.app, { user: alice, items: [{ product: book, qty: 2 }] });
    await renameId(book, 'BV-REN-1-V2');

    const bought = { item: 'Harbour Mazes', quantity: 2, product_id: 'BV-REN-1' };
    expect(await historyOrder(t.app, alice, order.orderId)).toMatchObject({ items: [bought], reviewed: false });
    expect(await adminOrder(order.orderId)).toMatchObject({ items: [bought], reviewed: false });
    expect(await offeredIds(alice, order.orderId)).toEqual(['BV-REN-1-V2']);

    const added = await review(alice, order.orderId, 'BV-REN-1-V2');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ order_id: order.orderId, product_id: 'BV-REN-1-V2' });
    expect((await get('/api/server/fetch_product_reviews/BV-REN-1-V2')).json()).toMatchObject({ count: 1, average: 5 });
    expect(await offeredIds(alice, order.orderId)).toEqual([]);
    expect(await historyOrder(t.app, alice, order.orderId)).toMatchObject({ reviewed: true });
    expect(await adminOrder(order.orderId)).toMatchObject({ reviewed: true });
  });

  it('keeps its reviews: a review written before the change is on the renamed book, and the buyer’s list names it', async () => {
    const book = await createProduct(db(), { id: 'BV-REN-3', name: 'Lantern Logic' });
    const order = await createPaidOrder(t.app, { user: alice, items: [{ product: book }] });
    expect((await review(alice, order.orderId, 'BV-REN-3')).statusCode).toBe(201);
    await renameId(book, 'BV-REN-3-V2');

    expect((await get('/api/server/fetch_product_reviews/BV-REN-3-V2')).json()).toMatchObject({ count: 1 });
    const mine = (await get(`/api/server/fetch_user_reviews/${alice.id}/${alice.email}`, alice)).json() as {
      product_id: string;
      product_name: string;
    }[];
    expect(mine).toContainEqual(expect.objectContaining({ product_id: 'BV-REN-3-V2', product_name: 'Lantern Logic' }));
    expect(await historyOrder(t.app, alice, order.orderId)).toMatchObject({ reviewed: true });
    expect((await review(alice, order.orderId, 'BV-REN-3-V2')).statusCode).toBe(409);
  });

  it('a new book given the old ID is not offered for that order and cannot be reviewed on it', async () => {
    const book = await createProduct(db(), { id: 'BV-REN-2', name: 'Tidal Puzzles' });
    const order = await createPaidOrder(t.app, { user: alice, items: [{ product: book }] });
    await renameId(book, 'BV-REN-2-OLD');
    const newcomer = await adminForm(
      t.app,
      admin.token,
      '/api/admin/products/add_product',
      productFormFields({ id: 'BV-REN-2', name: 'A Different Book' }),
    );
    expect(newcomer.statusCode, newcomer.body).toBe(200);

    expect(await offeredIds(alice, order.orderId)).toEqual(['BV-REN-2-OLD']);
    const refused = await review(alice, order.orderId, 'BV-REN-2');
    expect(refused.statusCode).toBe(404);
    expect((await get('/api/server/fetch_product_reviews/BV-REN-2')).json()).toMatchObject({ count: 0 });
    expect(await historyOrder(t.app, alice, order.orderId)).toMatchObject({
      items: [{ item: 'Tidal Puzzles', quantity: 1, product_id: 'BV-REN-2' }],
      reviewed: false,
    });
  });

  it('renamed between checkout and payment: the order line is the book that was priced, under its new ID', async () => {
    const book = await createProduct(db(), { id: 'BV-REN-4', name: 'Quiet Crosswords', pricePence: 900 });
    const created = await post(
      '/api/checkout/create_checkout_session',
      {
        cartItems: [{ product_id: 'BV-REN-4', qty: 1 }],
        user_id: alice.id,
        user_email: alice.email,
        shipping_cost: 3.83,
        currency: 'GBP',
      },
      alice,
    );
    expect(created.statusCode, created.body).toBe(200);
    await renameId(book, 'BV-REN-4-V2');
    const paid = await post(`/api/checkout/demo/${created.json().sessionId}/pay`, { address: TEST_ADDRESS }, alice);
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().order_id as string;

    expect(await historyOrder(t.app, alice, orderId)).toMatchObject({
      items: [{ item: 'Quiet Crosswords', quantity: 1, product_id: 'BV-REN-4' }],
      reviewed: false,
    });
    expect(await offeredIds(alice, orderId)).toEqual(['BV-REN-4-V2']);
  });
});
