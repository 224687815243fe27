/** The customer's after-care calls (issue 27): correcting an address before printing, reporting a problem. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryAddressInput } from '@shared/contracts/orders';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { orderHistoryKey } from './order-history';

const message = answer('common', 'messageSchema');
const reported = answer('orders', 'problemReportedSchema');

export function useCorrectMyAddress() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, address }: { orderId: string; address: DeliveryAddressInput }) =>
      api.patch(`/api/orders/${encodeURIComponent(orderId)}/delivery_address`, message, address),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderHistoryKey(session?.id ?? '') }),
  });
}

/** A report (multipart: reason, message, photos, and the mailed link's token for a guest). */
export function useReportProblem(orderId: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post(`/api/orders/${encodeURIComponent(orderId)}/problems`, reported, form),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderHistoryKey(session?.id ?? '') }),
  });
}
