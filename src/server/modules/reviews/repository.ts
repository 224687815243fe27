/**
 * Review SQL: orders and their lines as the review rules need them, reviews in and out, and the
 * password-less account a guest order's review link makes.
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  appSettings,
  orderItems,
  orders,
  productOnSale,
  products,
  reviewHistory,
  reviews,
  users,
} from '../../db/schema';
import type { ReviewAction, ReviewFilter, ReviewState } from '@shared/contracts/reviews';

export interface ReviewOrder {
  id: string;
  userId: string | null;
  email: string;
}

export async function findOrder(db: Db, orderId: string): Promise<ReviewOrder | null> {
  const [row] = await db
    .select({ id: orders.id, userId: orders.userId, email: orders.email })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * An order line's book that can be reviewed: the book the line names by its key (whatever its ID
 * is now, decision 038), while it is in the shop (not archived, not deleted: see docs/decisions/051).
 */
const reviewableBook = and(eq(products.productKey, orderItems.productKey), productOnSale);

/**
 * The keys of the order's books still waiting for a review on this order, in the order's line
 * order (by name, as the order was written).
 */
export async function findUnreviewedProductKeys(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ key: products.productKey })
    .from(orderItems)
    .innerJoin(products, reviewableBook)
    .leftJoin(reviews, and(eq(reviews.orderId, orderItems.orderId), eq(reviews.productKey, orderItems.productKey)))
    .where(and(eq(orderItems.orderId, orderId), isNull(reviews.id)))
    .orderBy(asc(orderItems.name), asc(orderItems.productId));
  return rows.map((row) => row.key);
}

/**
 * The key of the book that has this ID now, when it is a reviewable line of the order; else null
 * (not in the order, archived, deleted, or a newer book given a bought book's old ID).
 */
export async function findReviewableLine(db: Db, orderId: string, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: products.productKey })
    .from(orderItems)
    .innerJoin(products, reviewableBook)
    .where(and(eq(orderItems.orderId, orderId), eq(products.id, productId)))
    .limit(1);
  return row?.key ?? null;
}

export interface ReviewRow {
  id: string;
  orderId: string;
  productId: string;
  rating: number;
  text: string;
  state: ReviewState;
  createdAt: Date;
}

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  rating: reviews.rating,
  text: reviews.text,
  state: reviews.state,
  createdAt: reviews.createdAt,
};

/**
 * Inserts the review (held with its history line when `heldFor` names a rule); null when this
 * order already has a review of this book (unique index).
 */
export async function insertReview(
  db: Db,
  review: { orderId: string; productKey: string; userId: string; rating: number; text: string },
  heldFor: string | null,
): Promise<Omit<ReviewRow, 'productId'> | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({ ...review, state: heldFor ? 'held' : 'published' })
      .onConflictDoNothing({ target: [reviews.orderId, reviews.productKey] })
      .returning(reviewColumns);
    if (row && heldFor) await addHistory(tx, row.id, 'held', heldFor, 'rules');
    return row ?? null;
  });
}

/** Only published reviews are anyone's to read (decision 151). */
const published = eq(reviews.state, 'published');

/** A book's published reviews, newest first, with the reviewer's e-mail (null once the reviewer deleted the account) and the reply; and their rating sum and count. */
export async function findProductReviews(db: Db, productKey: string) {
  const [list, [totals]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        text: reviews.text,
        createdAt: reviews.createdAt,
        email: users.email,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.productKey, productKey), published))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    db
      .select({ sum: sql<string | null>`sum(${reviews.rating})`, count: sql<string>`count(*)` })
      .from(reviews)
      .where(and(eq(reviews.productKey, productKey), published)),
  ]);
  return { list, sum: Number(totals?.sum ?? 0), count: Number(totals?.count ?? 0) };
}

/** A user's reviews but those the owner hid, newest first, with the book's current ID and name (an archived book's too: the review is theirs). */
export async function findUserReviews(db: Db, userId: string) {
  return db
    .select({ ...reviewColumns, productId: products.id, productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.productKey, reviews.productKey))
    .where(and(eq(reviews.userId, userId), inArray(reviews.state, ['published', 'held'])))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

export interface AccountRow {
  id: string;
  email: string;
  role: 'customer' | 'user' | 'admin';
  method: 'google' | 'facebook' | null;
  sessionVersion: number;
  addressProvenVersion: number | null;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  method: users.method,
  sessionVersion: users.sessionVersion,
  addressProvenVersion: users.addressProvenVersion,
};

export async function findUserById(db: Db, id: string): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The account for a guest order's e-mail: the existing one, or a new password-less, verified
 * customer (the review link reached that mailbox). Safe against two clicks at once.
 */
export async function findOrCreatePasswordlessCustomer(db: Db, email: string): Promise<AccountRow> {
  const normalised = email.trim().toLowerCase();
  const [created] = await db
    .insert(users)
    .values({ email: normalised, passwordHash: null, role: 'customer', method: null, verified: true })
    .onConflictDoNothing({ target: users.email })
    .returning(accountColumns);
  if (created) return created;
  const [existing] = await db.select(accountColumns).from(users).where(eq(users.email, normalised)).limit(1);
  return existing!;
}

/** Gives a guest order to an account (only while it has none). */
export async function attachGuestOrder(db: Db, orderId: string, userId: string): Promise<void> {
  await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.userId)));
}

