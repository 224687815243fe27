/**
 * Reviews and privacy (issue 28, decision 145): an account's reviews for its export, and, when the
 * account is deleted, its reviews deleted or kept without the reviewer (shown as "A customer").
 */
import { asc, eq } from 'drizzle-orm';
import type { ReviewChoice } from '@shared/contracts/accounts';
import type { Db } from '../../db/client';
import { products, reviews } from '../../db/schema';

export async function reviewsForExport(db: Db, userId: string) {
  const rows = await db
    .select({
      bookId: products.id,
      bookName: products.name,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(products, eq(products.productKey, reviews.productKey))
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Deletes the account's reviews or detaches them from it, as the customer chose; answers how many. */
export async function releaseReviews(tx: Db, userId: string, choice: ReviewChoice): Promise<number> {
  const rows =
    choice === 'delete'
      ? await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ id: reviews.id })
      : await tx.update(reviews).set({ userId: null }).where(eq(reviews.userId, userId)).returning({ id: reviews.id });
  return rows.length;
}
