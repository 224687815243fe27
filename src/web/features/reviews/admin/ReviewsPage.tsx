/**
 * /admin/reviews: the owner's Reviews screen (issue 30, decision 151). Newest first; filters (all,
 * held, reported, hidden; a rating) kept in the address; each review in full with its book, its
 * order, its state, the shop's reply and its history; hide (with a reason), show again, approve
 * (a held review, or keep a reported one), reply. The holding rules are switched on here too.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  REVIEW_FILTERS,
  REVIEW_REASON_MAX,
  REVIEW_REPLY_MAX,
  type AdminReview,
  type ReviewFilter,
  type ReviewHistoryEntry,
  type ReviewHoldRules,
} from '@shared/contracts/reviews';
import { adminOrderPath, productPath } from '@shared/routes';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { Stars } from '../../../components/Stars';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { shortOrderId } from '../../../lib/format';
import { useAdminReviews, useDecideReview, useHoldRules, useSaveHoldRules, type ReviewDecision } from './api';
import page from '../../../styles/admin.module.css';
import styles from './Reviews.module.css';

const FILTER_LABELS: Record<ReviewFilter, string> = {
  all: 'All',
  held: 'Held',
  reported: 'Reported',
  hidden: 'Hidden',
};
const STATE_LABELS: Record<AdminReview['state'], string> = {
  published: 'Published',
  held: 'Held: waiting for approval',
  hidden: 'Hidden',
};
const ACTION_LABELS: Record<ReviewHistoryEntry['action'], string> = {
  held: 'Held',
  hidden: 'Hidden',
  shown: 'Shown again',
  approved: 'Approved',
  replied: 'Replied',
  reply_removed: 'Reply removed',
  reported: 'Reported',
};

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const formatWhen = (iso: string) => when.format(new Date(iso));

const readFilter = (value: string | null): ReviewFilter =>
  (REVIEW_FILTERS as readonly string[]).includes(value ?? '') ? (value as ReviewFilter) : 'all';
const readRating = (value: string | null): number | null => (value && /^[1-5]$/.test(value) ? Number(value) : null);

export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('filter'));
  const rating = readRating(params.get('rating'));
  const list = useAdminReviews(filter, rating);
  const counts = list.data?.pages[0]?.counts;
  const reviews = list.data?.pages.flatMap((p) => p.reviews) ?? [];

  const choose = (next: { filter?: ReviewFilter; rating?: number | null }) => {
    const query = new URLSearchParams();
    const f = next.filter ?? filter;
    const r = next.rating === undefined ? rating : next.rating;
    if (f !== 'all') query.set('filter', f);
    if (r) query.set('rating', String(r));
    setParams(query, { replace: true });
  };

  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Admin</span>
          Reviews
        </h1>
      </div>
      <HoldRules />
      <nav className={styles.filters} aria-label="Filter reviews">
        <div className={styles.tabs} role="group" aria-label="Which reviews">
          {REVIEW_FILTERS.map((f) => {
            const count = f === 'all' ? null : counts?.[f];
            return (
              <button
                key={f}
                type="button"
                className={styles.tab}
                aria-pressed={filter === f}
                onClick={() => choose({ filter: f })}
              >
                {FILTER_LABELS[f]}
                {count ? <span className={styles.count}>{count}</span> : null}
              </button>
            );
          })}
        </div>
        <label className={styles.rating}>
          <span className={page.label}>Rating</span>
          <select
            className={page.input}
            value={rating ?? ''}
            onChange={(event) => choose({ rating: readRating(event.target.value) })}
          >
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        </label>
      </nav>
      {list.isPending ? (
        <Spinner label="Loading the reviews" />
      ) : list.isError ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {serverMessage(list.error) ?? 'The reviews could not be loaded.'}
        </p>
      ) : reviews.length === 0 ? (
        <p className={`${page.panel} ${page.muted}`}>No reviews here.</p>
      ) : (
        <ul className={styles.list} aria-label="Reviews">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className={page.actions}>
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
          </Button>
        </div>
      )}
    </main>
  );
}

function HoldRules() {
  const rules = useHoldRules();
  const save = useSaveHoldRules();
  // The owner's choice is shown in the same render as the press, while it is saved: the query's
  // data changes only after TanStack Query's own scheduling, and until then React would put a
  // controlled box back as it was (an owner, or a test, would see the press undone for a moment).
  const [choosing, setChoosing] = useState<ReviewHoldRules | null>(null);
  if (!rules.data) return null;
  const current = choosing ?? rules.data;
  const toggle = (key: keyof ReviewHoldRules) => {
    const next = { ...current, [key]: !current[key] };
    setChoosing(next);
    save.mutate(next, { onSettled: () => setChoosing(null) });
  };
  return (
    <section className={`${page.panel} ${styles.rules}`} aria-labelledby="review-rules">
      <h2 id="review-rules" className={styles.rulesTitle}>
        Hold until approved
      </h2>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={current.hold_low_ratings}
          disabled={save.isPending}
          onChange={() => toggle('hold_low_ratings')}
        />
        Reviews of 1 or 2 stars
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={current.hold_links}
          disabled={save.isPending}
          onChange={() => toggle('hold_links')}
        />
        Reviews with a link or an e-mail address
      </label>
      <p className={page.hint}>
        A held review is shown to its author as waiting for approval, and to no one else until you approve it.
      </p>
      {save.isError && (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {serverMessage(save.error) ?? 'The rules could not be saved. Please try again.'}
        </p>
      )}
    </section>
  );
}

type Open = null | { decision: ReviewDecision };

function ReviewCard({ review }: { review: AdminReview }) {
  const decide = useDecideReview();
  const [open, setOpen] = useState<Open>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const banner = useBanner();

  const start = (decision: ReviewDecision) => {
    setOpen({ decision });
    setText(decision === 'reply' ? (review.reply?.text ?? '') : '');
    setProblem(null);
  };
  const run = (decision: ReviewDecision, value: string) =>
    decide.mutate(
      { id: review.id, decision, text: value },
      {
        // The list is read again (the review may leave this filter): the banner says what was done.
        onSuccess: (answer) => {
          banner.show({ content: answer.message, action: 'success' });
          setProblem(null);
          setOpen(null);
        },
        onError: (error) => setProblem(serverMessage(error) ?? 'That could not be saved. Please try again.'),
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (open) run(open.decision, text);
  };
  const heading = `Review of ${review.product_name} by ${review.user}`;

  return (
    <article className={`${page.panel} ${styles.card}`} aria-label={heading} data-state={review.state}>
      <header className={styles.cardHead}>
        <Stars value={review.rating} size="sm" label={`${review.rating} out of 5`} />
        <span className={styles[review.state]}>{STATE_LABELS[review.state]}</span>
        {review.open_reports > 0 && (
          <span className={styles.reported}>
            Reported {review.open_reports} {review.open_reports === 1 ? 'time' : 'times'}
          </span>
        )}
      </header>
      <p className={styles.meta}>
        <Link to={productPath(review.product_name)}>{review.product_name}</Link>
        <span aria-hidden="true"> · </span>
        <span>{review.user}</span>
        <span aria-hidden="true"> · </span>
        <Link to={adminOrderPath(review.order_id)}>Order …{shortOrderId(review.order_id)}</Link>
        <span aria-hidden="true"> · </span>
        <time dateTime={review.date}>{formatWhen(review.date)}</time>
      </p>
      <p className={styles.text}>{review.review}</p>
      {review.reply && (
        <div className={styles.reply}>
          <p className={styles.replyHead}>Your reply ({formatWhen(review.reply.date)})</p>
          <p className={styles.text}>{review.reply.text}</p>
        </div>
      )}
      {problem && (
        <p className={`${page.alert} ${page.danger} ${styles.said}`} role="alert">
          {problem}
        </p>
      )}
      {open ? (
        <form className={styles.form} onSubmit={submit}>
          <label className={page.field}>
            <span className={page.label}>
              {open.decision === 'reply'
                ? 'Your public reply (leave empty to remove it)'
                : open.decision === 'hide'
                  ? 'Why hide it? (kept in its history)'
                  : 'Reason (optional, kept in its history)'}
            </span>
            <textarea
              className={page.input}
              value={text}
              maxLength={open.decision === 'reply' ? REVIEW_REPLY_MAX : REVIEW_REASON_MAX}
              onChange={(event) => setText(event.target.value)}
              required={open.decision === 'hide'}
              rows={3}
            />
          </label>
          <div className={styles.buttons}>
            <Button type="submit" variant={open.decision === 'hide' ? 'danger' : 'primary'} disabled={decide.isPending}>
              {open.decision === 'reply' ? 'Save reply' : open.decision === 'hide' ? 'Hide review' : 'Show again'}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(null)} disabled={decide.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.buttons}>
          {(review.state === 'held' || review.open_reports > 0) && review.state !== 'hidden' && (
            <Button onClick={() => run('approve', '')} disabled={decide.isPending}>
              {review.state === 'held' ? 'Approve' : 'Keep it up'}
            </Button>
          )}
          {review.state === 'hidden' ? (
            <Button variant="secondary" onClick={() => start('show')}>
              Show again
            </Button>
          ) : (
            <Button variant="dangerOutline" onClick={() => start('hide')}>
              Hide
            </Button>
          )}
          <Button variant="secondary" onClick={() => start('reply')}>
            {review.reply ? 'Edit reply' : 'Reply'}
          </Button>
        </div>
      )}
      {review.history.length > 0 && (
        <details className={styles.history}>
          <summary>History ({review.history.length})</summary>
          <ol>
            {review.history.map((line, index) => (
              <li key={index}>
                <time dateTime={line.at}>{formatWhen(line.at)}</time> {ACTION_LABELS[line.action]}
                {line.by === 'rules'
                  ? ' by the holding rules'
                  : line.by === 'shopper'
                    ? ' by a shopper'
                    : ` by ${line.by}`}
                {line.reason && line.action !== 'replied' ? `: ${line.reason}` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </article>
  );
}
