/**
 * The reviews on a product page: the average as stars (rounded, as the spec says), the count, and
 * each review with its stars, reviewer (the part of the e-mail before the @), date and text.
 * Texts over 900 characters show their first 850 with 'Show more'. They come with the page from
 * the server (the route's loader, decision 124). A book with no reviews says "No reviews yet" and
 * shows no stars (five empty stars and "0 out of 5" read as a zero rating); when the server could
 * not read them (null) the page says so, likewise without stars. Review text is rendered as text, never as HTML.
 * Under a review: the shop's reply, and a small "Report"; a signed-in reader also sees their own
 * reviews of the book that wait for approval (decision 151).
 */
import { lazy, Suspense, useId, useState } from 'react';
import * as MSG from '@shared/messages';
import type { ProductReview, ProductReviews as Reviews } from '@shared/contracts/reviews';
import { Stars, starsFor } from '../../components/Stars';
import { formatDate } from '../../lib/format';
import { useIsClient } from '../../lib/hydration';
import { useSession } from '../../lib/session';
import { previewReviewText } from './review-text';
import { ReportReview } from './ReportReview';
import styles from './ProductReviews.module.css';

const OwnHeldReviews = lazy(() => import('./OwnHeldReviews'));

export function ProductReviews({ reviews, productId }: { reviews: Reviews | null; productId: string }) {
  const headingId = useId();
  const { session } = useSession();
  const isClient = useIsClient();
  const data = reviews ?? { average: 0, count: 0, reviews: [] };
  const rounded = starsFor(data.average);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Reviews
      </h2>
      {data.count > 0 ? (
        <div className={styles.summary}>
          <Stars value={data.average} size="lg" label={`Average rating ${rounded} out of 5`} />
          <p className={styles.summaryText}>
            <strong>{rounded} out of 5</strong>
            <span className={styles.dot} aria-hidden="true">
              ·
            </span>
            <span>
              {data.count} {data.count === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        </div>
      ) : null}
      {isClient && session ? (
        <Suspense fallback={null}>
          <OwnHeldReviews userId={session.id} email={session.email} productId={productId} />
        </Suspense>
      ) : null}
      {reviews === null ? <p className={styles.note}>{MSG.failedLoadReviews}</p> : null}
      {reviews !== null && data.count === 0 ? (
        <p className={styles.note}>
          <strong>No reviews yet.</strong> Bought this book? You can review it from the orders in your profile.
        </p>
      ) : null}
      {data.reviews.length > 0 ? (
        <ul className={styles.list}>
          {data.reviews.map((review, index) => (
            <li key={review.id || `${review.date}-${index}`}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ReviewItem({ review }: { review: ProductReview }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const preview = previewReviewText(review.review);
  return (
    <article className={styles.review}>
      <header className={styles.reviewHead}>
        <Stars value={review.rating} size="sm" />
        <span className={styles.user}>{review.user}</span>
        <time className={styles.date} dateTime={review.date}>
          {formatDate(review.date)}
        </time>
      </header>
      <p id={textId} className={styles.text}>
        {expanded || !preview.cut ? review.review : `${preview.text}…`}
      </p>
      {preview.cut ? (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
      {review.reply ? (
        <div className={styles.reply}>
          <p className={styles.replyHead}>
            Reply from the shop{' '}
            <time className={styles.date} dateTime={review.reply.date}>
              {formatDate(review.reply.date)}
            </time>
          </p>
          <p className={styles.text}>{review.reply.text}</p>
        </div>
      ) : null}
      <ReportReview reviewId={review.id} />
    </article>
  );
}
