/**
 * The owner's Reviews screen (issue 30, decision 151): the list with its filters, and the
 * decisions (hide, show again, approve, reply), each written with its history line in one
 * transaction; a decision that changes what a book page shows sends a productUpdate after it.
 */
import { z } from 'zod';
import {
  reviewerName,
  type AdminReview,
  type AdminReviewAnswer,
  type AdminReviewPage,
  type ReviewFilter,
  type ReviewState,
} from '@shared/contracts/reviews';
import type { AppContext } from '../../../context';
import { decodeCursor, encodeCursor, cursorTimeSchema } from '../../../lib/cursor';
import { conflict, notFound } from '../../../lib/errors';
import * as repo from '../repository';
import { REVIEW_NOT_FOUND, replyOf, reviewsChanged } from '../service';

type Ctx = Pick<AppContext, 'database' | 'events' | 'log'>;

const cursorSchema = z.strictObject({ t: cursorTimeSchema, i: z.string().uuid() });
export const BAD_REVIEW_CURSOR_MESSAGE =
  'That page of reviews is not valid (a bad cursor): start again from the first page.';

async function withHistory(db: Ctx['database']['db'], rows: repo.AdminReviewRow[]): Promise<AdminReview[]> {
  const history = await repo.findHistory(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    review: row.text,
    date: row.createdAt.toISOString(),
    user: reviewerName(row.email),
    state: row.state,
    product_id: row.productId,
    product_name: row.productName,
    order_id: row.orderId,
    reply: replyOf(row),
    open_reports: row.openReports,
    history: history
      .filter((line) => line.reviewId === row.id)
      .map((line) => ({ action: line.action, reason: line.reason, by: line.by, at: line.createdAt.toISOString() })),
  }));
}

/** GET /api/admin/reviews: one page, newest first, and what waits for the owner. */
export async function reviewsPage(
  ctx: Ctx,
  query: { filter: ReviewFilter; rating?: number; cursor?: string; limit: number },
): Promise<AdminReviewPage> {
  const db = ctx.database.db;
  const after = query.cursor
    ? (({ t, i }) => ({ createdAt: t, id: i }))(decodeCursor(query.cursor, cursorSchema, BAD_REVIEW_CURSOR_MESSAGE))
    : null;
  const [rows, counts] = await Promise.all([
    repo.listAdminReviews(db, { filter: query.filter, rating: query.rating, after }, query.limit + 1),
    repo.countWaiting(db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    reviews: await withHistory(db, page),
    next_cursor: rows.length > query.limit && last ? encodeCursor({ t: last.createdAtText, i: last.id }) : null,
    counts,
  };
}

type Decision = 'hide' | 'show' | 'approve';

/** What each decision may start from, what it makes, its history line and its answer. */
const DECISIONS: Record<
  Decision,
  {
    from: (state: ReviewState, openReports: number) => boolean;
    to: ReviewState;
    action: 'hidden' | 'shown' | 'approved';
    refused: string;
    done: string;
  }
> = {
  hide: {
    from: (state) => state !== 'hidden',
    to: 'hidden',
    action: 'hidden',
    refused: 'This review is already hidden.',
    done: 'The review is hidden: only you can see it now.',
  },
  show: {
    from: (state) => state === 'hidden',
    to: 'published',
    action: 'shown',
    refused: 'Only a hidden review can be shown again.',
    done: 'The review is shown on the book’s page again.',
  },
  approve: {
    from: (state, openReports) => state === 'held' || (state === 'published' && openReports > 0),
    to: 'published',
    action: 'approved',
    refused: 'Only a held or reported review can be approved.',
    done: 'The review is approved: it is on the book’s page.',
  },
};

async function answerFor(ctx: Ctx, id: string, message: string): Promise<AdminReviewAnswer> {
  const [row] = await repo.listAdminReviews(ctx.database.db, { filter: 'all', only: id }, 1);
  const [review] = await withHistory(ctx.database.db, [row!]);
  return { message, review: review! };
}

/**
 * Hide, show again or approve (which also keeps a reported review up and clears its reports). A
 * decision settles the reports: after it the review leaves the "reported" filter.
 */
export async function decide(
  ctx: Ctx,
  id: string,
  decision: Decision,
  reason: string,
  by: string,
): Promise<AdminReviewAnswer> {
  const rule = DECISIONS[decision];
  const productId = await ctx.database.db.transaction(async (tx) => {
    const found = await repo.lockReview(tx, id);
    if (!found) throw notFound(REVIEW_NOT_FOUND);
    if (!rule.from(found.state, found.openReports)) throw conflict(rule.refused);
    await repo.updateReview(tx, id, { state: rule.to, openReports: 0 });
    await repo.addHistory(tx, id, rule.action, reason, by);
    return found.state === rule.to ? null : found.productId;
  });
  if (productId) await reviewsChanged(ctx, productId);
  return answerFor(ctx, id, rule.done);
}

/** The shop's public reply under the review; empty text removes it. */
export async function reply(ctx: Ctx, id: string, text: string, by: string): Promise<AdminReviewAnswer> {
  const { state, productId } = await ctx.database.db.transaction(async (tx) => {
    const found = await repo.lockReview(tx, id);
    if (!found) throw notFound(REVIEW_NOT_FOUND);
    await repo.updateReview(tx, id, text ? { reply: text, repliedAt: new Date() } : { reply: null, repliedAt: null });
    await repo.addHistory(tx, id, text ? 'replied' : 'reply_removed', text, by);
    return found;
  });
  if (state === 'published') await reviewsChanged(ctx, productId);
  return answerFor(ctx, id, text ? 'Your reply is saved.' : 'Your reply is removed.');
}
