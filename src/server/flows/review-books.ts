/**
 * Reviewing the books of an order (docs/spec/decisions.md "Review links" and "Reviews"): the
 * reviews module's orders, links and reviews, the products module's books (a book is named by its
 * key, whatever its ID is now, decision 038) and the accounts module's proof of an address
 * (decisions 029, 050). Reached through `ctx.flows` by the reviews' routes and the book page's
 * loader (decision 135).
 */
import type { ProductReviews } from '@shared/contracts/reviews';
import type { Product } from '@shared/contracts/products';
import { normaliseEmail } from '@shared/validation';
import type { AppContext } from '../context';
import { notFound } from '../lib/errors';
import type { SessionClaims } from '../lib/tokens';
import { addressProven, afterAddressProof } from '../modules/accounts';
import { findProductKey, findProductsByKeys } from '../modules/products';
import {
  PRODUCT_NOT_FOUND,
  attachLinkOrder,
  keysToReview,
  reviewLinkAccount,
  reviewLinkOrder,
  reviewSession,
  reviewsOfBook,
  type ReviewSession,
} from '../modules/reviews';

type Ctx = Pick<AppContext, 'database' | 'tokens' | 'sessionVersions'>;

/**
 * Exchanges a mailed review token for a session of the order's customer (401 for any doubt, 409
 * when nothing is left to review: reviews' reviewLinkOrder and reviewLinkAccount). The link was
 * mailed to the order's address, so using it proves that address: an account of it that was never
 * verified loses the password it was made with and its sessions before the order is attached to it.
 * Errors thrown inside roll back: a refused link makes no account and attaches nothing.
 */
export async function signInWithReviewLink(ctx: Ctx, token: string): Promise<ReviewSession> {
  const link = await reviewLinkOrder(ctx, token);
  const { account, proof } = await ctx.database.db.transaction(async (tx) => {
    const found = await reviewLinkAccount(tx, link);
    const proven = found.email === normaliseEmail(link.order.email) ? await addressProven(tx, found.id) : null;
    await attachLinkOrder(tx, link.order, found);
    return { account: found, proof: proven };
  });
  afterAddressProof(ctx, account.id, proof);
  return reviewSession(ctx, account, proof?.sessionVersion ?? account.sessionVersion);
}

/**
 * The order's books still waiting for a review, in the product shape, as they are now: a book
 * whose ID changed since the order is offered under its new ID (decision 038).
 */
export async function booksToReview(ctx: Ctx, user: SessionClaims, orderId: string): Promise<Product[]> {
  const keys = await keysToReview(ctx, user, orderId);
  const byKey = await findProductsByKeys(ctx.database.db, keys);
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/** A book's reviews; 404 for an unknown or archived book (its reviews are kept, and shown again if it is restored). */
export async function bookReviews(ctx: Ctx, productId: string): Promise<ProductReviews> {
  const productKey = await findProductKey(ctx.database.db, productId);
  if (!productKey) throw notFound(PRODUCT_NOT_FOUND);
  return reviewsOfBook(ctx, productKey);
}
