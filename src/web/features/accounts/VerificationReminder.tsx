/**
 * For a signed-in e-mail account that is not verified yet: the reminder and the spec's
 * 'Send verification link', wired to POST /api/resend_verification/{email}. Can be dismissed for
 * the rest of the visit. Not shown on the profile, which shows the state itself.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import * as MSG from '@shared/messages';
import { CloseIcon } from '../../components/icons';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession } from '../../lib/session';
import { useResendVerification, useVerification } from './api/verification';
import styles from './VerificationReminder.module.css';

const DISMISSED_KEY = 'verificationReminderDismissed';

function dismissedFor(email: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === email;
  } catch {
    return false;
  }
}

export function VerificationReminder() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const email = session && session.method === null && session.role !== 'admin' ? session.email : null;
  const verification = useVerification(email);
  const resend = useResendVerification();
  const banner = useBanner();
  const [dismissed, setDismissed] = useState(() => (email ? dismissedFor(email) : false));

  // The profile shows the state and the same action itself.
  if (!email || dismissed || pathname.startsWith('/profile') || verification.data?.verified !== false) return null;

  const send = async () => {
    try {
      const answer = await resend.mutateAsync(email);
      banner.show({ content: answer.message, action: 'success' });
    } catch (error) {
      banner.show({ content: error instanceof ApiError ? error.message : MSG.somethingWentWrong, action: 'error' });
    }
  };

  return (
    <div className={styles.wrap}>
      <aside className={styles.reminder} aria-label="E-mail verification">
        <p className={styles.text}>
          Your e-mail address <strong>{email}</strong> is not verified yet. Please follow the link we sent you.
        </p>
        <button type="button" className={styles.action} onClick={() => void send()} disabled={resend.isPending}>
          Send verification link
        </button>
        <button
          type="button"
          className={styles.dismiss}
          aria-label="Dismiss the verification reminder"
          onClick={() => {
            try {
              sessionStorage.setItem(DISMISSED_KEY, email);
            } catch {
              /* ignore */
            }
            setDismissed(true);
          }}
        >
          <CloseIcon width={18} height={18} aria-hidden="true" />
        </button>
      </aside>
    </div>
  );
}
