/** GET /api/server/fetch_order_products/{orderId}: the order's books still waiting for a review. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productList } from '../../../lib/products';
import { reviewKeys } from './keys';

const fetchOrderProducts = (orderId: string, signal?: AbortSignal) =>
  api.get(`/api/server/fetch_order_products/${encodeURIComponent(orderId)}`, productList, { signal });

/** Runs only for a signed-in user (`userId`), under that user's key. */
export function useOrderProducts(userId: string | undefined, orderId: string) {
  return useQuery({
    queryKey: reviewKeys.orderProducts(userId ?? '', orderId),
    queryFn: ({ signal }) => fetchOrderProducts(orderId, signal),
    enabled: Boolean(userId),
    staleTime: 0,
    retry: false,
  });
}
