/**
 * A signed-in reader's own reviews of this book that wait for the owner's approval (decision 151):
 * shown to them alone, marked "Waiting for approval". Loaded only for a signed-in reader (lazy),
 * from their own reviews (GET /api/server/fetch_user_reviews); the kept page never holds them.
 */
import { useQuery } from '@tanstack/react-query';
import * as MSG from '@shared/messages';
import { Stars } from '../../components/Stars';
import { answer, api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import styles from './ProductReviews.module.css';

const userReviews = answer('reviews', 'userReviewsSchema');

export default function OwnHeldReviews({
  userId,
  email,
  productId,
}: {
  userId: string;
  email: string;
  productId: string;
}) {
  const own = useQuery({
    queryKey: ['reviews', 'own', userId],
    queryFn: ({ signal }) =>
      api.get(
        `/api/server/fetch_user_reviews/${encodeURIComponent(userId)}/${encodeURIComponent(email)}`,
        userReviews,
        { signal },
      ),
    retry: false,
  });
  const held = (own.data ?? []).filter((review) => review.product_id === productId && review.state === 'held');
  if (held.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Your reviews waiting for approval">
      {held.map((review) => (
        <li key={review.id}>
          <article className={`${styles.review} ${styles.held}`}>
            <header className={styles.reviewHead}>
              <Stars value={review.rating} size="sm" />
              <span className={styles.user}>Your review</span>
              <time className={styles.date} dateTime={review.date}>
                {formatDate(review.date)}
              </time>
              <span className={styles.waiting}>{MSG.waitingForApproval}</span>
            </header>
            <p className={styles.text}>{review.review}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
