/**
 * What every successful sign-in does (e-mail, sign-up, social): keep the token, remember the
 * verification state the answer gave, add the guest basket to the account, and go home.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SessionAnswer } from '@shared/contracts/accounts';
import * as MSG from '@shared/messages';
import { useBanner } from '../../lib/banner';
import { mergeGuestBasketAfterSignIn } from '../cart';
import { useSession } from '../../lib/session';
import { verificationKey } from './api/verification';

export function useCompleteSignIn() {
  const { signIn } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const banner = useBanner();

  return useCallback(
    (answer: SessionAnswer & { verified?: boolean }, options: { to?: string } = {}) => {
      const session = signIn(answer.token);
      if (!session) {
        banner.show({ content: MSG.socialLoginFailed, action: 'error' });
        return null;
      }
      // Social accounts are verified by their provider; e-mail accounts say so in the answer.
      const verified = answer.verified ?? session.method !== null;
      queryClient.setQueryData(verificationKey(session.email), { verified });
      mergeGuestBasketAfterSignIn(session, queryClient).catch(() =>
        banner.show({ content: MSG.errorSavingBasket, action: 'error' }),
      );
      navigate(options.to ?? '/', { replace: true });
      return session;
    },
    [signIn, queryClient, navigate, banner],
  );
}
