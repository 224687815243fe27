import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createBook, createOrder, type TestBook } from '../../test/factories/reviews';
import * as MSG from '@shared/messages';
import { REVIEW_TEXT_MAX } from '@shared/constants';
import { createReviewLink, signReviewToken } from './review-links';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let bookA: TestBook;
let bookB: TestBook;
let other: TestBook;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app, { email: 'alice.reader@example.com' });
  bob = await createUser(t.app);
  bookA = await createBook(t.app, { name: 'Alpha Puzzles' });
  bookB = await createBook(t.app, { name: 'Beta Colouring' });
  other = await createBook(t.app, { name: 'Not Ordered' });
});
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.database.db;
const addReview = (token: string | null, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/server/add_review', headers: token ? bearer(token) : {}, payload: body });
const orderProducts = (token: string | null, orderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/server/fetch_order_products/${orderId}`,
    headers: token ? bearer(token) : {},
  });
const verify = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/verify_review_token', payload: { token } });
const tokenFor = (order: { id: string; email: string }, ttlSeconds?: number) =>
  signReviewToken(t.app.ctx, { orderId: order.id, email: order.email }, ttlSeconds);
const reviewCount = async () => (await db().select().from(reviews)).length;

describe('review links', () => {
  it('createReviewLink points at the order’s review page with a signed review token', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const link = await createReviewLink(t.app.ctx, order);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.PUBLIC_URL}/review/order/${order.id}`);
    expect(url.searchParams.get('review_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('a review token is not a session token', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const token = new URL(await createReviewLink(t.app.ctx, order)).searchParams.get('review_token')!;
    const res = await orderProducts(token, order.id);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/verify_review_token', () => {
  it('signs in the customer of a signed-in order', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const token = await tokenFor(order);
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({ id: alice.id, email: alice.email, role: 'customer', method: null });
    const products = await orderProducts(session.token, order.id);
    expect(products.statusCode).toBe(200);
  });

  it('makes a password-less, verified customer account for a guest order and attaches the order to it', async () => {
    const order = await createOrder(t.app, { email: 'Guest.Buyer@Example.com', items: [bookA, bookB] });
    const token = await tokenFor(order);
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({ email: 'guest.buyer@example.com', role: 'customer', method: null });
    const [account] = await db().select().from(users).where(eq(users.id, session.id));
    expect(account).toMatchObject({
      email: 'guest.buyer@example.com',
      passwordHash: null,
      role: 'customer',
      verified: true,
    });
    const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.userId).toBe(session.id);
    const products = await orderProducts(session.token, order.id);
    expect(
      products
        .json()
        .map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([bookA.id, bookB.id].sort());
  });

  it('a second click on a guest order’s link signs in the same account, and two clicks at once make one account', async () => {
    const order = await createOrder(t.app, { email: 'twice@example.com', items: [bookA] });
    const token = await tokenFor(order);
    const [first, second] = await Promise.all([verify(token), verify(token)]);
    const third = await verify(token);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([first.json().id, second.json().id, third.json().id]).size).toBe(1);
    expect(await db().select().from(users).where(eq(users.email, 'twice@example.com'))).toHaveLength(1);
  });

  it('a guest order placed with an existing customer’s e-mail signs in that customer', async () => {
    const order = await createOrder(t.app, { email: bob.email, items: [bookA] });
    const res = await verify(await tokenFor(order));
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(bob.id);
  });

  it('never signs in an admin (whose sign-in is two-step)', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const own = await createOrder(t.app, { user: admin, items: [bookA] });
    const guest = await createOrder(t.app, { email: admin.email, items: [bookA] });
    expect((await verify(await tokenFor(own))).statusCode).toBe(401);
    expect((await verify(await tokenFor(guest))).statusCode).toBe(401);
    const [stored] = await db().select().from(orders).where(eq(orders.id, guest.id));
    expect(stored!.userId).toBeNull();
  });

  it('refuses an expired token with 401', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const token = await tokenFor(order, -10);
    const res = await verify(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.invalidReviewToken);
  });

  it('refuses a tampered token with 401', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const other = await createOrder(t.app, { user: bob, items: [bookA] });
    const token = await tokenFor(order);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ orderId: other.id, email: bob.email, typ: 'review', exp: 4102444800 }),
    ).toString('base64url');
    expect((await verify(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
    expect((await verify(`${token.slice(0, -2)}xx`)).statusCode).toBe(401);
  });

  it('refuses a token of another kind (a session token) with 401', async () => {
    expect((await verify(alice.token)).statusCode).toBe(401);
  });

  it('refuses a token for an unknown order, or naming another e-mail than the order’s, with 401', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    expect(
      (
        await verify(
          await signReviewToken(t.app.ctx, { orderId: '00000000-0000-4000-8000-000000000000', email: alice.email }),
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (await verify(await signReviewToken(t.app.ctx, { orderId: 'not-a-uuid', email: alice.email }))).statusCode,
    ).toBe(401);
    expect((await verify(await signReviewToken(t.app.ctx, { orderId: order.id, email: bob.email }))).statusCode).toBe(
      401,
    );
  });

  it('answers 400 naming the field when the token is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/verify_review_token', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/token/);
  });
});

