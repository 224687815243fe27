/**
 * Review SQL: orders and their lines as the review rules need them, reviews in and out, and the
 * password-less account a guest order's review link makes.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orderItems, orders, products, reviews, users } from '../../db/schema';
import { onSale } from '../products';

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
const reviewableBook = and(eq(products.productKey, orderItems.productKey), onSale);

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
  createdAt: Date;
}

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
};

/** Inserts the review; null when this order already has a review of this book (unique index). */
export async function insertReview(
  db: Db,
  review: { orderId: string; productKey: string; userId: string; rating: number; text: string },
): Promise<Omit<ReviewRow, 'productId'> | null> {
  const [row] = await db
    .insert(reviews)
    .values(review)
    .onConflictDoNothing({ target: [reviews.orderId, reviews.productKey] })
    .returning(reviewColumns);
  return row ?? null;
}

/** A book's reviews, newest first, with the reviewer's e-mail (null once the reviewer deleted the account); and the rating sum and count. */
export async function findProductReviews(db: Db, productKey: string) {
  const [list, [totals]] = await Promise.all([
    db
      .select({ rating: reviews.rating, text: reviews.text, createdAt: reviews.createdAt, email: users.email })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.productKey, productKey))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    db
      .select({ sum: sql<string | null>`sum(${reviews.rating})`, count: sql<string>`count(*)` })
      .from(reviews)
      .where(eq(reviews.productKey, productKey)),
  ]);
  return { list, sum: Number(totals?.sum ?? 0), count: Number(totals?.count ?? 0) };
}

/** A user's reviews, newest first, with the book's current ID and name (an archived book's too: the review is theirs). */
export async function findUserReviews(db: Db, userId: string) {
  return db
    .select({ ...reviewColumns, productId: products.id, productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.productKey, reviews.productKey))
    .where(eq(reviews.userId, userId))
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
