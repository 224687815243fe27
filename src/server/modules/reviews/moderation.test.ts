/**
 * Review moderation (issue 30, decision 151): the owner's list and filters, hide / show again with
 * a reason in the review's history, the shop's reply, the holding rules and approve, shoppers'
 * reports; and what each public answer shows after each.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_REPORTED, type AdminReview } from '@shared/contracts/reviews';
import { appSettings, reviewHistory, reviews } from '../../db/schema';
import { createBook, createOrder, type TestBook } from '../../test/factories/reviews';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { REPORT_LIMIT_PER_IP } from './routes';

let t: TestApp;
let owner: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { role: 'admin', email: 'owner@example.com' });
  alice = await createUser(t.app, { email: 'alice.reads@example.com' });
  bob = await createUser(t.app, { email: 'bob.reads@example.com' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await setRules({ hold_low_ratings: false, hold_links: false });
});

const db = () => t.deps.database.db;
const post = (url: string, token: string | null, payload?: unknown, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const get = (url: string, token: string | null = owner.token) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const setRules = async (rules: { hold_low_ratings: boolean; hold_links: boolean }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/reviews/settings',
    headers: bearer(owner.token),
    payload: rules,
  });
  expect(res.statusCode).toBe(200);
};

/** A review by `who` of `book`, through the shop's own call. */
async function review(who: TestUser, book: TestBook, rating: number, text: string) {
  const order = await createOrder(t.app, { user: who, items: [book] });
  const res = await post('/api/server/add_review', who.token, {
    order_id: order.id,
    product_id: book.id,
    rating,
    review: text,
  });
  expect(res.statusCode).toBe(201);
  return { ...(res.json() as { id: string; state: string }), orderId: order.id };
}
const publicReviews = async (book: TestBook) => {
  const res = await get(`/api/server/fetch_product_reviews/${encodeURIComponent(book.id)}`, null);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    average: number;
    count: number;
    reviews: Array<{ id: string; review: string; user: string; reply: { text: string } | null }>;
  };
};
const adminList = async (query = '') => {
  const res = await get(`/api/admin/reviews${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { reviews: AdminReview[]; next_cursor: string | null; counts: Record<string, number> };
};

describe('hide and show again', () => {
  it('a hidden review leaves the public list, the average and the count; shown again it is back; both reasons are kept', async () => {
    const book = await createBook(t.app, { name: 'Hide And Seek Mazes' });
    await review(alice, book, 5, 'Wonderful mazes.');
    const bad = await review(bob, book, 1, 'Rude words about a named child.');
    expect(await publicReviews(book)).toMatchObject({ average: 3, count: 2 });

    const hidden = await post(`/api/admin/reviews/${bad.id}/hide`, owner.token, { reason: 'Names a child' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().review).toMatchObject({ state: 'hidden', id: bad.id });
    const after = await publicReviews(book);
    expect(after).toMatchObject({ average: 5, count: 1 });
    expect(after.reviews.map((r) => r.review)).toEqual(['Wonderful mazes.']);

    // Hiding twice is refused, nothing new in the history.
    expect((await post(`/api/admin/reviews/${bad.id}/hide`, owner.token, { reason: 'again' })).statusCode).toBe(409);

    const shown = await post(`/api/admin/reviews/${bad.id}/show`, owner.token, { reason: 'Checked with the family' });
    expect(shown.statusCode).toBe(200);
    expect(await publicReviews(book)).toMatchObject({ average: 3, count: 2 });
    expect(shown.json().review.history).toEqual([
      expect.objectContaining({ action: 'hidden', reason: 'Names a child', by: owner.email }),
      expect.objectContaining({ action: 'shown', reason: 'Checked with the family', by: owner.email }),
    ]);
    expect((await post(`/api/admin/reviews/${bad.id}/show`, owner.token, {})).statusCode).toBe(409);
  });

  it('the author no longer sees a hidden review among their own', async () => {
    const book = await createBook(t.app, { name: 'Own Hidden Review' });
    const mine = await review(alice, book, 2, 'Not for us.');
    await post(`/api/admin/reviews/${mine.id}/hide`, owner.token, { reason: 'Spam' });
    const own = await get(`/api/server/fetch_user_reviews/${alice.id}/${alice.email}`, alice.token);
    expect(own.json().map((r: { id: string }) => r.id)).not.toContain(mine.id);
  });

  it('refuses a hide without a reason, a bad id, an unknown review, with a clear 4xx and nothing written', async () => {
    const book = await createBook(t.app, { name: 'Bad Input Book' });
    const mine = await review(alice, book, 4, 'Fine.');
    const noReason = await post(`/api/admin/reviews/${mine.id}/hide`, owner.token, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason/);
    expect((await post(`/api/admin/reviews/${mine.id}/hide`, owner.token, {})).statusCode).toBe(400);
    const long = await post(`/api/admin/reviews/${mine.id}/hide`, owner.token, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await post('/api/admin/reviews/not-a-uuid/hide', owner.token, { reason: 'x' })).statusCode).toBe(400);
    const unknown = await post('/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide', owner.token, {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('We could not find that review.');
    const [row] = await db().select().from(reviews).where(eq(reviews.id, mine.id));
    expect(row!.state).toBe('published');
    expect(await db().select().from(reviewHistory).where(eq(reviewHistory.reviewId, mine.id))).toEqual([]);
  });
});

describe('the shop’s reply', () => {
  it('is shown under the review in the public answer, and removed by an empty reply', async () => {
    const book = await createBook(t.app, { name: 'Replied Book' });
    const mine = await review(alice, book, 3, 'The pages were thin.');
    const res = await post(`/api/admin/reviews/${mine.id}/reply`, owner.token, {
      reply: '  Thank you: we have changed the paper.  ',
    });
    expect(res.statusCode).toBe(200);
    expect((await publicReviews(book)).reviews[0]!.reply).toMatchObject({
      text: 'Thank you: we have changed the paper.',
    });
    const removed = await post(`/api/admin/reviews/${mine.id}/reply`, owner.token, { reply: '' });
    expect(removed.json().review.history.map((h: { action: string }) => h.action)).toEqual([
      'replied',
      'reply_removed',
    ]);
    expect((await publicReviews(book)).reviews[0]!.reply).toBeNull();
    expect(
      (await post(`/api/admin/reviews/${mine.id}/reply`, owner.token, { reply: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await post(`/api/admin/reviews/${mine.id}/reply`, owner.token, { reply: 5 })).statusCode).toBe(400);
  });
});

describe('holding rules and approve', () => {
  it('holds a 1- or 2-star review until approved: its author sees it waiting, no one else does', async () => {
    await setRules({ hold_low_ratings: true, hold_links: false });
    const book = await createBook(t.app, { name: 'Held Stars Book' });
    const held = await review(alice, book, 1, 'Did not like it.');
    expect(held.state).toBe('held');
    const fine = await review(bob, book, 3, 'It was all right.');
    expect(fine.state).toBe('published');

    expect(await publicReviews(book)).toMatchObject({ average: 3, count: 1 });
    const own = await get(`/api/server/fetch_user_reviews/${alice.id}/${alice.email}`, alice.token);
    expect(own.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: held.id, state: 'held' })]));
    const bobs = await get(`/api/server/fetch_user_reviews/${bob.id}/${bob.email}`, bob.token);
    expect(bobs.json().map((r: { id: string }) => r.id)).not.toContain(held.id);
    // Nobody can report what is not published.
    expect((await post(`/api/server/reviews/${held.id}/report`, null)).statusCode).toBe(404);

    const list = await adminList('?filter=held');
    expect(list.reviews.map((r) => r.id)).toEqual([held.id]);
    expect(list.reviews[0]!.history).toEqual([
      expect.objectContaining({ action: 'held', by: 'rules', reason: '1 star' }),
    ]);
    expect(list.counts.held).toBe(1);

    const approved = await post(`/api/admin/reviews/${held.id}/approve`, owner.token);
    expect(approved.json()).toMatchObject({ review: { state: 'published' } });
    expect(approved.json().review.state).toBe('published');
    expect(await publicReviews(book)).toMatchObject({ average: 2, count: 2 });
    expect((await post(`/api/admin/reviews/${held.id}/approve`, owner.token)).statusCode).toBe(409);
  });

  it('holds a review with a link or an e-mail address when that rule is on, and not when it is off', async () => {
    const book = await createBook(t.app, { name: 'Link Rule Book' });
    expect((await review(alice, book, 5, 'See www.cheap-books.example for more')).state).toBe('published');
    await setRules({ hold_low_ratings: false, hold_links: true });
    expect((await review(alice, book, 5, 'Buy at https://spam.example/x')).state).toBe('held');
    expect((await review(alice, book, 5, 'Write to me: someone@mail.example')).state).toBe('held');
    expect((await review(alice, book, 5, 'Loved it. Five stars.')).state).toBe('published');
    expect((await review(alice, book, 1, 'One star, no link.')).state).toBe('published');
  });

  it('keeps the rules in the database and refuses a bad body', async () => {
    await setRules({ hold_low_ratings: true, hold_links: true });
    const [row] = await db().select().from(appSettings).where(eq(appSettings.key, 'review_hold_rules'));
    expect(JSON.parse(row!.value)).toEqual({ hold_low_ratings: true, hold_links: true });
    expect((await get('/api/admin/reviews/settings')).json()).toEqual({ hold_low_ratings: true, hold_links: true });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/settings',
      headers: bearer(owner.token),
      payload: { hold_low_ratings: 'yes', hold_links: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/hold_low_ratings/);
  });
});

describe('shoppers’ reports', () => {
  it('a reported review stays up, shows in the reported filter with its count, and approve keeps it and clears the reports', async () => {
    const book = await createBook(t.app, { name: 'Reported Book' });
    const mine = await review(alice, book, 4, 'Nice enough.');
    const first = await post(`/api/server/reviews/${mine.id}/report`, null, undefined, '203.0.113.5');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: REVIEW_REPORTED });
    await post(`/api/server/reviews/${mine.id}/report`, null, undefined, '203.0.113.6');
    expect((await publicReviews(book)).count).toBe(1);

    const reported = await adminList('?filter=reported');
    expect(reported.reviews.find((r) => r.id === mine.id)).toMatchObject({ open_reports: 2 });
    expect(reported.counts.reported).toBeGreaterThanOrEqual(1);

    const kept = await post(`/api/admin/reviews/${mine.id}/approve`, owner.token, { reason: 'Nothing wrong' });
    expect(kept.json().review).toMatchObject({ state: 'published', open_reports: 0 });
    expect((await adminList('?filter=reported')).reviews.map((r) => r.id)).not.toContain(mine.id);
    expect((await publicReviews(book)).count).toBe(1);
  });

  it('is limited per client address, and refuses a bad or unknown id', async () => {
    const book = await createBook(t.app, { name: 'Flooded Reports Book' });
    const mine = await review(bob, book, 5, 'Great.');
    const from = '198.51.100.77';
    for (let i = 0; i < REPORT_LIMIT_PER_IP; i += 1)
      expect((await post(`/api/server/reviews/${mine.id}/report`, null, undefined, from)).statusCode).toBe(200);
    expect((await post(`/api/server/reviews/${mine.id}/report`, null, undefined, from)).statusCode).toBe(429);
    expect((await post(`/api/server/reviews/${mine.id}/report`, null, undefined, '198.51.100.78')).statusCode).toBe(
      200,
    );
    expect((await post('/api/server/reviews/nope/report', null, undefined, '198.51.100.79')).statusCode).toBe(400);
    expect(
      (await post('/api/server/reviews/00000000-0000-4000-8000-000000000000/report', null, undefined, '198.51.100.79'))
        .statusCode,
    ).toBe(404);
  });
});

describe('the owner’s list', () => {
  it('is newest first with the book, the order and the full text; filters by rating; pages by cursor', async () => {
    const book = await createBook(t.app, { name: 'Listed Book' });
    const long = 'A long one. '.repeat(150).trim();
    const a = await review(alice, book, 2, long);
    const b = await review(bob, book, 2, 'Second.');
    const list = await adminList('?rating=2&limit=1');
    expect(list.reviews).toHaveLength(1);
    expect(list.reviews[0]).toMatchObject({
      id: b.id,
      product_id: book.id,
      product_name: 'Listed Book',
      order_id: b.orderId,
      user: 'bob.reads',
    });
    const next = await adminList(`?rating=2&limit=1&cursor=${list.next_cursor}`);
    expect(next.reviews[0]).toMatchObject({ id: a.id, review: long });
    expect(next.reviews.every((r) => r.rating === 2)).toBe(true);
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it('refuses bad filters, ratings and cursors with 400', async () => {
    for (const query of ['?filter=odd', '?rating=6', '?rating=two', '?cursor=%%%', '?cursor=eyJ0IjoxfQ', '?limit=0'])
      expect((await get(`/api/admin/reviews${query}`)).statusCode, query).toBe(400);
  });
});

describe('permissions', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes = [
    { method: 'GET' as const, url: '/api/admin/reviews' },
    { method: 'GET' as const, url: '/api/admin/reviews/settings' },
    {
      method: 'POST' as const,
      url: '/api/admin/reviews/settings',
      payload: { hold_low_ratings: true, hold_links: true },
    },
    { method: 'POST' as const, url: `/api/admin/reviews/${id}/hide`, payload: { reason: 'x' } },
    { method: 'POST' as const, url: `/api/admin/reviews/${id}/show` },
    { method: 'POST' as const, url: `/api/admin/reviews/${id}/approve` },
    { method: 'POST' as const, url: `/api/admin/reviews/${id}/reply`, payload: { reply: 'x' } },
  ];
  it.each(routes)('$method $url: 401 for a guest, 403 for a customer', async ({ method, url, payload }) => {
    expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    const customer = await t.app.inject({ method, url, headers: bearer(alice.token), ...(payload ? { payload } : {}) });
    expect(customer.statusCode).toBe(403);
  });

  it('a customer cannot hide a real review', async () => {
    const book = await createBook(t.app, { name: 'Not Yours To Hide' });
    const mine = await review(alice, book, 5, 'Keep me.');
    expect((await post(`/api/admin/reviews/${mine.id}/hide`, bob.token, { reason: 'x' })).statusCode).toBe(403);
    expect((await publicReviews(book)).count).toBe(1);
  });
});
