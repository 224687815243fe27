/**
 * Privacy rights (issue 28): the export, the customer's deletion, the owner's requests, and the
 * retention job. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalData } from '@shared/contracts/accounts';
import type { OutgoingMessage } from '../../../adapters/mail/transport';
import { buildApp } from '../../../app';
import {
  appSettings,
  cartLines,
  contactMessages,
  orders,
  outgoingMail,
  reviews,
  users,
  wishlistEntries,
} from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { linkInMail } from '../../../test/mailbox';
import { createPaidOrder } from '../../../test/factories/orders';
import { createProduct, type ProductFixture } from '../../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../../test/factories/users';

let t: TestApp;
const logLines: string[] = [];
/** What the mail worker handed to the transport: the outbox's own rows are wiped after an erasure. */
const sent: OutgoingMessage[] = [];
const db = () => t.deps.database.db;
let book: ProductFixture;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void logLines.push(line) },
    deps: {
      mail: { kind: 'outbox', deliver: async (message) => void sent.push(message), close: async () => {} },
    },
  });
  book = await createProduct(db(), { name: 'Privacy Maze Book' });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
let client = 0;
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: `10.28.${Math.floor((client += 1) / 250)}.${client % 250}`,
  });

/** Every kind of record a customer can have, and another customer's beside it. */
async function customerWithEverything(email?: string) {
  const user = await createUser(t.app, email ? { email } : {});
  const delivered = await createPaidOrder(t.app, { user, items: [{ product: book, qty: 2 }] });
  await db().update(orders).set({ status: 'Delivered' }).where(eq(orders.id, delivered.orderId));
  const onItsWay = await createPaidOrder(t.app, { user, items: [{ product: book }] });
  const guestOrder = await createPaidOrder(t.app, { email: user.email, items: [{ product: book }] });
  await db()
    .insert(reviews)
    .values({
      orderId: delivered.orderId,
      productKey: book.key,
      userId: user.id,
      rating: 5,
      text: `Lovely mazes from ${user.email.split('@')[0]}`,
    });
  await db().insert(wishlistEntries).values({ userId: user.id, productId: book.id });
  await db().insert(cartLines).values({ userId: user.id, productId: book.id, qty: 3 });
  const contact = await post('/api/server/contact', { email: user.email, text: 'Where is my maze book?' });
  expect(contact.statusCode).toBe(200);
  return { user, delivered, onItsWay, guestOrder };
}

/** Rows of the outbox that still hold the address anywhere. */
async function outboxRowsHolding(email: string) {
  const pattern = `%${email}%`;
  return db()
    .select({ id: outgoingMail.id, status: outgoingMail.status })
    .from(outgoingMail)
    .where(
      sql`${outgoingMail.to} ilike ${pattern} or ${outgoingMail.subject} ilike ${pattern} or ${outgoingMail.text} ilike ${pattern} or coalesce(${outgoingMail.html}, '') ilike ${pattern} or coalesce(${outgoingMail.replyTo}, '') ilike ${pattern}`,
    );
}

