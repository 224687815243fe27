/** E-mail verification: GET /api/check_verification (per-address key) and POST /api/resend_verification/{email}. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const verificationKey = (email: string) => ['verification', email.toLowerCase()] as const;

export const checkVerification = (email: string, signal?: AbortSignal) =>
  api.get<{ verified: boolean }>(`/api/check_verification?email=${encodeURIComponent(email)}`, { signal, token: null });

export function useVerification(email: string | null | undefined) {
  return useQuery({
    queryKey: verificationKey(email ?? ''),
    queryFn: ({ signal }) => checkVerification(email!, signal),
    enabled: Boolean(email),
    staleTime: 5 * 60_000,
  });
}

export const resendVerification = (email: string) =>
  api.post<{ message: string }>(`/api/resend_verification/${encodeURIComponent(email)}`, undefined, { token: null });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
