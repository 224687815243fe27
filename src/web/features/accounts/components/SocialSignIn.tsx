/**
 * Google and Facebook sign-in buttons (light theme, 50 px high), shown only for the providers the
 * server has configured (clientConfig.social); their SDKs are loaded only then. The token a
 * provider gives (Google ID token, Facebook access token) goes to POST /api/social_login.
 */
import { useEffect, useRef, useState } from 'react';
import type { SocialProvider } from '@shared/constants';
import * as MSG from '@shared/messages';
import { ApiError } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { clientConfig } from '../../../lib/config';
import { socialLogin } from '../api/social-login';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { loadScript } from './load-script';
import styles from './auth.module.css';

interface GoogleId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (response: { status?: string; authResponse?: { accessToken?: string } | null }) => void,
    options: { scope: string },
  ): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
    FB?: FacebookSdk;
  }
}

export function SocialSignIn() {
  const { googleClientId, facebookAppId } = clientConfig.social;
  const banner = useBanner();
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);

  const finish = async (provider: SocialProvider, token: string) => {
    setBusy(true);
    try {
      completeSignIn(await socialLogin(provider, token));
    } catch (error) {
      const failed =
        provider === 'facebook' && error instanceof ApiError && error.status === 401
          ? MSG.facebookLoginFailed
          : MSG.socialLoginFailed;
      banner.show({ content: failed, action: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (!googleClientId && !facebookAppId) return null;
  return (
    <div className={styles.social} aria-busy={busy}>
      <p className={styles.divider}>or</p>
      {googleClientId && (
        <GoogleButton
          clientId={googleClientId}
          onToken={(token) => void finish('google', token)}
          onError={() => banner.show({ content: MSG.socialLoginFailed, action: 'error' })}
        />
      )}
      {facebookAppId && (
        <FacebookButton
          appId={facebookAppId}
          disabled={busy}
          onToken={(token) => void finish('facebook', token)}
          onError={(text) => banner.show({ content: text, action: 'error' })}
        />
      )}
    </div>
  );
}

function GoogleButton({
  clientId,
  onToken,
  onError,
}: {
  clientId: string;
  onToken: (token: string) => void;
  onError: () => void;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onToken, onError });
  handlers.current = { onToken, onError };

  useEffect(() => {
    let cancelled = false;
    loadScript('https://accounts.google.com/gsi/client')
      .then(() => {
        const id = window.google?.accounts.id;
        if (cancelled || !id || !slot.current) return;
        id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) =>
            response.credential ? handlers.current.onToken(response.credential) : handlers.current.onError(),
        });
        id.renderButton(slot.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          width: 320,
        });
      })
      .catch(() => !cancelled && handlers.current.onError());
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  return <div ref={slot} className={styles.socialSlot} />;
}

function FacebookButton({
  appId,
  disabled,
  onToken,
  onError,
}: {
  appId: string;
  disabled: boolean;
  onToken: (token: string) => void;
  onError: (text: string) => void;
}) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadScript('https://connect.facebook.net/en_US/sdk.js')
      .then(() => {
        if (cancelled || !window.FB) return;
        window.FB.init({ appId, version: 'v10.0', cookie: false, xfbml: false });
        setReady(true);
      })
      .catch(() => !cancelled && onError(MSG.facebookLoginFailed));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appId]);

  const signIn = () => {
    if (!window.FB) return onError(MSG.facebookLoginFailed);
    window.FB.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        // The spec: a Facebook response without a token is the general social-login error.
        if (token) onToken(token);
        else onError(MSG.socialLoginFailed);
      },
      { scope: 'public_profile,email' },
    );
  };

  return (
    <button type="button" className={styles.facebook} onClick={signIn} disabled={!ready || disabled}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="12" fill="#1877F2" />
        <path
          fill="#fff"
          d="M13.4 19.5v-6.2h2.1l.3-2.4h-2.4V9.4c0-.7.2-1.2 1.2-1.2h1.3V6.1a17 17 0 0 0-1.9-.1c-1.9 0-3.2 1.2-3.2 3.3v1.7H8.7v2.4h2.1v6.2h2.6z"
        />
      </svg>
      Sign in with Facebook
    </button>
  );
}
