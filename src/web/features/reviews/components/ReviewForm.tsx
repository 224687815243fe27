/**
 * One book's review form: stars and text, checked here first (a rating and some words, at most
 * 2000 characters), then 'Submit your review?' and the call. On success the page's list drops
 * the book (see useAddReview) and the banner thanks the reader.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { REVIEW_TEXT_MAX } from '@shared/constants';
import * as MSG from '@shared/messages';
import type { Product } from '@shared/contracts/products';
import { Button } from '../../../components/Button';
import { BookIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { useAddReview } from '../api/add-review';
import { ConfirmDialog } from './ConfirmDialog';
import { StarRatingInput } from './StarRatingInput';
import styles from './ReviewForm.module.css';

const NEED_RATING = 'Please choose a rating from 1 to 5 stars.';
const NEED_TEXT = 'Please write a few words about the book.';

export function ReviewForm({
  product,
  orderId,
  userId,
  onReviewed,
}: {
  product: Product;
  orderId: string;
  userId: string;
  onReviewed(): void;
}) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const ratingRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const banner = useBanner();
  const addReview = useAddReview(userId, orderId);
  const image = product.imageUrls[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      rating: rating >= 1 && rating <= 5 ? undefined : NEED_RATING,
      text: text.trim() ? undefined : NEED_TEXT,
    };
    setErrors(next);
    if (next.rating) return ratingRef.current?.querySelector('input')?.focus();
    if (next.text) return textRef.current?.focus();
    setConfirming(true);
  };

  const onConfirm = async () => {
    try {
      const added = await addReview.mutateAsync({ order_id: orderId, product_id: product.id, rating, review: text });
      setConfirming(false);
      banner.show({
        content: added.state === 'held' ? MSG.reviewWaitingForApproval : MSG.thanksForFeedback,
        action: 'success',
      });
      onReviewed();
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.status === 409) {
        banner.show({ content: 'You have already reviewed this book for this order.', action: 'error' });
        onReviewed();
        return;
      }
      banner.show({ content: error instanceof ApiError ? error.message : MSG.somethingWentWrong, action: 'error' });
    }
  };

  return (
    <form className={styles.card} aria-labelledby={`${id}-name`} onSubmit={onSubmit} noValidate>
      <div className={styles.book}>
        {image ? (
          <img
            className={styles.cover}
            src={image}
            alt={`Cover of ${product.name}`}
            width={96}
            height={128}
            loading="lazy"
          />
        ) : (
          <div className={styles.coverPlaceholder} aria-hidden="true">
            <BookIcon width={32} height={32} />
          </div>
        )}
        <div>
          <h2 id={`${id}-name`} className={styles.name}>
            {product.name}
          </h2>
          {product.type ? <p className={styles.meta}>{product.type}</p> : null}
        </div>
      </div>

      <div ref={ratingRef}>
        <StarRatingInput
          name={`${id}-rating`}
          value={rating}
          onChange={(value) => {
            setRating(value);
            setErrors((e) => ({ ...e, rating: undefined }));
          }}
          errorId={`${id}-rating-error`}
          error={errors.rating}
        />
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-text`} className={styles.label}>
          Your review
        </label>
        <textarea
          id={`${id}-text`}
          ref={textRef}
          className={styles.textarea}
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          rows={5}
          placeholder="What did you (or the person you bought it for) think of it?"
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${id}-count${errors.text ? ` ${id}-text-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            if (errors.text) setErrors((e) => ({ ...e, text: undefined }));
          }}
        />
        <div className={styles.fieldFoot}>
          {errors.text ? (
            <p id={`${id}-text-error`} className={styles.error}>
              {errors.text}
            </p>
          ) : (
            <span />
          )}
          <span id={`${id}-count`} className={styles.count}>
            {text.length} / {REVIEW_TEXT_MAX} characters
          </span>
        </div>
      </div>

      <Button type="submit" className={styles.submit} disabled={addReview.isPending}>
        Submit review
      </Button>

      <ConfirmDialog
        open={confirming}
        title={MSG.confirmReview}
        busy={addReview.isPending}
        confirmLabel="Submit"
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      >
        Your {rating}-star review of “{product.name}” will be shown on the book’s page with the first part of your
        e-mail address.
      </ConfirmDialog>
    </form>
  );
}
