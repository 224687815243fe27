/**
 * Review links mailed when an order is Delivered: `/review/order/{orderId}?review_token=…`.
 * The token is a signed `review` JWT naming the order, the e-mail it was sent to and the session
 * version (`ver`) of the account it signs in, valid REVIEW_TOKEN_TTL_S (60 days). It is worthless
 * as a session token (its `typ` differs); POST /api/verify_review_token exchanges it for one, as
 * long as the account's session version is still `ver`: a password change (or anything else that
 * ends the account's sessions) ends its review links too (decisions/050).
 */
import { REVIEW_TOKEN_TTL_S } from '@shared/constants';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { findLinkAccountVersion } from './repository';

export interface ReviewTokenClaims {
  orderId: string;
  email: string;
  /** The session version of the account the link signs in when it was mailed (0: no account yet). */
  ver: number;
}

export function signReviewToken(
  ctx: Pick<AppContext, 'tokens'>,
  claims: Omit<ReviewTokenClaims, 'ver'> & { ver?: number },
  ttlSeconds = REVIEW_TOKEN_TTL_S,
): Promise<string> {
  return ctx.tokens.sign('review', { orderId: claims.orderId, email: claims.email, ver: claims.ver ?? 0 }, ttlSeconds);
}

/**
 * The claims of a valid review token, or null when it is expired, tampered, malformed or of
 * another kind. A token mailed before links carried `ver` counts as version 0 (as sessions do).
 */
export async function readReviewToken(
  ctx: Pick<AppContext, 'tokens'>,
  token: string,
): Promise<ReviewTokenClaims | null> {
  const claims = await ctx.tokens.verify<Record<string, unknown>>('review', token);
  if (!claims || typeof claims.orderId !== 'string' || typeof claims.email !== 'string') return null;
  const ver = claims.ver ?? 0;
  if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
  return { orderId: claims.orderId, email: claims.email, ver };
}

/**
 * The full address of the order's review page, with its signed token; used in the Delivered mail.
 * `db`: the transaction that marks the order Delivered, when there is one.
 */
export async function createReviewLink(
  ctx: Pick<AppContext, 'tokens' | 'database' | 'config'>,
  order: { id: string; email: string },
  db: Db = ctx.database.db,
): Promise<string> {
  const ver = await findLinkAccountVersion(db, order.id);
  const token = await signReviewToken(ctx, { orderId: order.id, email: order.email, ver });
  return `${ctx.config.PUBLIC_URL}/review/order/${encodeURIComponent(order.id)}?review_token=${encodeURIComponent(token)}`;
}
