/**
 * Reviews (docs/api.md, "Reviews"): requests and answers of the review calls, shared by the server
 * (Fastify validates with them) and the web client (forms and answers).
 */
import { z } from 'zod';
import { REVIEW_TEXT_MAX } from '../constants';

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

export const REVIEW_RULES = {
  rating: `Rating must be a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}.`,
  textRequired: 'Please write a few words about the book.',
  textTooLong: `Reviews can be at most ${REVIEW_TEXT_MAX} characters.`,
} as const;

/** The review text as stored: NUL removed (PostgreSQL text cannot hold it), line ends unified, trimmed. */
export function normaliseReviewText(text: string): string {
  return text.replaceAll('\u0000', '').replace(/\r\n?/g, '\n').trim();
}

export const reviewRatingSchema = z
  .number({ message: REVIEW_RULES.rating })
  .int({ message: REVIEW_RULES.rating })
  .min(REVIEW_RATING_MIN, { message: REVIEW_RULES.rating })
  .max(REVIEW_RATING_MAX, { message: REVIEW_RULES.rating });

export const reviewTextSchema = z
  .string({ message: REVIEW_RULES.textRequired })
  .transform(normaliseReviewText)
  .pipe(
    z
      .string()
      .min(1, { message: REVIEW_RULES.textRequired })
      .max(REVIEW_TEXT_MAX, { message: REVIEW_RULES.textTooLong }),
  );

/** POST /api/verify_review_token */
export const verifyReviewTokenBodySchema = z.object({
  token: z
    .string({ message: 'The review link is missing its token.' })
    .min(1, { message: 'The review link is missing its token.' })
    .max(4096),
});

/** The answer is a session, as a login's: `sessionAnswerSchema` in contracts/accounts.ts. */

/** POST /api/server/add_review */
export const addReviewBodySchema = z.object({
  order_id: z
    .string({ message: 'Choose the order you are reviewing.' })
    .min(1, { message: 'Choose the order you are reviewing.' })
    .max(100),
  product_id: z
    .string({ message: 'Choose the book you are reviewing.' })
    .min(1, { message: 'Choose the book you are reviewing.' })
    .max(200),
  rating: reviewRatingSchema,
  review: reviewTextSchema,
});
export type AddReviewBody = z.input<typeof addReviewBodySchema>;

/** The review as add_review answers it (201). */
export const reviewSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  product_id: z.string(),
  rating: z.number().int(),
  review: z.string(),
  /** ISO 8601, UTC. */
  date: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** One review as the product page shows it: `user` is the part of the e-mail before the @ only. */
export const productReviewSchema = z.object({
  rating: z.number().int(),
  review: z.string(),
  date: z.string(),
  user: z.string(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

/** GET /api/server/fetch_product_reviews/{productId}: newest first. */
export const productReviewsSchema = z.object({
  /** Mean rating with two decimals; 0 when there is no review. */
  average: z.number(),
  count: z.number().int(),
  reviews: z.array(productReviewSchema),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** GET /api/server/fetch_user_reviews/{userId}/{email}: the user's own reviews, newest first. */
export const userReviewSchema = reviewSchema.extend({ product_name: z.string() });
export const userReviewsSchema = z.array(userReviewSchema);
export type UserReview = z.infer<typeof userReviewSchema>;

/** How a review whose reviewer deleted the account and kept the review is signed (decision 145). */
export const ANONYMOUS_REVIEWER = 'A customer';

/** The part of an e-mail address before the @, which is all the shop ever shows of a reviewer. */
export function reviewerName(email: string | null): string {
  if (email === null) return ANONYMOUS_REVIEWER;
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/** The mean of ratings with two decimals, 0 for none. */
export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 100) / 100;
}
