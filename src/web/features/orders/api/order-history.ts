/** GET /api/server/order_history/{userId}, cached per user. */
import { useQuery } from '@tanstack/react-query';
import type { Order } from '@shared/contracts/order';
import { api } from '../../../lib/api';

export const orderHistoryKey = (userId: string) => ['orders', userId] as const;

export function useOrderHistory(userId: string | null) {
  return useQuery({
    queryKey: orderHistoryKey(userId ?? ''),
    queryFn: () => api.get<Order[]>(`/api/server/order_history/${encodeURIComponent(userId!)}`),
    enabled: userId !== null,
  });
}