describe('Download my data: GET /api/server/my_data/{userId}', () => {
  it('is one JSON attachment with each kind of record, and no hash, token, or other person’s data', async () => {
    const { user, delivered, onItsWay, guestOrder } = await customerWithEverything();
    const other = await customerWithEverything();
    // A live single-use token of the account: its hash must not be copied out.
    await post('/api/request_password_reset', { email: user.email });

    const res = await get(`/api/server/my_data/${user.id}`, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json() as PersonalData;
    expect(data.account).toMatchObject({ email: user.email, verified: true, signInMethod: 'password' });
    expect(data.orders.map((order) => order.id).sort()).toEqual(
      [delivered.orderId, onItsWay.orderId, guestOrder.orderId].sort(),
    );
    const first = data.orders.find((order) => order.id === delivered.orderId)!;
    expect(first.lines).toEqual([{ bookId: book.id, name: book.name, unitPrice: 7.99, quantity: 2 }]);
    expect(first.total).toBe(delivered.totalPence / 100);
    expect(first.deliveryAddress).toMatchObject({ postcode: expect.any(String) });
    expect(first.history[0]).toMatchObject({ status: 'Printing' });
    expect(data.reviews).toEqual([expect.objectContaining({ bookId: book.id, rating: 5 })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ bookId: book.id })]);
    expect(data.basket).toEqual([expect.objectContaining({ bookId: book.id, quantity: 3 })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ text: 'Where is my maze book?' })]);
    expect(data.mails.length).toBeGreaterThanOrEqual(4); // three confirmations, the reset link, the contact copy
    expect(data.mails.every((mail) => Object.keys(mail).sort().join() === 'date,subject')).toBe(true);

    const text = res.body;
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(text).not.toContain(row!.passwordHash!);
    const keys = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(keys)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, inner]) => [key, ...keys(inner)])
          : [];
    expect(keys(data).filter((key) => /password|token|hash|note|changed_?by|payment_?ref|role/i.test(key))).toEqual([]);
    expect(text).not.toMatch(/[0-9a-f]{64}/); // no stored token hash
    expect(text).not.toContain(admin.email);
    expect(text).not.toContain(other.user.email);
    expect(text).not.toContain(other.delivered.orderId);
  });

  it("answers 403 for another user's id and 401 without a session", async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    expect((await get(`/api/server/my_data/${alice.id}`, bob.token)).statusCode).toBe(403);
    expect((await get(`/api/server/my_data/${alice.id}`)).statusCode).toBe(401);
  });

  it('gives an unverified account only what it made itself, not what is held under the address', async () => {
    const guest = await createPaidOrder(t.app, { email: 'squat@example.com', items: [{ product: book }] });
    const squatter = await createUser(t.app, { email: 'squat@example.com', verified: false });
    const data = (await get(`/api/server/my_data/${squatter.id}`, squatter.token)).json() as PersonalData;
    expect(data.orders.map((order) => order.id)).not.toContain(guest.orderId);
    expect(data.mails).toEqual([]);
  });
});

