/** The admin's orders: the list and status updates (per-admin query key). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateOrderStatusBody } from '@shared/contracts/order';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

const adminOrders = answer('order', 'adminOrdersSchema');
const message = answer('common', 'messageSchema');

const adminOrderKeys = { all: (adminId: string) => ['admin', adminId, 'orders'] as const };

export function useAdminOrders() {
  const { session } = useSession();
  return useQuery({
    queryKey: adminOrderKeys.all(session?.id ?? ''),
    queryFn: () => api.get('/api/admin/orders_status', adminOrders),
    enabled: Boolean(session),
    retry: false,
  });
}

export function useUpdateOrderStatus() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderStatusBody) => api.post('/api/admin/update_order_status', message, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all(session?.id ?? '') }),
  });
}
