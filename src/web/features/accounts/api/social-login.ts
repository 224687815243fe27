/** POST /api/social_login: a Google ID token or a Facebook access token for a session (role user). */
import type { SocialProvider } from '@shared/constants';
import { answer, api } from '../../../lib/api';

const sessionAnswer = answer('accounts', 'sessionAnswerSchema');

export const socialLogin = (provider: SocialProvider, token: string) =>
  api.post('/api/social_login', sessionAnswer, { provider, token }, { token: null });
