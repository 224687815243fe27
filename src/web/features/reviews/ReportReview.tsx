/**
 * The small "Report" under a review on a book's page (issue 30, decision 151): asks once, then sends
 * the report; the review stays up until the shop decides. Anyone may report (limited per address
 * by the server, whose 429 sentence is shown).
 */
import { useState } from 'react';
import { answer, api, serverMessage } from '../../lib/api';
import styles from './ProductReviews.module.css';

const reported = answer('reviews', 'reportReviewAnswerSchema');

export function ReportReview({ reviewId }: { reviewId: string }) {
  const [step, setStep] = useState<'idle' | 'asking' | 'sending'>('idle');
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);

  if (said)
    return (
      <p className={said.problem ? styles.reportProblem : styles.reportDone} role="status">
        {said.text}
      </p>
    );
  if (step === 'idle')
    return (
      <button type="button" className={`${styles.report} ${styles.reportAlone}`} onClick={() => setStep('asking')}>
        Report
      </button>
    );
  const send = () => {
    setStep('sending');
    api
      .post(`/api/server/reviews/${encodeURIComponent(reviewId)}/report`, reported, {}, { token: null })
      .then((answer) => setSaid({ text: answer.message, problem: false }))
      .catch((error: unknown) =>
        setSaid({ text: serverMessage(error) ?? 'The report could not be sent. Please try again.', problem: true }),
      );
  };
  return (
    <p className={styles.reportAsk} role="group" aria-label="Report this review">
      <span>Report this review to the shop?</span>
      <button type="button" className={styles.report} onClick={send} disabled={step === 'sending'}>
        Yes, report it
      </button>
      <button type="button" className={styles.report} onClick={() => setStep('idle')} disabled={step === 'sending'}>
        Cancel
      </button>
    </p>
  );
}
