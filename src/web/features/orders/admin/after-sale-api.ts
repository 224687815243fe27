/**
 * The owner's cancel, refund and "Send to printer now" (issue 26). Each refreshes that admin's
 * order lists and details (the order's status, money and history change together). A refused
 * step is a 409 whose sentence the dialog shows (and whose `kind` says whether a refund is offered
 * instead).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCancelBody, RefundBody } from '@shared/contracts/orders';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { adminOrderKeys } from './api';

const cancelResult = answer('orders', 'cancelResultSchema');
const refund = answer('orders', 'refundSchema');
const message = answer('common', 'messageSchema');

const orderPath = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}`;

function useOrderChange<Body, Result>(call: (body: Body) => Promise<Result>) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all(session?.id ?? '') }),
  });
}

/** POST /api/admin/orders/{orderId}/cancel */
export const useCancelOrder = (orderId: string) =>
  useOrderChange((body: AdminCancelBody) => api.post(`${orderPath(orderId)}/cancel`, cancelResult, body));

/** POST /api/admin/orders/{orderId}/refunds (201 with the refund) */
export const useRefundOrder = (orderId: string) =>
  useOrderChange((body: RefundBody) => api.post(`${orderPath(orderId)}/refunds`, refund, body));

/** POST /api/admin/orders/{orderId}/print_now: the held job goes to the printer without waiting for the hold's end. */
export const useSendToPrinterNow = (orderId: string) =>
  useOrderChange(() => api.post(`${orderPath(orderId)}/print_now`, message));
