/**
 * The confirmation mail's cancel link (decision 137): `${PUBLIC_URL}/cancel_order?order=<id>&token=<token>`,
 * the token a signed `order_cancel` JWT naming the order. It lets its holder see the order's cancel
 * page and cancel it while the window is open; once the order is cancelled a second use is refused
 * (single use by the order's state). It outlives the window by 30 days so that a late click is
 * told why it can no longer cancel, instead of meeting a broken link.
 */
import type { AppContext } from '../../../context';

const AFTER_WINDOW_S = 30 * 24 * 3600;

export async function cancelLink(
  ctx: Pick<AppContext, 'tokens' | 'config'>,
  orderId: string,
  holdUntil: Date,
): Promise<string> {
  const ttl = Math.max(0, Math.ceil((holdUntil.getTime() - Date.now()) / 1000)) + AFTER_WINDOW_S;
  const token = await ctx.tokens.sign('order_cancel', { orderId }, ttl);
  return `${ctx.config.PUBLIC_URL}/cancel_order?order=${encodeURIComponent(orderId)}&token=${encodeURIComponent(token)}`;
}

/** Whether `token` is a valid cancel token for this order. */
export async function isCancelToken(ctx: Pick<AppContext, 'tokens'>, orderId: string, token: string): Promise<boolean> {
  const claims = await ctx.tokens.verify<{ orderId?: unknown }>('order_cancel', token);
  return claims !== null && claims.orderId === orderId;
}
