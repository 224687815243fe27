/**
 * Social sign-in: checks a Google ID token or a Facebook access token and answers the verified
 * e-mail. Disabled (503) unless configured. (Filled in by the accounts issue.)
 */
import type { SocialProvider } from '../../../shared/constants';

export interface SocialVerifier {
  enabled(provider: SocialProvider): boolean;
}

export function disabledSocialVerifier(): SocialVerifier {
  return { enabled: () => false };
}