describe('GET /api/server/fetch_order_products/{orderId}', () => {
  it('lists the order’s books in the product shape, and a reviewed book leaves the list', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookB, bookA] });
    const first = await orderProducts(alice.token, order.id);
    expect(first.statusCode).toBe(200);
    const list = first.json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Alpha Puzzles', 'Beta Colouring']);
    expect(list[0]).toEqual({
      id: bookA.id,
      name: 'Alpha Puzzles',
      type: 'Puzzle',
      description: expect.any(String),
      age: '',
      price: 7.99,
      imageUrls: [],
      image_URLs: '',
    });
    expect(
      (await addReview(alice.token, { order_id: order.id, product_id: bookA.id, rating: 5, review: 'Lovely' }))
        .statusCode,
    ).toBe(201);
    const after = await orderProducts(alice.token, order.id);
    expect(after.json().map((p: { id: string }) => p.id)).toEqual([bookB.id]);
  });

  it('answers 401 without a token', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    expect((await orderProducts(null, order.id)).statusCode).toBe(401);
  });

  it('answers 403 for another customer’s order', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const res = await orderProducts(bob.token, order.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 403 for a guest order not yet claimed through its review link', async () => {
    const order = await createOrder(t.app, { email: 'unclaimed@example.com', items: [bookA] });
    expect((await orderProducts(bob.token, order.id)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await orderProducts(alice.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await orderProducts(alice.token, 'nonsense')).statusCode).toBe(404);
  });
});

