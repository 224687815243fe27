/**
 * A book's page carries its reviews (decision 124), on the real web build: they are in the HTML
 * the server sends, and a new review makes the kept page be rendered again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBook, createOrder, type TestBook } from '../../test/factories/reviews';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { testWebBuild } from '../../test/web-build';

let t: TestApp;
let reader: TestUser;
let book: TestBook;

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: await testWebBuild() } });
  reader = await createUser(t.app, { email: 'page.reader@example.com' });
  book = await createBook(t.app, { name: 'Reviewed On Its Page' });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const bookPage = async () => (await t.app.inject({ url: `/item/${encodeURIComponent(book.name)}` })).body;

it('shows the reviews in the HTML, and shows a new review once it is added, though the page was kept', async () => {
  const before = await bookPage();
  expect(before).toContain('No reviews yet.');
  expect(await bookPage()).toBe(before); // kept

  const order = await createOrder(t.app, { user: reader, items: [book] });
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/server/add_review',
    headers: bearer(reader.token),
    payload: { order_id: order.id, product_id: book.id, rating: 4, review: 'Kept us busy on a wet <b>weekend</b>.' },
  });
  expect(added.statusCode).toBe(201);

  await expect.poll(bookPage).toContain('Kept us busy on a wet &lt;b&gt;weekend&lt;/b&gt;.');
  const after = await bookPage();
  expect(after).toContain('page.reader');
  expect(after).not.toContain('page.reader@example.com');
  expect(after).toContain('Average rating 4 out of 5');
});

it('drops a hidden review from the kept page, its average, count and JSON-LD at once, and shows the shop’s reply', async () => {
  const owner = await createUser(t.app, { role: 'admin', email: 'page.owner@example.com' });
  const other = await createUser(t.app, { email: 'second.reader@example.com' });
  const order = await createOrder(t.app, { user: other, items: [book] });
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/server/add_review',
    headers: bearer(other.token),
    payload: { order_id: order.id, product_id: book.id, rating: 1, review: 'Rude words here.' },
  });
  expect(added.statusCode).toBe(201);
  await expect.poll(bookPage).toContain('Rude words here.');
  expect(await bookPage()).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":2.5,"reviewCount":2}');

  const hidden = await t.app.inject({
    method: 'POST',
    url: `/api/admin/reviews/${added.json().id}/hide`,
    headers: bearer(owner.token),
    payload: { reason: 'Abusive' },
  });
  expect(hidden.statusCode).toBe(200);
  const after = await bookPage();
  expect(after).not.toContain('Rude words here.');
  expect(after).toContain('"ratingValue":4,"reviewCount":1');
  expect(after).toContain('Average rating 4 out of 5');

  const [kept] = (await t.app.inject({ url: `/api/server/fetch_product_reviews/${book.id}` })).json().reviews;
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/reviews/${kept.id}/reply`,
    headers: bearer(owner.token),
    payload: { reply: 'Thank you for the kind words!' },
  });
  const replied = await bookPage();
  expect(replied).toContain('Reply from the shop');
  expect(replied).toContain('Thank you for the kind words!');
});
