/**
 * /profile: the signed-in account (e-mail, verification state, a read-only password field for
 * e-mail accounts) and the order history. /profile/change_password/{id} is the same page in
 * change-password mode.
 *
 * The page lays out what the app layer gives it (router.tsx): `verification` (the state and the
 * 'Send verification link' action), `changePassword` (shown in change-password mode) and
 * `orderHistory` come from their own features, which this one does not import.
 */
import { useId, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import styles from './ProfilePage.module.css';

const PROVIDER_NAME = { google: 'Google', facebook: 'Facebook' } as const;

export interface ProfilePageProps {
  orderHistory?: ReactNode;
  verification?: ReactNode;
  changePassword?: ReactNode;
  /** "Your data": download my data, delete my account (issue 28). */
  privacy?: ReactNode;
}

export function ProfilePage({ orderHistory, verification, changePassword, privacy }: ProfilePageProps) {
  const { session } = useSession();
  const { id: changeId } = useParams();
  if (!session) return null; // the route's RequireUser sends a guest on (app/guards.tsx)
  if (changeId !== undefined && changeId !== session.id)
    return <Navigate to={`/profile/change_password/${session.id}`} replace />;
  const changing = changeId !== undefined;

  return (
    <main className={`page ${styles.page}`}>
      <h1>Your profile</h1>
      <div className={styles.columns}>
        <div className={styles.side}>
          <section className={styles.card} aria-labelledby="account-heading">
            <h2 id="account-heading" className={styles.cardTitle}>
              Account
            </h2>
            <ReadOnlyField label="Email" value={session.email} type="email" />
            {verification && (
              <div className={styles.field}>
                <span className={styles.label}>Verification</span>
                {verification}
              </div>
            )}
            {session.method === null ? (
              <div className={styles.field}>
                <ReadOnlyField label="Password" value="••••••••••" type="password" />
                {!changing && (
                  <Link className={styles.changeLink} to={`/profile/change_password/${session.id}`}>
                    Change password
                  </Link>
                )}
              </div>
            ) : (
              <p className={styles.muted}>
                You sign in with {PROVIDER_NAME[session.method]}.{' '}
                {!changing && <Link to={`/profile/change_password/${session.id}`}>Set a password</Link>}
              </p>
            )}
          </section>
          {changing && changePassword}
          {!changing && privacy}
        </div>
        {orderHistory && <section className={styles.history}>{orderHistory}</section>}
      </div>
    </main>
  );
}

function ReadOnlyField({ label, value, type }: { label: string; value: string; type: 'email' | 'password' }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={styles.input} type={type} value={value} readOnly />
    </div>
  );
}
