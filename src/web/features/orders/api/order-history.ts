/** GET /api/server/order_history/{userId}, cached per user. */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';

const orderHistory = answer('orders', 'orderHistorySchema');

export const orderHistoryKey = (userId: string) => ['orders', userId] as const;

export function useOrderHistory(userId: string | null) {
  return useQuery({
    queryKey: orderHistoryKey(userId ?? ''),
    queryFn: () => api.get(`/api/server/order_history/${encodeURIComponent(userId!)}`, orderHistory),
    enabled: userId !== null,
  });
}
