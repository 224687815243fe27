/**
 * /orders/:orderId/problem: "Report a problem" with a sent order (decision 144), for the signed-in
 * customer (from the order history) or a guest through the signed link of the Shipped and
 * Delivered mails (`?token=`, read in the browser). A reason, a message and up to 3 photos.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PROBLEM_PHOTOS_MAX, PROBLEM_REASON_LABELS, type ProblemReason } from '@shared/contracts/orders';
import { Button } from '../../components/Button';
import { serverMessage } from '../../lib/api';
import { shortOrderId } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useReportProblem } from './api/aftercare';
import styles from './Aftercare.module.css';

export function ReportProblemPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { session } = useSession();
  const report = useReportProblem(orderId);
  const id = useId();
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!reason) return setProblem('Please choose what went wrong.');
    if (!message.trim()) return setProblem('Please tell us what happened.');
    if (photos.length > PROBLEM_PHOTOS_MAX) return setProblem(`Please choose at most ${PROBLEM_PHOTOS_MAX} photos.`);
    const form = new FormData();
    form.set('reason', reason);
    form.set('message', message);
    if (token) form.set('token', token);
    for (const photo of photos) form.append('photos', photo);
    report.mutate(form);
  };

  return (
    <main className={styles.page}>
      <h1>Report a problem</h1>
      <p>
        Order <strong>#{shortOrderId(orderId)}</strong>. Tell us what went wrong and we will put it right: usually a
        free replacement.
      </p>
      {report.isSuccess ? (
        <>
          <p className={styles.done} role="status">
            {report.data.message}
          </p>
          <p>{session ? <Link to="/profile">Back to your orders</Link> : <Link to="/">Back to the shop</Link>}</p>
        </>
      ) : !token && !session ? (
        <p className={styles.error} role="alert">
          Please <Link to="/login">sign in</Link> to report a problem, or use the link in your order&apos;s e-mail.
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Report a problem">
          <fieldset className={styles.fieldset}>
            <legend>What went wrong?</legend>
            {Object.entries(PROBLEM_REASON_LABELS).map(([value, label]) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value as ProblemReason);
                    setProblem(null);
                  }}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor={`${id}-message`} className={styles.label}>
              What happened?
            </label>
            <textarea
              id={`${id}-message`}
              className={styles.input}
              value={message}
              maxLength={2000}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-photos`} className={styles.label}>
              Photos (optional, up to {PROBLEM_PHOTOS_MAX})
            </label>
            <span className={styles.hint}>JPEG, PNG, WebP, AVIF or GIF, up to 10 MB each.</span>
            <input
              id={`${id}-photos`}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              multiple
              onChange={(event) => setPhotos([...(event.target.files ?? [])])}
            />
          </div>
          {(problem || report.isError) && (
            <p className={styles.error} role="alert">
              {problem ?? serverMessage(report.error) ?? 'The report could not be sent. Please try again.'}
            </p>
          )}
          <div className={styles.buttons}>
            <Button type="submit" disabled={report.isPending} aria-busy={report.isPending}>
              {report.isPending ? 'Sending…' : 'Send the report'}
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}