/**
 * The session version of the account a review link for this order signs in: the order's account,
 * else the account of the order's e-mail; 0 when there is none yet (a new one starts at 0).
 */
export async function findLinkAccountVersion(db: Db, orderId: string): Promise<number> {
  const owner = alias(users, 'owner');
  const byEmail = alias(users, 'by_email');
  const [row] = await db
    .select({ version: sql<number | string>`coalesce(${owner.sessionVersion}, ${byEmail.sessionVersion}, 0)` })
    .from(orders)
    .leftJoin(owner, eq(owner.id, orders.userId))
    .leftJoin(byEmail, and(isNull(orders.userId), eq(byEmail.email, sql`lower(trim(${orders.email}))`)))
    .where(eq(orders.id, orderId))
    .limit(1);
  return Number(row?.version ?? 0);
}

// ---- Moderation (decision 151) ----

/** One line of a review's history. */
export async function addHistory(db: Db, reviewId: string, action: ReviewAction, reason: string, by: string) {
  await db.insert(reviewHistory).values({ reviewId, action, reason, by });
}

const HOLD_RULES_KEY = 'review_hold_rules';

/** The owner's holding rules as stored (JSON text), or null when never set. */
export async function readHoldRules(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, HOLD_RULES_KEY));
  return row?.value ?? null;
}

export async function writeHoldRules(db: Db, value: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: HOLD_RULES_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/** Microseconds, as text: a keyset position must not lose what a JavaScript Date drops. */
const createdAtText = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface AdminReviewRow {
  id: string;
  rating: number;
  text: string;
  state: ReviewState;
  reply: string | null;
  repliedAt: Date | null;
  openReports: number;
  createdAt: Date;
  createdAtText: string;
  orderId: string;
  /** Null once the reviewer deleted the account and kept the review (decision 145). */
  email: string | null;
  productId: string;
  productName: string;
}

const FILTERS: Record<ReviewFilter, SQL | undefined> = {
  all: undefined,
  hidden: eq(reviews.state, 'hidden'),
  reported: and(gt(reviews.openReports, 0), eq(reviews.state, 'published')),
  held: eq(reviews.state, 'held'),
};

/** The owner's list: newest first, after `after` (a row's position), `limit` rows; or the one review `only`. */
export async function listAdminReviews(
  db: Db,
  query: { filter: ReviewFilter; rating?: number; after?: { createdAt: string; id: string } | null; only?: string },
  limit: number,
): Promise<AdminReviewRow[]> {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      state: reviews.state,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      openReports: reviews.openReports,
      createdAt: reviews.createdAt,
      createdAtText,
      orderId: reviews.orderId,
      email: users.email,
      productId: products.id,
      productName: products.name,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.productKey, reviews.productKey))
    .where(
      and(
        FILTERS[query.filter],
        query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
        query.after
          ? sql`(${reviews.createdAt}, ${reviews.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`
          : undefined,
        query.only === undefined ? undefined : eq(reviews.id, query.only),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** The history of these reviews, oldest first. */
export async function findHistory(db: Db, reviewIds: string[]) {
  if (reviewIds.length === 0) return [];
  return db
    .select({
      reviewId: reviewHistory.reviewId,
      action: reviewHistory.action,
      reason: reviewHistory.reason,
      by: reviewHistory.by,
      createdAt: reviewHistory.createdAt,
    })
    .from(reviewHistory)
    .where(inArray(reviewHistory.reviewId, reviewIds))
    .orderBy(asc(reviewHistory.createdAt), asc(reviewHistory.id));
}

/** What waits for the owner, and what is hidden, across every review. */
export async function countWaiting(db: Db): Promise<{ held: number; reported: number; hidden: number }> {
  const [row] = await db
    .select({
      held: sql<number>`count(*) filter (where ${FILTERS.held})::int`,
      reported: sql<number>`count(*) filter (where ${FILTERS.reported})::int`,
      hidden: sql<number>`count(*) filter (where ${FILTERS.hidden})::int`,
    })
    .from(reviews);
  return { held: Number(row?.held ?? 0), reported: Number(row?.reported ?? 0), hidden: Number(row?.hidden ?? 0) };
}

/** The review's state and book, locked for a decision; null when there is none. */
export async function lockReview(db: Db, id: string) {
  const [row] = await db
    .select({ state: reviews.state, openReports: reviews.openReports, productId: products.id })
    .from(reviews)
    .innerJoin(products, eq(products.productKey, reviews.productKey))
    .where(eq(reviews.id, id))
    .for('update', { of: reviews });
  return row ?? null;
}

export async function updateReview(
  db: Db,
  id: string,
  set: Partial<Pick<typeof reviews.$inferInsert, 'state' | 'reply' | 'repliedAt' | 'openReports'>>,
): Promise<void> {
  await db.update(reviews).set(set).where(eq(reviews.id, id));
}

/** Counts one shopper's report of a published review; false when there is no such published review. */
export async function reportReview(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ openReports: sql`${reviews.openReports} + 1` })
      .where(and(eq(reviews.id, id), published))
      .returning({ id: reviews.id });
    if (!row) return false;
    await addHistory(tx, id, 'reported', '', 'shopper');
    return true;
  });
}