describe('Delete my account: POST /api/server/delete_account', () => {
  it('refuses a wrong password with 401 and deletes nothing; bad bodies 400', async () => {
    const { user } = await customerWithEverything();
    const wrong = await post('/api/server/delete_account', { password: 'not-it-1', reviews: 'delete' }, user.token);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/Nothing has been deleted/);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await db().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(1);
    const noChoice = await post('/api/server/delete_account', { password: user.password }, user.token);
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().message).toMatch(/reviews/);
    const noPassword = await post('/api/server/delete_account', { reviews: 'delete' }, user.token);
    expect(noPassword.statusCode).toBe(400);
    expect(
      (await post('/api/server/delete_account', { password: user.password, reviews: 'x' }, user.token)).statusCode,
    ).toBe(400);
    expect((await post('/api/server/delete_account', { password: user.password, reviews: 'delete' })).statusCode).toBe(
      401,
    );
    expect((await get(`/api/server/my_data/${user.id}`, user.token)).statusCode).toBe(200);
  });

  it('deletes the account, keeps the orders as money records without the person, anonymises the review, scrubs the outbox', async () => {
    const { user, delivered, onItsWay, guestOrder } = await customerWithEverything();
    const before = await db().select().from(orders).where(eq(orders.id, delivered.orderId));

    const res = await post('/api/server/delete_account', { password: user.password, reviews: 'anonymise' }, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true });

    // The confirmation went out before the address was forgotten…
    await t.app.ctx.mailWorker.kick();
    const confirmation = sent.find((mail) => mail.to === user.email && /has been erased/.test(mail.subject));
    expect(confirmation?.text).toMatch(/A customer/);
    expect(confirmation?.text).toMatch(/as soon as it is delivered or cancelled/);
    // …and once delivered, no copy of the address is left in the outbox.
    expect(await outboxRowsHolding(user.email)).toEqual([]);

    // Every session ended; the password no longer signs in.
    expect((await get(`/api/server/my_data/${user.id}`, user.token)).statusCode).toBe(401);
    const login = await post('/api/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db().select().from(wishlistEntries).where(eq(wishlistEntries.userId, user.id))).toEqual([]);
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, user.email))).toEqual([]);

    // The orders stay in the owner's list with their money, detached and redacted.
    const [done] = await db().select().from(orders).where(eq(orders.id, delivered.orderId));
    expect(done).toMatchObject({ userId: null, email: '', deliveryAddress: null });
    expect(done!.personalDataRedactedAt).not.toBeNull();
    const detail = await get(`/api/admin/orders/${delivered.orderId}`, admin.token);
    expect(detail.statusCode).toBe(200);
    expect(JSON.stringify(detail.json())).not.toContain(user.email);
    const [after] = await db().select().from(orders).where(eq(orders.id, delivered.orderId));
    expect(after).toMatchObject({
      totalPence: before[0]!.totalPence,
      subtotalPence: before[0]!.subtotalPence,
      status: 'Delivered',
    });
    // The order still on its way keeps its address until it arrives, then loses it.
    for (const id of [onItsWay.orderId, guestOrder.orderId]) {
      const [travelling] = await db().select().from(orders).where(eq(orders.id, id));
      expect(travelling).toMatchObject({ userId: null, email: user.email, redactWhenFinal: true });
    }
    await t.app.ctx.flows.changeOrderStatus(t.app.ctx, {
      orderId: onItsWay.orderId,
      status: 'Delivered',
      bookVaultRef: null,
      trackingRef: null,
      by: admin.email,
    });
    const [arrived] = await db().select().from(orders).where(eq(orders.id, onItsWay.orderId));
    expect(arrived).toMatchObject({ email: '', deliveryAddress: null, redactWhenFinal: false, status: 'Delivered' });
    // The daily job catches one that finished by another path (here: set directly).
    await db().update(orders).set({ status: 'Delivered' }).where(eq(orders.id, guestOrder.orderId));
    expect((await t.app.ctx.flows.applyRetention(t.app.ctx)).ordersRedactedOnArrival).toBe(1);
    const [caught] = await db().select().from(orders).where(eq(orders.id, guestOrder.orderId));
    expect(caught).toMatchObject({ email: '', deliveryAddress: null, redactWhenFinal: false });
    await t.app.ctx.mailWorker.kick();
    expect(await outboxRowsHolding(user.email)).toEqual([]);

    // The review stays, signed "A customer".
    const shown = await get(`/api/server/fetch_product_reviews/${book.id}`);
    expect(shown.json().reviews).toContainEqual(expect.objectContaining({ user: 'A customer', rating: 5 }));

    // The address can sign up again, as a new account with nothing of the old one.
    const again = await post('/api/create_account', { email: user.email, password: 'newpass123' });
    expect(again.statusCode).toBe(201);
    const fresh = again.json() as { id: string; token: string };
    expect(fresh.id).not.toBe(user.id);
    await db().update(users).set({ verified: true }).where(eq(users.id, fresh.id));
    const mine = (await get(`/api/server/my_data/${fresh.id}`, fresh.token)).json() as PersonalData;
    expect(mine.orders).toEqual([]);
    expect(mine.reviews).toEqual([]);
    expect(mine.wishlist).toEqual([]);
    expect(mine.basket).toEqual([]);
    expect(mine.contactMessages).toEqual([]);
    expect((await get(`/api/server/order_history/${fresh.id}`, fresh.token)).json()).toEqual([]);
  });

  it('deletes the reviews when the customer chooses so', async () => {
    const { user } = await customerWithEverything();
    const res = await post('/api/server/delete_account', { password: user.password, reviews: 'delete' }, user.token);
    expect(res.statusCode).toBe(200);
    const text = `Lovely mazes from ${user.email.split('@')[0]}`;
    expect(await db().select().from(reviews).where(eq(reviews.text, text))).toEqual([]);
  });

  it('mails a single-use link to an account without a password, and deletes it only with that link', async () => {
    const social = await createUser(t.app, { method: 'google' });
    const asked = await post('/api/server/delete_account', { reviews: 'delete' }, social.token);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ deleted: false });
    const link = await linkInMail(db(), social.email, /\/profile\?delete_token=[^\s"<]+/);
    const token = decodeURIComponent(new URL(link!, 'http://x').searchParams.get('delete_token')!);
    const bad = await post('/api/server/delete_account', { token: 'made-up', reviews: 'delete' }, social.token);
    expect(bad.statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, social.id))).toHaveLength(1);
    const other = await createUser(t.app, { method: 'google' });
    const stolen = await post('/api/server/delete_account', { token, reviews: 'delete' }, other.token);
    expect(stolen.statusCode).toBe(401);
    const done = await post('/api/server/delete_account', { token, reviews: 'delete' }, social.token);
    expect(done.json()).toMatchObject({ deleted: true });
    expect(await db().select().from(users).where(eq(users.id, social.id))).toEqual([]);
  });

  it("refuses to delete the owner's account (403)", async () => {
    const res = await post('/api/server/delete_account', { password: admin.password, reviews: 'delete' }, admin.token);
    expect(res.statusCode).toBe(403);
  });
});