describe('POST /api/server/add_review', () => {
  it('stores a review of a book of the customer’s order and answers 201 with it', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA, bookB] });
    const res = await addReview(alice.token, {
      order_id: order.id,
      product_id: bookB.id,
      rating: 4,
      review: '  Great fun for long trips.\r\nRecommended.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      order_id: order.id,
      product_id: bookB.id,
      rating: 4,
      review: 'Great fun for long trips.\nRecommended.',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      state: 'published',
    });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, res.json().id));
    expect(row).toMatchObject({ userId: alice.id, orderId: order.id, productKey: bookB.key, rating: 4 });
  });

  it('answers 409 for a second review of the same book on the same order, keeping the first', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    expect(
      (await addReview(alice.token, { order_id: order.id, product_id: bookA.id, rating: 5, review: 'First' }))
        .statusCode,
    ).toBe(201);
    const again = await addReview(alice.token, {
      order_id: order.id,
      product_id: bookA.id,
      rating: 1,
      review: 'Second',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reviewed/);
    const rows = await db().select().from(reviews).where(eq(reviews.orderId, order.id));
    expect(rows.map((r) => r.text)).toEqual(['First']);
  });

  it('the same book bought again on another order can be reviewed again', async () => {
    const one = await createOrder(t.app, { user: alice, items: [bookA] });
    const two = await createOrder(t.app, { user: alice, items: [bookA] });
    expect(
      (await addReview(alice.token, { order_id: one.id, product_id: bookA.id, rating: 3, review: 'ok' })).statusCode,
    ).toBe(201);
    expect(
      (await addReview(alice.token, { order_id: two.id, product_id: bookA.id, rating: 4, review: 'better' }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 404 for a book not in the order, writing nothing', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const before = await reviewCount();
    const res = await addReview(alice.token, { order_id: order.id, product_id: other.id, rating: 5, review: 'Sneaky' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That book is not part of this order.');
    expect(
      (await addReview(alice.token, { order_id: order.id, product_id: 'no-such-book', rating: 5, review: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await addReview(alice.token, { order_id: order.id, product_id: 'bad\u0000id', rating: 5, review: 'x' }))
        .statusCode,
    ).toBe(400); // NUL: refused at the edge
    expect(await reviewCount()).toBe(before);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await addReview(alice.token, {
      order_id: '00000000-0000-4000-8000-000000000000',
      product_id: bookA.id,
      rating: 5,
      review: 'x',
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 for another customer’s order, writing nothing', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const before = await reviewCount();
    const res = await addReview(bob.token, { order_id: order.id, product_id: bookA.id, rating: 1, review: 'Not mine' });
    expect(res.statusCode).toBe(403);
    expect(await reviewCount()).toBe(before);
  });

  it('answers 401 without a token or with a bad one', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const body = { order_id: order.id, product_id: bookA.id, rating: 5, review: 'x' };
    expect((await addReview(null, body)).statusCode).toBe(401);
    expect((await addReview(`${alice.token}x`, body)).statusCode).toBe(401);
  });

  it.each([
    ['rating 0', { rating: 0 }, /rating/i],
    ['rating 6', { rating: 6 }, /rating/i],
    ['rating 4.5', { rating: 4.5 }, /rating/i],
    ['rating as text', { rating: '5' }, /rating/i],
    ['no rating', { rating: undefined }, /rating/i],
    ['an empty text', { review: '' }, /review/i],
    ['a text of spaces', { review: '   \n ' }, /review/i],
    ['no text', { review: undefined }, /review/i],
    [`a ${REVIEW_TEXT_MAX + 1}-character text`, { review: 'x'.repeat(REVIEW_TEXT_MAX + 1) }, /2000 characters/],
    ['no product', { product_id: undefined }, /product_id/],
    ['no order', { order_id: undefined }, /order_id/],
  ])('answers 400 naming the problem for %s, writing nothing', async (_name, change, message) => {
    const order = await createOrder(t.app, { user: alice, items: [bookA] });
    const before = await reviewCount();
    const res = await addReview(alice.token, {
      order_id: order.id,
      product_id: bookA.id,
      rating: 5,
      review: 'Fine',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await reviewCount()).toBe(before);
  });

  it('accepts ratings 1 and 5 and a text of exactly 2000 characters', async () => {
    const order = await createOrder(t.app, { user: alice, items: [bookA, bookB] });
    expect(
      (
        await addReview(alice.token, {
          order_id: order.id,
          product_id: bookA.id,
          rating: 1,
          review: 'y'.repeat(REVIEW_TEXT_MAX),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await addReview(alice.token, { order_id: order.id, product_id: bookB.id, rating: 5, review: 'z' })).statusCode,
    ).toBe(201);
  });

  it('stores a <script> text as plain text and answers it unchanged, as text', async () => {
    const book = await createBook(t.app);
    const order = await createOrder(t.app, { user: alice, items: [book] });
    const text = '<script>alert("x")</script> & <b>bold</b>';
    expect(
      (await addReview(alice.token, { order_id: order.id, product_id: book.id, rating: 2, review: text })).statusCode,
    ).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: `/api/server/fetch_product_reviews/${book.id}` });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().reviews[0].review).toBe(text);
  });
});

describe('GET /api/server/fetch_product_reviews/{productId}', () => {
  it('answers the reviews newest first, the average and the count, naming reviewers by the part before the @ only', async () => {
    const book = await createBook(t.app);
    const one = await createOrder(t.app, { user: alice, items: [book] });
    const two = await createOrder(t.app, { user: bob, items: [book] });
    await addReview(alice.token, { order_id: one.id, product_id: book.id, rating: 5, review: 'Older' });
    await addReview(bob.token, { order_id: two.id, product_id: book.id, rating: 2, review: 'Newer' });
    const res = await t.app.inject({ method: 'GET', url: `/api/server/fetch_product_reviews/${book.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      average: 3.5,
      count: 2,
      reviews: [
        {
          id: expect.any(String),
          rating: 2,
          review: 'Newer',
          date: expect.any(String),
          user: bob.email.split('@')[0],
          reply: null,
        },
        {
          id: expect.any(String),
          rating: 5,
          review: 'Older',
          date: expect.any(String),
          user: 'alice.reader',
          reply: null,
        },
      ],
    });
    expect(res.body).not.toContain('@example.com');
  });

  it('answers the average with two decimals', async () => {
    const book = await createBook(t.app);
    for (const rating of [5, 4, 4]) {
      const order = await createOrder(t.app, { user: alice, items: [book] });
      await addReview(alice.token, { order_id: order.id, product_id: book.id, rating, review: 'r' });
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/server/fetch_product_reviews/${book.id}` });
    expect(res.json()).toMatchObject({ average: 4.33, count: 3 });
  });

  it('answers zero and an empty list for a book without reviews', async () => {
    const book = await createBook(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/server/fetch_product_reviews/${book.id}` });
    expect(res.json()).toEqual({ average: 0, count: 0, reviews: [] });
  });

  it('answers 404 for an unknown book', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/server/fetch_product_reviews/no-such-book' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/server/fetch_product_reviews/bad%00id' })).statusCode).toBe(
      400,
    ); // NUL: refused at the edge
  });
});

describe('GET /api/server/fetch_user_reviews/{userId}/{email}', () => {
  it('answers the user’s own reviews with the book’s name, newest first', async () => {
    const carol = await createUser(t.app);
    const order = await createOrder(t.app, { user: carol, items: [bookA, bookB] });
    await addReview(carol.token, { order_id: order.id, product_id: bookA.id, rating: 3, review: 'first' });
    await addReview(carol.token, { order_id: order.id, product_id: bookB.id, rating: 4, review: 'second' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/server/fetch_user_reviews/${carol.id}/${encodeURIComponent(carol.email)}`,
      headers: bearer(carol.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        order_id: order.id,
        product_id: bookB.id,
        product_name: 'Beta Colouring',
        rating: 4,
        review: 'second',
        date: expect.any(String),
        state: 'published',
      },
      {
        id: expect.any(String),
        order_id: order.id,
        product_id: bookA.id,
        product_name: 'Alpha Puzzles',
        rating: 3,
        review: 'first',
        date: expect.any(String),
        state: 'published',
      },
    ]);
  });

  it('answers 401 without a token', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/server/fetch_user_reviews/${alice.id}/${alice.email}` }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 403 for another user’s id, and for an e-mail that is not the account’s', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/server/fetch_user_reviews/${alice.id}/${alice.email}`,
          headers: bearer(bob.token),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/server/fetch_user_reviews/${bob.id}/${alice.email}`,
          headers: bearer(bob.token),
        })
      ).statusCode,
    ).toBe(403);
  });
});
