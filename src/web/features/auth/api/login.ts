/** POST /api/login: a session, or (admin) step one of the two-step login. */
import { useMutation } from '@tanstack/react-query';
import type { Credentials, LoginAnswer } from '@shared/contracts/auth';
import { api } from '../../../lib/api';

export const login = (body: Credentials) => api.post<LoginAnswer>('/api/login', body, { token: null });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
