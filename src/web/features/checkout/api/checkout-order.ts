/**
 * GET /api/checkout/sessions/:token/order: the order a paid checkout made, for the thank-you view.
 * It answers 404 until the order exists: with Stripe the payment's webhook may reach the shop a
 * moment after the shopper is sent back, so a 404 is asked again every second for half a minute.
 */
import { useQuery } from '@tanstack/react-query';
import { answer, api, ApiError } from '../../../lib/api';

const checkoutOrder = answer('orders', 'checkoutOrderSchema');

/** How often, and how many times, a not-yet-made order is asked for again (about 30 s in all). */
export const ORDER_RETRY_MS = 1_000;
const ORDER_RETRIES = 30;
/** The shop could not be reached, or failed: a few more tries, further apart. */
const OTHER_RETRIES = 3;

const notMadeYet = (error: Error) => error instanceof ApiError && error.status === 404;
const worthRetrying = (error: Error) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

export function useCheckoutOrder(token: string) {
  return useQuery({
    queryKey: ['checkout-order', token],
    queryFn: () => api.get(`/api/checkout/sessions/${encodeURIComponent(token)}/order`, checkoutOrder, { token: null }),
    // The order never changes once made; a refetch would only show the spinner again for nothing.
    staleTime: Infinity,
    retry: (failures, error) =>
      notMadeYet(error) ? failures < ORDER_RETRIES : worthRetrying(error) && failures < OTHER_RETRIES,
    retryDelay: (failures, error) => (notMadeYet(error) ? ORDER_RETRY_MS : ORDER_RETRY_MS * 2 ** failures),
  });
}