describe("The owner's privacy requests", () => {
  const hashOf = (email: string) => createHash('sha256').update(email).digest('hex');

  it("finds a guest's data by address, exports it, erases it, and keeps a record without the data", async () => {
    const email = 'guest-privacy@example.com';
    const order = await createPaidOrder(t.app, { email, items: [{ product: book }] });
    await db().update(orders).set({ status: 'Delivered' }).where(eq(orders.id, order.orderId));
    await post('/api/server/contact', { email, text: 'Please forget me.' });

    expect((await get(`/api/admin/privacy?email=${email}`, (await createUser(t.app)).token)).statusCode).toBe(403);
    expect((await get('/api/admin/privacy?email=not-an-address', admin.token)).statusCode).toBe(400);
    const found = await get(`/api/admin/privacy?email=${encodeURIComponent('Guest-Privacy@Example.com')}`, admin.token);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      email,
      isOwner: false,
      counts: { account: 0, orders: 1, contactMessages: 1 },
    });

    const exported = await post('/api/admin/privacy/export', { email }, admin.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
    expect((exported.json() as PersonalData).orders[0]!.id).toBe(order.orderId);

    expect((await post('/api/admin/privacy/erase', {}, admin.token)).statusCode).toBe(400);
    const erased = await post('/api/admin/privacy/erase', { email }, admin.token);
    expect(erased.statusCode).toBe(200);
    expect(erased.json().counts).toMatchObject({ account: 0, ordersRedacted: 1, contactMessages: 1 });
    await t.app.ctx.mailWorker.kick();
    expect(await outboxRowsHolding(email)).toEqual([]);
    const [kept] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(kept).toMatchObject({ email: '', deliveryAddress: null, totalPence: order.totalPence });
    const again = (await get(`/api/admin/privacy?email=${email}`, admin.token)).json();
    expect(again.counts).toMatchObject({ orders: 0, contactMessages: 0, mails: 0 });

    const audit = await get('/api/admin/privacy/requests', admin.token);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).not.toContain(email);
    const mine = audit.json().requests.filter((r: { emailHash: string }) => r.emailHash === hashOf(email));
    expect(mine.map((r: { kind: string; requestedBy: string }) => [r.kind, r.requestedBy])).toEqual([
      ['erase', admin.email],
      ['export', admin.email],
    ]);
    expect((await get('/api/admin/privacy/requests', (await createUser(t.app)).token)).statusCode).toBe(403);
  });

  it("records the customer's own export in the audit list", async () => {
    const user = await createUser(t.app);
    await get(`/api/server/my_data/${user.id}`, user.token);
    const audit = (await get('/api/admin/privacy/requests', admin.token)).json();
    expect(audit.requests).toContainEqual(
      expect.objectContaining({ kind: 'export', requestedBy: 'customer', emailHash: hashOf(user.email) }),
    );
  });

  it("will not erase an owner's account", async () => {
    const res = await post('/api/admin/privacy/erase', { email: admin.email }, admin.token);
    expect(res.statusCode).toBe(403);
    expect(await db().select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });
});

