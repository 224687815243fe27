/**
 * Review SQL: orders and their lines as the review rules need them, reviews in and out, and the
 * password-less account a guest order's review link makes.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orderItems, orders, products, reviews, users } from '../../db/schema';

export interface ReviewOrder {
  id: string;
  userId: string | null;
  email: string;
}

export async function findOrder(db: Db, orderId: string): Promise<ReviewOrder | null> {
  const [row] = await db.select({ id: orders.id, userId: orders.userId, email: orders.email }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/**
 * The order's lines whose product is still in the shop and has no review on this order yet, in
 * the order's line order (by name, as the order was written). Lines of deleted products are left
 * out: a review belongs to a product of the shop (see docs/decisions/051).
 */
export async function findUnreviewedProductIds(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(reviews, and(eq(reviews.orderId, orderItems.orderId), eq(reviews.productId, orderItems.productId)))
    .where(and(eq(orderItems.orderId, orderId), isNull(reviews.id)))
    .orderBy(asc(orderItems.name), asc(orderItems.productId));
  return rows.map((row) => row.productId);
}

/** True when the product is a line of the order and still in the shop. */
export async function isReviewableLine(db: Db, orderId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, productId)))
    .limit(1);
  return Boolean(row);
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
  productId: reviews.productId,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
};

/** Inserts the review; null when this order already has a review of this product (unique index). */
export async function insertReview(
  db: Db,
  review: { orderId: string; productId: string; userId: string; rating: number; text: string },
): Promise<ReviewRow | null> {
  const [row] = await db
    .insert(reviews)
    .values(review)
    .onConflictDoNothing({ target: [reviews.orderId, reviews.productId] })
    .returning(reviewColumns);
  return row ?? null;
}

export async function productExists(db: Db, productId: string): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  return Boolean(row);
}

/** A product's reviews, newest first, with the reviewer's e-mail; and the rating sum and count. */
export async function findProductReviews(db: Db, productId: string) {
  const [list, [totals]] = await Promise.all([
    db
      .select({ rating: reviews.rating, text: reviews.text, createdAt: reviews.createdAt, email: users.email })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.productId, productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    db
      .select({ sum: sql<string | null>`sum(${reviews.rating})`, count: sql<string>`count(*)` })
      .from(reviews)
      .where(eq(reviews.productId, productId)),
  ]);
  return { list, sum: Number(totals?.sum ?? 0), count: Number(totals?.count ?? 0) };
}

/** A user's reviews, newest first, with the product's current name. */
export async function findUserReviews(db: Db, userId: string) {
  return db
    .select({ ...reviewColumns, productName: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/**
 * Of the given orders, those with nothing left to review: every line whose product is still in
 * the shop has a review on that order. For the profile's 'Reviewed' mark (order history).
 */
export async function findFullyReviewedOrderIds(db: Db, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: orderItems.orderId, open: sql<string>`count(*) filter (where ${reviews.id} is null)` })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(reviews, and(eq(reviews.orderId, orderItems.orderId), eq(reviews.productId, orderItems.productId)))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .groupBy(orderItems.orderId);
  return new Set(rows.filter((row) => Number(row.open) === 0).map((row) => row.orderId));
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
  await db.update(orders).set({ userId, updatedAt: new Date() }).where(and(eq(orders.id, orderId), isNull(orders.userId)));
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
