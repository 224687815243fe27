/**
 * Review links mailed when an order is Delivered: `/review/order/{orderId}?review_token=…`.
 * The token is a signed `review` JWT naming the order and the e-mail it was sent to, valid
 * REVIEW_TOKEN_TTL_S (60 days). It is worthless as a session token (its `typ` differs);
 * POST /api/verify_review_token exchanges it for one.
 */
import { REVIEW_TOKEN_TTL_S } from '../../../shared/constants';
import type { AppContext } from '../../context';

export interface ReviewTokenClaims {
  orderId: string;
  email: string;
}

export function signReviewToken(ctx: Pick<AppContext, 'tokens'>, claims: ReviewTokenClaims, ttlSeconds = REVIEW_TOKEN_TTL_S): Promise<string> {
  return ctx.tokens.sign('review', { orderId: claims.orderId, email: claims.email }, ttlSeconds);
}

/** The claims of a valid review token, or null when it is expired, tampered, malformed or of another kind. */
export async function readReviewToken(ctx: Pick<AppContext, 'tokens'>, token: string): Promise<ReviewTokenClaims | null> {
  const claims = await ctx.tokens.verify<Record<string, unknown>>('review', token);
  if (!claims || typeof claims.orderId !== 'string' || typeof claims.email !== 'string') return null;
  return { orderId: claims.orderId, email: claims.email };
}

/** The full address of the order's review page, with its signed token; used in the Delivered mail. */
export async function createReviewLink(ctx: AppContext, order: { id: string; email: string }): Promise<string> {
  const token = await signReviewToken(ctx, { orderId: order.id, email: order.email });
  return `${ctx.config.PUBLIC_URL}/review/order/${encodeURIComponent(order.id)}?review_token=${encodeURIComponent(token)}`;
}
