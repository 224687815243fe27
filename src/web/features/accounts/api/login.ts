/** POST /api/login: a session, or (admin) step one of the two-step login. */
import { useMutation } from '@tanstack/react-query';
import type { Credentials } from '@shared/contracts/accounts';
import { answer, api } from '../../../lib/api';

const loginAnswer = answer('accounts', 'loginAnswerSchema');

const login = (body: Credentials) => api.post('/api/login', loginAnswer, body, { token: null });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
