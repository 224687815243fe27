/** POST /api/create_account (201): a customer session; the verification link is mailed. */
import { useMutation } from '@tanstack/react-query';
import type { AccountAnswer, Credentials } from '@shared/contracts/auth';
import { api } from '../../../lib/api';

export const createAccount = (body: Credentials) => api.post<AccountAnswer>('/api/create_account', body, { token: null });

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
