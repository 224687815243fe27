/**
 * The checkout this tab opened and left for the payment page (session storage, so per tab), and
 * the call that cancels a checkout. An open checkout holds its discount code until it is paid,
 * cancelled or expired (docs/decisions/036), so a shopper who comes back to the basket (the demo's
 * Cancel, Stripe's back link, the browser's Back) cancels the checkout they left before applying a
 * code or opening another: their own abandoned checkout never stands in the way of their code.
 */
import { ApiError, answer, api } from './api';

const KEY = 'leftCheckout';

export const cancelCheckout = (sessionId: string) =>
  api.post(
    `/api/checkout/sessions/${encodeURIComponent(sessionId)}/cancel`,
    answer('checkout', 'cancelCheckoutAnswerSchema'),
    {},
    { token: null },
  );

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Called just before the tab goes to the payment page. */
export function rememberLeftCheckout(sessionId: string): void {
  try {
    sessionStorage.setItem(KEY, sessionId);
  } catch {
    /* storage unavailable: the checkout's hold runs out by itself */
  }
}

/** The checkout was paid or cancelled: nothing left to release. */
export function forgetLeftCheckout(sessionId: string): void {
  try {
    if (read() === sessionId) sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}

let releasing: Promise<void> | null = null;

/**
 * Cancels the checkout this tab left, if there is one (one request however many callers ask at
 * once). Never throws: when the server can not be reached the id is kept and tried again next time.
 */
export function releaseLeftCheckout(): Promise<void> {
  const sessionId = read();
  if (!sessionId) return Promise.resolve();
  releasing ??= cancelCheckout(sessionId)
    .then(
      () => forgetLeftCheckout(sessionId),
      (error: unknown) => {
        // 404 and the like: nothing to cancel. Unreachable (0), busy (429) or failing (5xx): try again later.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
          forgetLeftCheckout(sessionId);
      },
    )
    .finally(() => {
      releasing = null;
    });
  return releasing;
}
