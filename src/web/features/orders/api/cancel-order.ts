/**
 * The customer's cancel within the print hold (issue 26): what the cancel page shows
 * (GET /api/orders/{orderId}/cancellation, with the mailed link's token for a guest) and the cancel
 * itself (POST /api/orders/{orderId}/cancel). The signed-in customer's session is sent by the API
 * client; a guest's token goes in the query and the body. A cancel refreshes the order history.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { orderHistoryKey } from './order-history';

const cancellation = answer('orders', 'cancellationSchema');
const cancelResult = answer('orders', 'cancelResultSchema');

const cancellationKey = (orderId: string) => ['orders', 'cancellation', orderId] as const;
const orderPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;

/** The order as the cancel page shows it, and whether it can still be cancelled (with the reason when not). */
export function useCancellation(orderId: string, token: string | null) {
  return useQuery({
    queryKey: cancellationKey(orderId),
    queryFn: ({ signal }) =>
      api.get(`${orderPath(orderId)}/cancellation${token ? `?token=${encodeURIComponent(token)}` : ''}`, cancellation, {
        signal,
      }),
    enabled: orderId !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useCustomerCancel(orderId: string, token: string | null = null) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${orderPath(orderId)}/cancel`, cancelResult, token ? { token } : {}),
    onSettled: () => {
      if (session) void queryClient.invalidateQueries({ queryKey: orderHistoryKey(session.id) });
    },
  });
}
