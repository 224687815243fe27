/**
 * Finding 7: a review link signs in only while the account's sessions have not been ended since
 * it was mailed (its `ver` claim is the account's session version), and only while the order
 * has something left to review (decisions/050).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkInMail } from '../../test/mailbox';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createBook, createOrder, type TestBook } from '../../test/factories/reviews';
import * as MSG from '@shared/messages';
import { createReviewLink, readReviewToken, signReviewToken } from './review-links';

let t: TestApp;
let bookA: TestBook;
let bookB: TestBook;

beforeAll(async () => {
  t = await createTestApp();
  bookA = await createBook(t.app, { name: 'Alpha Mazes' });
  bookB = await createBook(t.app, { name: 'Beta Doodles' });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/verify_review_token', payload: { token } });
const linkToken = async (order: { id: string; email: string }) =>
  new URL(await createReviewLink(t.app.ctx, order)).searchParams.get('review_token')!;
const review = (token: string, orderId: string, productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/server/add_review',
    headers: bearer(token),
    payload: { order_id: orderId, product_id: productId, rating: 5, review: 'Lovely.' },
  });

/** The customer changes the password through a mailed reset link (which ends every session of the account). */
async function changePassword(user: TestUser) {
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/request_password_reset', payload: { email: user.email } }))
      .statusCode,
  ).toBe(200);
  const token = new URL((await linkInMail(db(), user.email, /change_password\?token=/))!).searchParams.get('token')!;
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/change_password', payload: { token, password: 'changed99' } }))
      .statusCode,
  ).toBe(200);
}

describe('a review link and the account’s session version', () => {
  it('carries the version of the account it signs in', async () => {
    const customer = await createUser(t.app);
    await changePassword(customer); // version 1
    const own = await createOrder(t.app, { user: customer, items: [bookA] });
    const guest = await createOrder(t.app, { email: customer.email.toUpperCase(), items: [bookA] });
    const nobody = await createOrder(t.app, { email: 'no-account-yet@example.com', items: [bookA] });
    expect(await readReviewToken(t.app.ctx, await linkToken(own))).toMatchObject({ ver: 1 });
    expect(await readReviewToken(t.app.ctx, await linkToken(guest))).toMatchObject({ ver: 1 });
    expect(await readReviewToken(t.app.ctx, await linkToken(nobody))).toMatchObject({ ver: 0 });
  });

  it('stops signing in once the password has changed; a link mailed after the change works', async () => {
    const customer = await createUser(t.app);
    const order = await createOrder(t.app, { user: customer, items: [bookA] });
    const before = await linkToken(order);
    expect((await verify(before)).statusCode).toBe(200);

    await changePassword(customer);
    const refused = await verify(before);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MSG.invalidReviewToken });

    const after = await verify(await linkToken(order));
    expect(after.statusCode).toBe(200);
    expect(after.json().id).toBe(customer.id);
  });

  it('a guest order’s link to an existing account stops too when that account’s password changes', async () => {
    const customer = await createUser(t.app);
    const order = await createOrder(t.app, { email: customer.email, items: [bookA] });
    const token = await linkToken(order);
    await changePassword(customer);
    expect((await verify(token)).statusCode).toBe(401);
    const [stored] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.userId).toBeNull(); // nothing attached by a refused link
  });

  it('a link whose first use took over a never-verified account keeps working for the next book, until a password change', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/create_account',
      payload: { email: 'never-verified@example.com', password: 'secret123' },
    });
    const customer = {
      ...(signUp.json() as { id: string; email: string }),
      password: 'secret123',
      token: '',
      role: 'customer',
    };
    const order = await createOrder(t.app, { user: customer, items: [bookA, bookB] });
    const token = await linkToken(order);

    const first = await verify(token); // proves the address: password dropped, sessions ended
    expect(first.statusCode).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, customer.id)))[0]).toMatchObject({
      verified: true,
      passwordHash: null,
      sessionVersion: 1,
    });
    expect((await review(first.json().token, order.id, bookA.id)).statusCode).toBe(201);
    expect((await verify(token)).statusCode).toBe(200); // next week, the other book

    await changePassword(customer);
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('a refused link makes no account for a guest order', async () => {
    const order = await createOrder(t.app, { email: 'stale-link@example.com', items: [bookA] });
    const res = await verify(await signReviewToken(t.app.ctx, { orderId: order.id, email: order.email, ver: 3 }));
    expect(res.statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.email, 'stale-link@example.com'))).toHaveLength(0);
  });

  it('a link mailed before links carried a version counts as version 0', async () => {
    const customer = await createUser(t.app);
    const order = await createOrder(t.app, { user: customer, items: [bookA] });
    const old = await t.app.ctx.tokens.sign('review', { orderId: order.id, email: order.email }, 3600);
    expect((await verify(old)).statusCode).toBe(200);
    await changePassword(customer);
    expect((await verify(old)).statusCode).toBe(401);
  });

  it.each([
    ['negative', -1],
    ['a string', '0'],
    ['a fraction', 0.5],
  ])('a link whose version is %s is refused', async (_what, ver) => {
    const customer = await createUser(t.app);
    const order = await createOrder(t.app, { user: customer, items: [bookA] });
    const odd = await t.app.ctx.tokens.sign('review', { orderId: order.id, email: order.email, ver }, 3600);
    expect((await verify(odd)).statusCode).toBe(401);
  });
});

describe('a review link once the order is fully reviewed', () => {
  it('signs no one in: 409 with the page’s all-reviewed sentence, and no token', async () => {
    const customer = await createUser(t.app);
    const order = await createOrder(t.app, { user: customer, items: [bookA, bookB] });
    const token = await linkToken(order);
    const session = (await verify(token)).json().token as string;
    expect((await review(session, order.id, bookA.id)).statusCode).toBe(201);
    expect((await verify(token)).statusCode).toBe(200); // one book still to review

    expect((await review(session, order.id, bookB.id)).statusCode).toBe(201);
    const done = await verify(token);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: MSG.allReviewsSubmitted });
  });

  it('a bad link is still a bad link (401), reviewed or not', async () => {
    const customer = await createUser(t.app);
    const order = await createOrder(t.app, { user: customer, items: [bookA] });
    const token = await linkToken(order);
    const session = (await verify(token)).json().token as string;
    expect((await review(session, order.id, bookA.id)).statusCode).toBe(201);
    expect((await verify(`${token.slice(0, -2)}xx`)).statusCode).toBe(401);
  });
});
