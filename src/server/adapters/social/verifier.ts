/**
 * Social sign-in: checks a Google ID token or a Facebook access token and answers the e-mail the
 * provider vouches for. A provider is enabled only when configured; otherwise sign-in with it
 * answers 503 and the web client hides its button.
 *
 * - Google: the ID token's signature against Google's published keys (JWKS, cached by jose),
 *   issuer, audience = GOOGLE_CLIENT_ID, expiry, and `email_verified`.
 * - Facebook: `debug_token` with the app token (`APP_ID|APP_SECRET`) proves the access token was
 *   issued to this app and is valid; `/me?fields=email` then gives its e-mail.
 * The addresses are configurable so tests run against local fake providers with real signatures.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { SocialProvider } from '@shared/constants';
import type { Config } from '../../config';

export interface SocialIdentity {
  email: string;
}

export interface SocialVerifier {
  enabled(provider: SocialProvider): boolean;
  /**
   * The identity the token proves, or null when the token is not valid (expired, forged, for
   * another app, no e-mail). Throws SocialProviderUnavailable when the provider cannot be reached.
   */
  verify(provider: SocialProvider, token: string): Promise<SocialIdentity | null>;
}

export class SocialProviderUnavailable extends Error {
  constructor(provider: SocialProvider, cause?: unknown) {
    super(`${provider} could not be reached`, { cause });
    this.name = 'SocialProviderUnavailable';
  }
}

export function disabledSocialVerifier(): SocialVerifier {
  return { enabled: () => false, verify: async () => null };
}

type SocialConfig = Pick<
  Config,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_JWKS_URL'
  | 'GOOGLE_ISSUER'
  | 'FACEBOOK_APP_ID'
  | 'FACEBOOK_APP_SECRET'
  | 'FACEBOOK_GRAPH_URL'
>;

const PROVIDER_TIMEOUT_MS = 5000;

/** Google's ID tokens name the issuer with or without the scheme. */
function googleIssuers(issuer: string): string[] {
  const bare = issuer.replace(/^https:\/\//, '');
  return [...new Set([issuer, bare, `https://${bare}`])];
}

export function socialVerifier(config: SocialConfig): SocialVerifier {
  const googleEnabled = Boolean(config.GOOGLE_CLIENT_ID);
  const facebookEnabled = Boolean(config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET);
  const googleKeys = googleEnabled
    ? createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: PROVIDER_TIMEOUT_MS })
    : null;
  const graph = config.FACEBOOK_GRAPH_URL.replace(/\/$/, '');

  async function verifyGoogle(token: string): Promise<SocialIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, googleKeys!, {
        issuer: googleIssuers(config.GOOGLE_ISSUER),
        audience: config.GOOGLE_CLIENT_ID!,
        algorithms: ['RS256', 'ES256'],
      });
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      if (typeof payload.email !== 'string' || !verified) return null;
      return { email: payload.email };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ERR_JWKS_TIMEOUT' || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw new SocialProviderUnavailable('google', error);
      }
      if (code === 'ERR_JOSE_GENERIC' && /Expected 200 OK/i.test((error as Error).message)) {
        throw new SocialProviderUnavailable('google', error);
      }
      return null; // bad signature, wrong issuer or audience, expired, malformed
    }
  }

  async function graphGet(
    path: string,
    params: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const url = new URL(`${graph}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new SocialProviderUnavailable('facebook', error);
    }
    if (response.status >= 500) throw new SocialProviderUnavailable('facebook');
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  }

  async function verifyFacebook(token: string): Promise<SocialIdentity | null> {
    const appToken = `${config.FACEBOOK_APP_ID}|${config.FACEBOOK_APP_SECRET}`;
    const debug = await graphGet('/debug_token', { input_token: token, access_token: appToken });
    const data = debug.body.data as { is_valid?: unknown; app_id?: unknown; user_id?: unknown } | undefined;
    if (debug.status !== 200 || !data || data.is_valid !== true || String(data.app_id) !== config.FACEBOOK_APP_ID)
      return null;
    const me = await graphGet('/me', { fields: 'email', access_token: token });
    if (me.status !== 200 || typeof me.body.email !== 'string' || !me.body.email.includes('@')) return null;
    return { email: me.body.email };
  }

  return {
    enabled: (provider) => (provider === 'google' ? googleEnabled : facebookEnabled),
    async verify(provider, token) {
      if (provider === 'google') return googleEnabled ? verifyGoogle(token) : null;
      return facebookEnabled ? verifyFacebook(token) : null;
    },
  };
}
