/** E-mail verification: GET /api/check_verification (per-address key) and POST /api/resend_verification/{email}. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';

const verificationAnswer = answer('accounts', 'checkVerificationAnswerSchema');
const messageAnswer = answer('accounts', 'messageAnswerSchema');

export const verificationKey = (email: string) => ['verification', email.toLowerCase()] as const;

const checkVerification = (email: string, signal?: AbortSignal) =>
  api.get(`/api/check_verification?email=${encodeURIComponent(email)}`, verificationAnswer, { signal, token: null });

export function useVerification(email: string | null | undefined) {
  return useQuery({
    queryKey: verificationKey(email ?? ''),
    queryFn: ({ signal }) => checkVerification(email!, signal),
    enabled: Boolean(email),
    staleTime: 5 * 60_000,
  });
}

const resendVerification = (email: string) =>
  api.post(`/api/resend_verification/${encodeURIComponent(email)}`, messageAnswer, undefined, { token: null });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
