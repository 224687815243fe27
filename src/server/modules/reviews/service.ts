/**
 * Review rules (docs/spec/decisions.md "Review links" and "Reviews"):
 * - a review link signs in the order's customer (while the order has books to review and the
 *   account's sessions have not been ended since it was mailed); a guest order's e-mail gets a
 *   password-less account; using the link proves the address (accounts/address-proof.ts);
 * - only the order's owner reviews it, only products of that order, once per product per order;
 * - the product page shows the reviewer as the part of the e-mail before the @, never the address.
 */
import { SESSION_TTL_S } from '@shared/constants';
import * as MSG from '@shared/messages';
import {
  REVIEW_REPORTED,
  averageRating,
  holdReason,
  reviewerName,
  type ProductReviews,
  type Review,
  type UserReview,
} from '@shared/contracts/reviews';
import { normaliseEmail } from '@shared/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { forbidden, notFound, conflict, unauthorized } from '../../lib/errors';
import type { SessionClaims } from '../../lib/tokens';
import { holdRules } from './hold-rules';
import { readReviewToken } from './review-links';
import * as repo from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ORDER_NOT_FOUND = 'We could not find that order.';
export const REVIEW_NOT_FOUND = 'We could not find that review.';
export const PRODUCT_NOT_FOUND = 'We could not find that book.';
const NOT_YOUR_ORDER = 'This order belongs to another account.';

type Ctx = Pick<AppContext, 'database' | 'tokens' | 'sessionVersions'>;

async function findOrder(ctx: Ctx, orderId: string): Promise<repo.ReviewOrder | null> {
  return UUID.test(orderId) ? repo.findOrder(ctx.database.db, orderId) : null;
}

/** The order, when the user owns it: 404 unknown, 403 someone else's. */
async function ownedOrder(ctx: Ctx, user: SessionClaims, orderId: string): Promise<repo.ReviewOrder> {
  const order = await findOrder(ctx, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.userId !== user.id) throw forbidden(NOT_YOUR_ORDER);
  return order;
}

const toReview = (row: repo.ReviewRow): Review => ({
  id: row.id,
  order_id: row.orderId,
  product_id: row.productId,
  rating: row.rating,
  review: row.text,
  date: row.createdAt.toISOString(),
  state: row.state,
});

/** The shop's public reply, as the book page and the owner's list show it. */
export const replyOf = (row: { reply: string | null; repliedAt: Date | null }) =>
  row.reply && row.repliedAt ? { text: row.reply, date: row.repliedAt.toISOString() } : null;

export interface ReviewSession extends SessionClaims {
  token: string;
}

/**
 * A link is valid while the account's session version is still the one it was mailed with, or
 * the only change since is one proof of the address (an earlier use of a review link, a Google
 * sign-in): that proof was made by whoever holds this mailbox, so it does not end the link
 * (decisions/050). A password change does.
 */
function linkStillValid(ver: number, account: repo.AccountRow): boolean {
  if (account.sessionVersion === ver) return true;
  return account.sessionVersion === ver + 1 && account.addressProvenVersion === account.sessionVersion;
}

/** A review link's order and the session version it was mailed with, once its token is read. */
export interface ReviewLink {
  order: repo.ReviewOrder;
  ver: number;
}

/**
 * The order a mailed review token names. Any doubt (bad token, unknown order, e-mail not the
 * order's) answers 401. Signing in with the link is a flow (flows/review-books.ts), since using it
 * proves the address, which is the accounts module's (decisions 029, 050).
 */
export async function reviewLinkOrder(ctx: Ctx, token: string): Promise<ReviewLink> {
  const claims = await readReviewToken(ctx, token);
  if (!claims) throw unauthorized(MSG.invalidReviewToken);
  const order = await findOrder(ctx, claims.orderId);
  if (!order || normaliseEmail(order.email) !== normaliseEmail(claims.email))
    throw unauthorized(MSG.invalidReviewToken);
  return { order, ver: claims.ver };
}

/**
 * The account a review link signs in, in the caller's transaction: the order's, or for a guest
 * order a password-less account of its e-mail. An admin account, or one whose sessions were ended
 * since the link was mailed (`ver` is no longer its session version), answers 401: a mailed link
 * never signs in an admin, whose sign-in is two-step. An order with nothing left to review answers
 * 409 'All reviews have been submitted, thank you!' and signs no one in (decisions/050).
 */
