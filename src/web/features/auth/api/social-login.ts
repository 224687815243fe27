/** POST /api/social_login: a Google ID token or a Facebook access token for a session (role user). */
import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer } from '@shared/contracts/auth';
import type { SocialProvider } from '@shared/constants';
import { api } from '../../../lib/api';

export const socialLogin = (provider: SocialProvider, token: string) =>
  api.post<SessionAnswer>('/api/social_login', { provider, token }, { token: null });

export function useSocialLogin() {
  return useMutation({ mutationFn: ({ provider, token }: { provider: SocialProvider; token: string }) => socialLogin(provider, token) });
}
