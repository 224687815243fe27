/** Password reset: POST /api/request_password_reset (mails a link) and POST /api/change_password (uses it). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const requestPasswordReset = (email: string) =>
  api.post<{ message: string }>('/api/request_password_reset', { email }, { token: null });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/**
 * The reset token is the credential. No bearer is sent: the server does not need it, and a 401 for
 * a used link must not sign the visitor out (the API client signs out on a 401 to its stored token).
 */
export const changePassword = (token: string, password: string) =>
  api.post<{ success: true }>('/api/change_password', { token, password }, { token: null });

export function useChangePassword() {
  return useMutation({ mutationFn: ({ token, password }: { token: string; password: string }) => changePassword(token, password) });
}
