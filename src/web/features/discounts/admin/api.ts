/**
 * The owner's discount-code calls: sending a code by e-mail, the codes sent (a page at a time, shown
 * on the dashboard) and revoking an unused one. The codes' keys sit under the dashboard's
 * (`['admin', adminId, 'dashboard', …]`): a revoke refreshes the codes and the dashboard's figures
 * (their code counts), for that admin only.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodePage, SendDiscountBody } from '@shared/contracts/discounts';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

const sentDiscount = answer('discounts', 'sentDiscountSchema');
const codePage = answer('discounts', 'discountCodePageSchema');
const revoked = answer('discounts', 'revokeDiscountCodeAnswerSchema');

const codeKeys = {
  dashboard: (adminId: string) => ['admin', adminId, 'dashboard'] as const,
  codes: (adminId: string) => [...codeKeys.dashboard(adminId), 'codes'] as const,
};

export function useSendDiscountCode() {
  return useMutation({
    mutationFn: (body: SendDiscountBody) => api.post('/api/admin/send-discount-code', sentDiscount, body),
  });
}

/** Every code sent, newest first, a page at a time. */
export function useDiscountCodes() {
  const { session } = useSession();
  return useInfiniteQuery({
    queryKey: codeKeys.codes(session?.id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        `/api/admin/dashboard/discount-codes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        codePage,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DiscountCodePage) => last.next_cursor,
    enabled: Boolean(session),
    retry: false,
  });
}

/** Revokes an unused code; then the codes and the figures (their code counts) are read again. */
export function useRevokeCode() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post(`/api/admin/discount-codes/${encodeURIComponent(code)}/revoke`, revoked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codeKeys.dashboard(session?.id ?? '') }),
  });
}
