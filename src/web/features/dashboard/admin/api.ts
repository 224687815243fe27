/**
 * The owner's dashboard calls (contracts/dashboard.ts): the figures of a period, the discount codes
 * sent (a page at a time) and revoking an unused code. Every key starts with the admin's id
 * (`['admin', adminId, 'dashboard', …]`), so one admin's revoke refreshes that admin's screens only.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodePage } from '@shared/contracts/dashboard';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { periodParams, type PeriodChoice } from './period';

const dashboardAnswer = answer('dashboard', 'dashboardSchema');
const codePage = answer('dashboard', 'discountCodePageSchema');
const revoked = answer('dashboard', 'revokeDiscountCodeAnswerSchema');

const dashboardKeys = {
  all: (adminId: string) => ['admin', adminId, 'dashboard'] as const,
  figures: (adminId: string, choice: PeriodChoice) => [...dashboardKeys.all(adminId), 'figures', choice] as const,
  codes: (adminId: string) => [...dashboardKeys.all(adminId), 'codes'] as const,
};

/** The dashboard for a period; a new period keeps the last figures on screen until its answer arrives. */
export function useDashboard(choice: PeriodChoice) {
  const { session } = useSession();
  return useQuery({
    queryKey: dashboardKeys.figures(session?.id ?? '', choice),
    queryFn: ({ signal }) => api.get(`/api/admin/dashboard?${periodParams(choice)}`, dashboardAnswer, { signal }),
    placeholderData: keepPreviousData,
    enabled: Boolean(session),
    retry: false,
  });
}

/** Every code sent, newest first, a page at a time. */
export function useDiscountCodes() {
  const { session } = useSession();
  return useInfiniteQuery({
    queryKey: dashboardKeys.codes(session?.id ?? ''),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/admin/dashboard/discount-codes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, codePage, { signal }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all(session?.id ?? '') }),
  });
}

const backupList = answer('dashboard', 'backupListSchema');
const backupMade = answer('dashboard', 'backupMadeSchema');
const backupKeys = (adminId: string) => ['admin', adminId, 'backups'] as const;

/** The backups and the schedule's state (decision 134); read again every minute while the dashboard is open. */
export function useBackups() {
  const { session } = useSession();
  return useQuery({
    queryKey: backupKeys(session?.id ?? ''),
    queryFn: ({ signal }) => api.get('/api/admin/backups', backupList, { signal }),
    enabled: Boolean(session),
    refetchInterval: 60_000,
    retry: false,
  });
}

/** "Back up now": makes and verifies a backup, then the list is read again (a failure is on it too). */
export function useBackUpNow() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/admin/backups', backupMade),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys(session?.id ?? '') }),
  });
}
