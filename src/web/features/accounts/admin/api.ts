/** The owner's privacy calls (issue 28): find what is held for an address, export it, erase it, and the audit list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';
import { download } from '../../../lib/api-download';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';

const lookup = answer('accounts', 'privacyLookupAnswerSchema');
const erased = answer('accounts', 'privacyEraseAnswerSchema');
const requests = answer('accounts', 'privacyRequestsAnswerSchema');

const keys = {
  all: (adminId: string) => ['admin', adminId, 'privacy'] as const,
  lookup: (adminId: string, email: string) => [...keys.all(adminId), 'lookup', email] as const,
  requests: (adminId: string) => [...keys.all(adminId), 'requests'] as const,
};

export function usePrivacyLookup(email: string | null) {
  const { session } = useSession();
  return useQuery({
    queryKey: keys.lookup(session?.id ?? '', email ?? ''),
    queryFn: ({ signal }) => api.get(`/api/admin/privacy?email=${encodeURIComponent(email!)}`, lookup, { signal }),
    enabled: Boolean(session && email),
    retry: false,
  });
}

export function usePrivacyRequests() {
  const { session } = useSession();
  return useQuery({
    queryKey: keys.requests(session?.id ?? ''),
    queryFn: ({ signal }) => api.get('/api/admin/privacy/requests', requests, { signal }),
    enabled: Boolean(session),
  });
}

/** Both change the audit list, and an erasure what the address holds: every privacy query is read again. */
function useRefreshPrivacy() {
  const client = useQueryClient();
  const { session } = useSession();
  return () => client.invalidateQueries({ queryKey: keys.all(session?.id ?? '') });
}

export function usePrivacyExport() {
  const refresh = useRefreshPrivacy();
  return useMutation({
    mutationFn: async (email: string) => {
      const file = await download('/api/admin/privacy/export', { body: { email } });
      saveFile(file.blob, file.filename ?? 'personal-data.json');
    },
    onSettled: refresh,
  });
}

export function usePrivacyErase() {
  const refresh = useRefreshPrivacy();
  return useMutation({
    mutationFn: (body: { email: string; reviews: 'delete' | 'anonymise' }) =>
      api.post('/api/admin/privacy/erase', erased, body),
    onSettled: refresh,
  });
}
