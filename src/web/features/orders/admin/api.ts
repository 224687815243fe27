/** The admin's orders: the list and status updates (per-admin query key). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, UpdateOrderStatusBody } from '@shared/contracts/admin';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

export const adminOrderKeys = { all: (adminId: string) => ['admin', adminId, 'orders'] as const };

export function useAdminOrders() {
  const { session } = useSession();
  return useQuery({
    queryKey: adminOrderKeys.all(session?.id ?? ''),
    queryFn: () => api.get<AdminOrder[]>('/api/admin/orders_status'),
    enabled: Boolean(session),
    retry: false,
  });
}

export function useUpdateOrderStatus() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderStatusBody) => api.post<{ message: string }>('/api/admin/update_order_status', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all(session?.id ?? '') }),
  });
}
