/**
 * The reviews' line in "Needs you now" (issue 30, decision 151): how many reviews shoppers reported
 * and how many wait for approval, with a link to the Reviews screen's filter. Its own call (the
 * review list's counts), so the dashboard's figures are untouched.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import styles from './Dashboard.module.css';

const reviewPage = answer('reviews', 'adminReviewPageSchema');

export function ReviewAttention() {
  const { session } = useSession();
  const waiting = useQuery({
    queryKey: ['admin', session?.id ?? '', 'reviews', 'counts'],
    queryFn: ({ signal }) => api.get('/api/admin/reviews?filter=reported&limit=1', reviewPage, { signal }),
    enabled: Boolean(session),
    retry: false,
  });
  if (!waiting.data) return null;
  const { reported, held } = waiting.data.counts;
  const on = reported + held > 0;
  return (
    <li className={on ? styles.attentionOn : undefined} data-testid="review-attention">
      <div className={styles.attentionHead}>
        <span className={styles.statusCount}>{reported}</span>
        <span>Reviews reported</span>
        {on && (
          <Link to={`/admin/reviews?filter=${reported > 0 ? 'reported' : 'held'}`} className={styles.seeAll}>
            Open in Reviews
          </Link>
        )}
      </div>
      <p className={styles.muted}>
        {held === 0
          ? 'No review waits for approval.'
          : `${held} ${held === 1 ? 'review waits' : 'reviews wait'} for approval.`}
      </p>
    </li>
  );
}