export async function reviewLinkAccount(tx: Db, { order, ver }: ReviewLink): Promise<repo.AccountRow> {
  const found = order.userId
    ? await repo.findUserById(tx, order.userId)
    : await repo.findOrCreatePasswordlessCustomer(tx, order.email);
  if (!found || found.role === 'admin' || !linkStillValid(ver, found)) throw unauthorized(MSG.invalidReviewToken);
  if ((await repo.findUnreviewedProductKeys(tx, order.id)).length === 0) throw conflict(MSG.allReviewsSubmitted);
  return found;
}

/** A guest order is attached to the account its review link signed in (in the caller's transaction). */
export async function attachLinkOrder(tx: Db, order: repo.ReviewOrder, account: repo.AccountRow): Promise<void> {
  if (!order.userId) await repo.attachGuestOrder(tx, order.id, account.id);
}

/** The session a review link gives, at the account's session version (after a proof of its address, the new one). */
export async function reviewSession(
  ctx: Ctx,
  account: repo.AccountRow,
  sessionVersion: number,
): Promise<ReviewSession> {
  const session: SessionClaims = { id: account.id, email: account.email, role: account.role, method: account.method };
  return { ...session, token: await ctx.tokens.signSession(session, SESSION_TTL_S, sessionVersion) };
}

/**
 * The keys of the order's books still waiting for a review, when the user owns the order (404
 * unknown, 403 someone else's). The books themselves, as they are now, are the products module's:
 * flows/review-books.ts reads them (decision 038).
 */
export async function keysToReview(ctx: Ctx, user: SessionClaims, orderId: string): Promise<string[]> {
  await ownedOrder(ctx, user, orderId);
  return repo.findUnreviewedProductKeys(ctx.database.db, orderId);
}

export async function addReview(
  ctx: Ctx & Pick<AppContext, 'events' | 'log'>,
  user: SessionClaims,
  input: { order_id: string; product_id: string; rating: number; review: string },
): Promise<Review> {
  const order = await ownedOrder(ctx, user, input.order_id);
  const db = ctx.database.db;
  const productKey = await repo.findReviewableLine(db, order.id, input.product_id);
  if (!productKey) throw notFound('That book is not part of this order.');
  const heldFor = holdReason(await holdRules(db), input.rating, input.review);
  const row = await repo.insertReview(
    db,
    { orderId: order.id, productKey, userId: user.id, rating: input.rating, text: input.review },
    heldFor,
  );
  if (!row) throw conflict('You have already reviewed this book for this order.');
  // A held review changes no public page; a published one does.
  if (!heldFor) await reviewsChanged(ctx, input.product_id);
  return toReview({ ...row, productId: input.product_id });
}

/**
 * The book's page shows its reviews and is kept until the catalogue changes (decision 124): the
 * productUpdate that a change sends makes every instance render it again, and open pages fetch it.
 * Sent on a new review and on every moderation that changes what the page shows.
 */
export async function reviewsChanged(ctx: Pick<AppContext, 'events' | 'log'>, productId: string): Promise<void> {
  await ctx.events
    .publish(JSON.stringify({ change: 'review', id: productId }))
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'productUpdate not published'));
}

/**
 * A shopper's report of a published review (decision 151): counted for the owner and written in
 * its history; the review stays up until the owner decides. 404 for any review not published.
 */
export async function reportReview(ctx: Ctx, id: string): Promise<{ message: string }> {
  if (!UUID.test(id) || !(await repo.reportReview(ctx.database.db, id))) throw notFound(REVIEW_NOT_FOUND);
  return { message: REVIEW_REPORTED };
}

/**
 * The reviews of the book with this key (flows/review-books.ts finds the key of a book in the shop,
 * 404 for an unknown or archived one: its reviews are kept, and shown again if it is restored).
 */
export async function reviewsOfBook(ctx: Ctx, productKey: string): Promise<ProductReviews> {
  const { list, sum, count } = await repo.findProductReviews(ctx.database.db, productKey);
  return {
    average: averageRating(sum, count),
    count,
    reviews: list.map((row) => ({
      id: row.id,
      rating: row.rating,
      review: row.text,
      date: row.createdAt.toISOString(),
      user: reviewerName(row.email),
      reply: replyOf(row),
    })),
  };
}

/**
 * The signed-in user's own reviews. The path also names the e-mail (the spec's call); it must be
 * the account's, so a client that mixes up two accounts gets a 403, not someone's empty list.
 */
export async function userReviews(ctx: Ctx, user: SessionClaims, email: string): Promise<UserReview[]> {
  if (email.trim().toLowerCase() !== user.email.toLowerCase())
    throw forbidden('That e-mail address is not this account’s.');
  const rows = await repo.findUserReviews(ctx.database.db, user.id);
  return rows.map((row) => ({ ...toReview(row), product_name: row.productName }));
}
