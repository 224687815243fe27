/**
 * The profile's "Your data" card (issue 28, decision 145): "Download my data" (one JSON file) and
 * "Delete my account", which says plainly what is deleted and what is kept and why, asks what
 * happens to the reviews, and asks for the password again. An account without a password (Google,
 * Facebook, a review link) is mailed a single-use link that opens this page with `?delete_token=`.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ReviewChoice } from '@shared/contracts/accounts';
import * as MSG from '@shared/messages';
import { ERASURE_DELETED, ERASURE_REVIEWS, erasureKept } from '@shared/privacy';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { useBanner } from '../../lib/banner';
import { clientConfig } from '../../lib/config';
import { useSession } from '../../lib/session';
import { useDeleteAccount, useDownloadMyData } from './api/privacy';
import card from './ProfilePage.module.css';
import styles from './PrivacyPanel.module.css';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : MSG.somethingWentWrong);

export function PrivacyPanel() {
  const { session } = useSession();
  const [params] = useSearchParams();
  const linkToken = params.get('delete_token');
  const [open, setOpen] = useState(linkToken !== null);
  const downloadData = useDownloadMyData();
  if (!session) return null;
  return (
    <section className={card.card} aria-labelledby="your-data-heading">
      <h2 id="your-data-heading" className={card.cardTitle}>
        Your data
      </h2>
      <p className={card.muted}>
        Download a copy of everything we hold about you (your account, orders, reviews, wishlist, basket, messages and
        the e-mails we sent you) as one file.
      </p>
      {downloadData.isError && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {messageOf(downloadData.error)}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => downloadData.mutate(session.id)}
          disabled={downloadData.isPending}
          aria-busy={downloadData.isPending}
        >
          {downloadData.isPending ? 'Preparing…' : 'Download my data'}
        </Button>
        {!open && (
          <Button variant="dangerOutline" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        )}
      </div>
      {open && <DeleteAccount linkToken={linkToken} onCancel={() => setOpen(false)} />}
    </section>
  );
}

function DeleteAccount({ linkToken, onCancel }: { linkToken: string | null; onCancel: () => void }) {
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const banner = useBanner();
  const remove = useDeleteAccount();
  const [reviews, setReviews] = useState<ReviewChoice | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const passwordId = useId();
  if (!session) return null;
  const asksPassword = session.method === null && linkToken === null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!reviews) return setProblem('Please choose what happens to your reviews.');
    const body = {
      reviews,
      ...(linkToken !== null ? { token: linkToken } : password ? { password } : {}),
    };
    remove.mutate(
      { body, token: session.token },
      {
        onSuccess: (answer) => {
          if (!answer.deleted) return setNotice(answer.message);
          // Signed out on the way home: the profile's guard sends the visitor on to /, not to /login.
          signOut('/');
          void navigate('/', { replace: true });
          banner.show({ content: answer.message, action: 'success' });
        },
        onError: (error) => setProblem(messageOf(error)),
      },
    );
  };

  return (
    <form className={styles.delete} onSubmit={onSubmit} noValidate aria-labelledby="delete-heading">
      <h3 id="delete-heading" className={styles.title}>
        Delete my account
      </h3>
      <p className={styles.text}>This cannot be undone. We will delete:</p>
      <ul className={styles.list}>
        {ERASURE_DELETED.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className={styles.text}>
        <strong>What we keep, and why:</strong> {erasureKept(clientConfig.retention.orderYears)}
      </p>
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Your reviews</legend>
        {(['delete', 'anonymise'] as const).map((choice) => (
          <label key={choice} className={styles.choice}>
            <input
              type="radio"
              name="reviews"
              value={choice}
              checked={reviews === choice}
              onChange={() => setReviews(choice)}
            />
            {choice === 'delete' ? 'Delete my reviews' : 'Keep my reviews, shown as “A customer”'}
          </label>
        ))}
        {reviews && <p className={styles.hint}>{ERASURE_REVIEWS[reviews]}</p>}
      </fieldset>
      {asksPassword ? (
        <div className={card.field}>
          <label htmlFor={passwordId} className={card.label}>
            Your password
          </label>
          <input
            id={passwordId}
            className={styles.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={`${passwordId}-hint`}
          />
          <span id={`${passwordId}-hint`} className={styles.hint}>
            No password on this account? Leave it empty: we will e-mail you a link to confirm.
          </span>
        </div>
      ) : linkToken === null ? (
        <p className={styles.hint}>
          Your account has no password, so we will e-mail a link to <strong>{session.email}</strong> to confirm.
        </p>
      ) : null}
      <div aria-live="assertive">
        {problem && (
          <p className={`${styles.notice} ${styles.error}`} role="alert">
            {problem}
          </p>
        )}
        {notice && (
          <p className={`${styles.notice} ${styles.success}`} role="status">
            {notice}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="danger" disabled={remove.isPending} aria-busy={remove.isPending}>
          {asksPassword || linkToken !== null ? 'Delete my account for good' : 'E-mail me the link'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
