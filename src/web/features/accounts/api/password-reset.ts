/** Password reset: POST /api/request_password_reset (mails a link) and POST /api/change_password (uses it). */
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';

const messageAnswer = answer('accounts', 'messageAnswerSchema');
const successAnswer = answer('accounts', 'successAnswerSchema');

const requestPasswordReset = (email: string) =>
  api.post('/api/request_password_reset', messageAnswer, { email }, { token: null });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/**
 * The reset token is the credential. No bearer is sent: the server does not need it, and a 401 for
 * a used link must not sign the visitor out (the API client signs out on a 401 to its stored token).
 */
const changePassword = (token: string, password: string) =>
  api.post('/api/change_password', successAnswer, { token, password }, { token: null });

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => changePassword(token, password),
  });
}
