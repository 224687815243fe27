/**
 * The account parts of the profile page, composed into it by the app layer:
 * - VerificationStatus: verified or not, with 'Send verification link' for an unverified account.
 * - ProfilePasswordPanel: change-password mode. As docs/spec/decisions.md says, the profile does what
 *   'Forgot password?' does for the signed-in user: it e-mails a single-use reset link.
 */
import * as MSG from '@shared/messages';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { useSession } from '../../lib/session';
import { useRequestPasswordReset } from './api/password-reset';
import { useResendVerification, useVerification } from './api/verification';
import styles from './ProfileAccount.module.css';

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

export function VerificationStatus() {
  const { session } = useSession();
  const social = session?.method != null;
  const verification = useVerification(session && !social ? session.email : null);
  const resend = useResendVerification();
  const banner = useBanner();
  if (!session) return null;
  if (social)
    return (
      <p className={styles.state}>
        <span className={styles.verified}>✓ Verified by {session.method === 'google' ? 'Google' : 'Facebook'}</span>
      </p>
    );
  const verified = verification.data?.verified;
  return (
    <p className={styles.state}>
      {verified === undefined ? (
        <span className={styles.muted}>Checking…</span>
      ) : verified ? (
        <span className={styles.verified}>✓ Verified</span>
      ) : (
        <>
          <span className={styles.unverified}>Not verified yet</span>
          <button
            type="button"
            className={styles.inlineButton}
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(session.email, {
                onSuccess: (answer) => banner.show({ content: answer.message, action: 'success' }),
                onError: (error) => banner.show({ content: messageOf(error, MSG.somethingWentWrong), action: 'error' }),
              })
            }
          >
            Send verification link
          </button>
        </>
      )}
    </p>
  );
}

export function ProfilePasswordPanel() {
  const { session } = useSession();
  const reset = useRequestPasswordReset();
  if (!session) return null;
  const hasPassword = session.method === null;
  return (
    <section className={styles.panel} aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className={styles.title}>
        {hasPassword ? 'Change password' : 'Set a password'}
      </h2>
      <p className={styles.text}>
        To keep your account safe we confirm it is you by e-mail. We will send a link to{' '}
        <strong>{session.email}</strong>; open it to choose your new password. It works once, for 1 hour.
      </p>
      {reset.isSuccess && (
        <p className={`${styles.notice} ${styles.success}`} role="status">
          {reset.data.message}
        </p>
      )}
      {reset.isError && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {messageOf(reset.error, MSG.changePasswordError)}
        </p>
      )}
      <Button onClick={() => reset.mutate(session.email)} disabled={reset.isPending || reset.isSuccess}>
        {reset.isSuccess ? 'Link sent' : 'Send password reset link'}
      </Button>
    </section>
  );
}