describe('The retention job', () => {
  const at = (iso: string) => new Date(iso);

  it('redacts orders across a tax-year boundary, deletes old contact messages, mails and unused accounts; twice is harmless', async () => {
    const lastDay = await createPaidOrder(t.app, { email: 'ret-a@example.com', items: [{ product: book }] });
    const nextYear = await createPaidOrder(t.app, { email: 'ret-b@example.com', items: [{ product: book }] });
    await db()
      .update(orders)
      .set({ createdAt: at('2020-04-05T20:00:00Z') })
      .where(eq(orders.id, lastDay.orderId));
    await db()
      .update(orders)
      .set({ createdAt: at('2020-04-06T08:00:00Z') })
      .where(eq(orders.id, nextYear.orderId));
    const [oldMessage] = await db()
      .insert(contactMessages)
      .values({ email: 'ret-c@example.com', text: 'old', createdAt: at('2024-01-01T00:00:00Z') })
      .returning();
    const [newMessage] = await db()
      .insert(contactMessages)
      .values({ email: 'ret-c@example.com', text: 'new', createdAt: at('2026-03-01T00:00:00Z') })
      .returning();
    const mail = (createdAt: string, status: 'sent' | 'pending') =>
      db()
        .insert(outgoingMail)
        .values({
          to: 'ret-d@example.com',
          subject: 's',
          text: 't',
          status,
          createdAt: at(createdAt),
          // Still waiting to be retried: the worker leaves it queued.
          nextAttemptAt: at('2099-01-01T00:00:00Z'),
        })
        .returning()
        .then(([row]) => row!);
    const oldMail = await mail('2025-12-01T00:00:00Z', 'sent');
    const oldQueued = await mail('2025-12-01T00:00:00Z', 'pending');
    const newMail = await mail('2026-03-20T00:00:00Z', 'sent');
    const account = (email: string, verified: boolean, createdAt: string) =>
      db()
        .insert(users)
        .values({ email, passwordHash: null, verified, createdAt: at(createdAt) })
        .returning()
        .then(([row]) => row!);
    const unused = await account('ret-e@example.com', false, '2026-02-01T00:00:00Z');
    const buyer = await account('ret-f@example.com', false, '2026-02-01T00:00:00Z');
    await createPaidOrder(t.app, { user: buyer, items: [{ product: book }] });
    const recent = await account('ret-g@example.com', false, '2026-03-20T00:00:00Z');
    const verified = await account('ret-h@example.com', true, '2020-01-01T00:00:00Z');

    const exists = async (
      table: typeof orders | typeof contactMessages | typeof outgoingMail | typeof users,
      id: string,
    ) => (await db().select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;
    const redacted = async (id: string) =>
      (await db().select().from(orders).where(eq(orders.id, id)))[0]!.personalDataRedactedAt !== null;

    // An hour before the tax year 2026-27 begins (6 April 2026, 00:00 in London): six whole tax
    // years have not yet passed since the end of 2019-20.
    const before = await t.app.ctx.flows.applyRetention(t.app.ctx, at('2026-04-05T22:00:00Z'));
    expect(before).toMatchObject({ ordersRedacted: 0, contactMessagesDeleted: 1, mailsDeleted: 1, accountsRemoved: 1 });
    expect(await redacted(lastDay.orderId)).toBe(false);

    const run = await t.app.ctx.flows.applyRetention(t.app.ctx, at('2026-04-05T23:30:00Z'));
    expect(run).toMatchObject({ ordersRedacted: 1, contactMessagesDeleted: 0, mailsDeleted: 0, accountsRemoved: 0 });
    expect(await redacted(lastDay.orderId)).toBe(true);
    expect(await redacted(nextYear.orderId)).toBe(false);
    const [kept] = await db().select().from(orders).where(eq(orders.id, lastDay.orderId));
    expect(kept).toMatchObject({ email: '', deliveryAddress: null, totalPence: lastDay.totalPence });
    expect(await exists(contactMessages, oldMessage!.id)).toBe(false);
    expect(await exists(contactMessages, newMessage!.id)).toBe(true);
    expect(await exists(outgoingMail, oldMail.id)).toBe(false);
    expect(await exists(outgoingMail, oldQueued.id)).toBe(true);
    expect(await exists(outgoingMail, newMail.id)).toBe(true);
    expect(await exists(users, unused.id)).toBe(false);
    expect(await exists(users, buyer.id)).toBe(true);
    expect(await exists(users, recent.id)).toBe(true);
    expect(await exists(users, verified.id)).toBe(true);

    const twice = await t.app.ctx.flows.applyRetention(t.app.ctx, at('2026-04-05T23:30:00Z'));
    expect(twice).toEqual({
      ordersRedacted: 0,
      ordersRedactedOnArrival: 0,
      contactMessagesDeleted: 0,
      mailsDeleted: 0,
      accountsRemoved: 0,
    });

    // Logged in counts only: no address, no id.
    const logged = logLines.filter((line) => line.includes('retention applied'));
    expect(logged.length).toBeGreaterThanOrEqual(3);
    for (const line of logged) {
      expect(line).not.toMatch(/@|[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(JSON.parse(line).retention).toEqual(expect.objectContaining({ ordersRedacted: expect.any(Number) }));
    }
  });

  it('runs once a day on one of two instances that look at the same moment', async () => {
    const second = await buildApp(t.config, t.deps, { background: false });
    await second.ready();
    try {
      await db().delete(appSettings).where(eq(appSettings.key, 'retention_next_at'));
      const ran = await Promise.all([t.app.ctx.retention.runIfDue(), second.ctx.retention.runIfDue()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      const again = await Promise.all([t.app.ctx.retention.runIfDue(), second.ctx.retention.runIfDue()]);
      expect(again).toEqual([false, false]);
      const [next] = await db().select().from(appSettings).where(eq(appSettings.key, 'retention_next_at'));
      expect(new Date(next!.value).getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    } finally {
      await second.close();
    }
  });
});
