/**
 * The owner's dashboard call (contracts/dashboard.ts): the figures of a period. Every key starts
 * with the admin's id (`['admin', adminId, 'dashboard', …]`), so one admin's revoke of a code
 * (discounts/admin/api.ts) refreshes that admin's screens only.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { periodParams, type PeriodChoice } from './period';

const dashboardAnswer = answer('dashboard', 'dashboardSchema');

const dashboardKeys = {
  all: (adminId: string) => ['admin', adminId, 'dashboard'] as const,
  figures: (adminId: string, choice: PeriodChoice) => [...dashboardKeys.all(adminId), 'figures', choice] as const,
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
