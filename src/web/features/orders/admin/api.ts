/**
 * The admin's orders: the overview's pages (search, filter, keyset paging), one order in full, the
 * CSV export and status updates. Every key starts with the admin's id (`['admin', adminId,
 * 'orders', …]`), so an update refreshes that admin's lists and details and nobody else's.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrderPage,
  DeliveryAddressInput,
  PrintState,
  ReplacementBody,
  UpdateOrderStatusBody,
} from '@shared/contracts/orders';
import type { OrderStatus } from '@shared/order-status';
import { answer, api } from '../../../lib/api';
import { download, type DownloadedFile } from '../../../lib/api-download';
import { useSession } from '../../../lib/session';

const orderPage = answer('orders', 'adminOrderPageSchema');
const orderDetail = answer('orders', 'adminOrderDetailSchema');
const message = answer('common', 'messageSchema');

/**
 * What the overview shows: a search text and one choice of "Show": a status, the orders paid
 * without an address, or the orders the print partner could not take (needs attention).
 */
export interface OrderFilters {
  q: string;
  status: OrderStatus | 'address_missing' | 'needs_attention' | 'problem_open' | null;
}

export const adminOrderKeys = {
  all: (adminId: string) => ['admin', adminId, 'orders'] as const,
  list: (adminId: string, filters: OrderFilters) => [...adminOrderKeys.all(adminId), 'list', filters] as const,
  detail: (adminId: string, orderId: string) => [...adminOrderKeys.all(adminId), 'detail', orderId] as const,
};

/** The filters as the API's query string (`?q=…&status=…`, `address_missing=true` or `print=needs_attention`), without paging. */
function filterParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status === 'address_missing') params.set('address_missing', 'true');
  else if (filters.status === 'needs_attention') params.set('print', 'needs_attention');
  else if (filters.status === 'problem_open') params.set('problem', 'open');
  else if (filters.status) params.set('status', filters.status);
  return params;
}

const withQuery = (path: string, params: URLSearchParams) => (params.size ? `${path}?${params}` : path);

/** The overview, newest first, a page at a time (each page's next_cursor asks for the next). */
export function useAdminOrderPages(filters: OrderFilters) {
  const { session } = useSession();
  return useInfiniteQuery({
    queryKey: adminOrderKeys.list(session?.id ?? '', filters),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      if (pageParam) params.set('cursor', pageParam);
      return api.get(withQuery('/api/admin/orders', params), orderPage, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: AdminOrderPage) => last.next_cursor,
    // A new search keeps the last list on screen until its answer arrives.
    placeholderData: keepPreviousData,
    enabled: Boolean(session),
    retry: false,
  });
}

/**
 * How often an open order's page is read again while the print partner moves it on by itself:
 * soon after it was queued (sent again, or just paid), less often while the partner has it.
 */
const PRINT_REFRESH_MS: Partial<Record<PrintState, number>> = { queued: 3_000, sent: 15_000, printing: 15_000 };

/** One order in full: its lines, totals, payment, address, print job and history. */
export function useAdminOrder(orderId: string) {
  const { session } = useSession();
  return useQuery({
    queryKey: adminOrderKeys.detail(session?.id ?? '', orderId),
    queryFn: ({ signal }) => api.get(`/api/admin/orders/${encodeURIComponent(orderId)}`, orderDetail, { signal }),
    enabled: Boolean(session),
    retry: false,
    refetchInterval: (query) => {
      const state = query.state.data?.print?.state;
      return (state && PRINT_REFRESH_MS[state]) ?? false;
    },
  });
}

/** Every order the filters select, as the server's CSV file (one row per line item). */
export function exportOrders(filters: OrderFilters): Promise<DownloadedFile> {
  return download(withQuery('/api/admin/orders/export', filterParams(filters)));
}

export function useUpdateOrderStatus() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderStatusBody) => api.post('/api/admin/update_order_status', message, body),
    // The overview's pages and the order's detail (its history has a new line) are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all(session?.id ?? '') }),
  });
}

/**
 * Send again: an order that needs attention goes back to the print partner's queue (the owner
 * fixed the cause, or checked the partner does not hold it). The server refuses (409) any other.
 */
export function useSendToPrinterAgain() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post(`/api/admin/orders/${encodeURIComponent(orderId)}/print`, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all(session?.id ?? '') }),
  });
}

/** The order's after-care calls (issue 27): each refreshes the admin's lists and the order. */
function useOrderChange<V>(call: (variables: V) => Promise<{ message: string }>) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOrderKeys.all(session?.id ?? '') }),
  });
}

const orderPath = (orderId: string, tail: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/${tail}`;
const replacementCreated = answer('orders', 'replacementCreatedSchema');

/** Send a replacement: 409 "One is already on its way…" asks for `confirm_again`. */
export const useSendReplacement = () =>
  useOrderChange(({ orderId, body }: { orderId: string; body: ReplacementBody }) =>
    api.post(orderPath(orderId, 'replacements'), replacementCreated, body),
  );

/** Correct the delivery address while the printer does not hold the order (409 once it does). */
export const useCorrectAddress = () =>
  useOrderChange(({ orderId, address }: { orderId: string; address: DeliveryAddressInput }) =>
    api.patch(orderPath(orderId, 'delivery_address'), message, address),
  );

/** A private note: the owner's only. */
export const useAddNote = () =>
  useOrderChange(({ orderId, text }: { orderId: string; text: string }) =>
    api.post(orderPath(orderId, 'notes'), message, { text }),
  );

/** Close the open problem report with a note. */
export const useCloseProblem = () =>
  useOrderChange(({ orderId, text }: { orderId: string; text: string }) =>
    api.post(orderPath(orderId, 'problem/close'), message, { text }),
  );
