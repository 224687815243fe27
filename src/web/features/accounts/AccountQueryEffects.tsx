/**
 * What the home page does with the account links' query parameters (spec section 4):
 * - `?verified=true|false` (the verification mail's redirect): the success or failure banner.
 *   When the link was opened outside the browser that signed up, it dropped the sign-up password
 *   and left this browser the choice of a new one (decisions/130): the server says so
 *   (GET /api/choose_password) and the page goes on to /choose_password.
 * - `?verify_admin=true&token=…` (the admin login mail): the token kept in this browser and the
 *   mailed one are exchanged for a session, then /admin; on failure the spec's message and
 *   /login?verified=false.
 * The parameters are removed from the address once handled, so a reload does not repeat them.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import * as MSG from '@shared/messages';
import { useBanner } from '../../lib/banner';
import { useSession } from '../../lib/session';
import { STORAGE_KEYS, readText, writeText } from '../../lib/storage';
import { fetchPasswordChoice, passwordChoiceKey } from './api/password-choice';
import { verifyAdmin } from './api/verify-admin';

const HOME_PATHS = new Set(['/', '/home', '/index']);

export function AccountQueryEffects() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const banner = useBanner();
  const queryClient = useQueryClient();
  const { signIn } = useSession();
  const handled = useRef<string | null>(null);

  const onHome = HOME_PATHS.has(location.pathname);
  const verified = params.get('verified');
  const verifyAdminFlag = params.get('verify_admin');
  const mailedToken = params.get('token');

  useEffect(() => {
    if (!onHome) return;
    const key = `${location.pathname}${location.search}`;
    if (handled.current === key) return; // StrictMode runs effects twice
    const rest = new URLSearchParams(params);

    if (verifyAdminFlag === 'true' && mailedToken) {
      handled.current = key;
      const stored = readText(STORAGE_KEYS.adminVerificationToken);
      const fail = () => {
        banner.show({ content: MSG.adminVerificationFailed, action: 'error' });
        navigate('/login?verified=false', { replace: true });
      };
      if (!stored) return fail();
      verifyAdmin(stored, mailedToken)
        .then((answer) => {
          writeText(STORAGE_KEYS.adminVerificationToken, null);
          if (!signIn(answer.token)) return fail();
          navigate('/admin', { replace: true });
        })
        .catch(fail);
      return;
    }

    if (verified === 'true' || verified === 'false') {
      handled.current = key;
      if (verified === 'true') {
        banner.show({ content: MSG.accountVerified, action: 'success' });
        void queryClient.invalidateQueries({ queryKey: ['verification'] });
        queryClient
          .fetchQuery({ queryKey: passwordChoiceKey, queryFn: fetchPasswordChoice, retry: false, staleTime: 0 })
          .then(() => navigate('/choose_password'))
          .catch(() => undefined); // 401: the sign-up browser, or nothing left to choose; nothing to do
      } else {
        banner.show({ content: MSG.accountVerificationFailed, action: 'error' });
      }
      rest.delete('verified');
      const search = rest.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }
  }, [
    onHome,
    verified,
    verifyAdminFlag,
    mailedToken,
    location.pathname,
    location.search,
    params,
    banner,
    navigate,
    queryClient,
    signIn,
  ]);

  return null;
}
