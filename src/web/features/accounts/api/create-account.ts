/** POST /api/create_account (201): a customer session; the verification link is mailed. */
import { useMutation } from '@tanstack/react-query';
import type { Credentials } from '@shared/contracts/accounts';
import { answer, api } from '../../../lib/api';

const accountAnswer = answer('accounts', 'accountAnswerSchema');

const createAccount = (body: Credentials) => api.post('/api/create_account', accountAnswer, body, { token: null });

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
