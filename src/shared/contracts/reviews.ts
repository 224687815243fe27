/**
 * Reviews (docs/api.md, "Reviews"): requests and answers of the review calls, shared by the server
 * (Fastify validates with them) and the web client (forms and answers).
 */
import { z } from 'zod';
import { REVIEW_TEXT_MAX } from '../constants';
import { pageQueryFields } from './common';

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

/**
 * Who sees a review (decision 151): `published` everyone; `held` (by the owner's holding rules)
 * its author and the owner until approved; `hidden` (by the owner) the owner only.
 */
export const REVIEW_STATES = ['published', 'held', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** What a review's history records. */
export const REVIEW_ACTIONS = ['held', 'hidden', 'shown', 'approved', 'replied', 'reply_removed', 'reported'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The review as add_review answers it (201); `state` is `held` when a holding rule caught it. */
export const reviewSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  product_id: z.string(),
  rating: z.number().int(),
  review: z.string(),
  /** ISO 8601, UTC. */
  date: z.string(),
  state: z.enum(REVIEW_STATES),
});
export type Review = z.infer<typeof reviewSchema>;

/** The shop's public answer to a review. */
export const reviewReplySchema = z.object({ text: z.string(), date: z.string() });

/** One review as the product page shows it: `user` is the part of the e-mail before the @ only. */
export const productReviewSchema = z.object({
  /** For POST /api/server/reviews/{id}/report. */
  id: z.string(),
  rating: z.number().int(),
  review: z.string(),
  date: z.string(),
  user: z.string(),
  reply: reviewReplySchema.nullable(),
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

/** GET /api/server/fetch_user_reviews/{userId}/{email}: the user's own reviews, newest first (a held one says so). */
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

/** POST /api/server/reviews/{id}/report */
export const reportReviewAnswerSchema = z.object({ message: z.string() });
export const REVIEW_REPORTED = 'Thank you. The shop will look at this review.';

// ---- The owner's side (decision 151) ----

export const REVIEW_REASON_MAX = 500;
export const REVIEW_REPLY_MAX = 2000;

export const reviewIdParamsSchema = z.object({
  id: z.string().uuid({ message: 'That is not a review’s ID.' }),
});

/** The Reviews screen's filters: `all`, or hidden, reported (open reports), held. */
export const REVIEW_FILTERS = ['all', 'hidden', 'reported', 'held'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** GET /api/admin/reviews: newest first, a page at a time. */
export const adminReviewQuerySchema = z.object({
  filter: z
    .enum(REVIEW_FILTERS, { message: `filter must be one of ${REVIEW_FILTERS.join(', ')}` })
    .optional()
    .default('all'),
  rating: z.coerce
    .number({ message: REVIEW_RULES.rating })
    .int({ message: REVIEW_RULES.rating })
    .min(REVIEW_RATING_MIN, { message: REVIEW_RULES.rating })
    .max(REVIEW_RATING_MAX, { message: REVIEW_RULES.rating })
    .optional(),
  ...pageQueryFields,
});
export type AdminReviewQuery = z.input<typeof adminReviewQuerySchema>;

export const reviewHistoryEntrySchema = z.object({
  action: z.enum(REVIEW_ACTIONS),
  reason: z.string(),
  /** The admin's e-mail, `rules` or `shopper`. */
  by: z.string(),
  at: z.string(),
});
export type ReviewHistoryEntry = z.infer<typeof reviewHistoryEntrySchema>;

export const adminReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  review: z.string(),
  date: z.string(),
  /** As the shop shows the reviewer: the part of the e-mail before the @. */
  user: z.string(),
  state: z.enum(REVIEW_STATES),
  product_id: z.string(),
  product_name: z.string(),
  order_id: z.string(),
  reply: reviewReplySchema.nullable(),
  open_reports: z.number().int(),
  /** Oldest first. */
  history: z.array(reviewHistoryEntrySchema),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewPageSchema = z.object({
  reviews: z.array(adminReviewSchema),
  next_cursor: z.string().nullable(),
  /** Across every review, whatever the filter: what waits for the owner, and what is hidden. */
  counts: z.object({ held: z.number().int(), reported: z.number().int(), hidden: z.number().int() }),
});
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

const reasonText = z
  .string({ message: 'Please give a reason.' })
  .transform(normaliseReviewText)
  .pipe(z.string().max(REVIEW_REASON_MAX, { message: `A reason can be at most ${REVIEW_REASON_MAX} characters.` }));

/** POST /api/admin/reviews/{id}/hide: the reason is required. */
export const hideReviewBodySchema = z.object({
  reason: reasonText.pipe(z.string().min(1, { message: 'Please give a reason for hiding this review.' })),
});
/** POST /api/admin/reviews/{id}/show and …/approve: a reason is optional. */
export const reviewDecisionBodySchema = z.object({ reason: reasonText.optional().default('') }).nullish();
/** POST /api/admin/reviews/{id}/reply: empty text removes the reply. */
export const replyReviewBodySchema = z.object({
  reply: z
    .string({ message: 'Please write the reply (or leave it empty to remove it).' })
    .transform(normaliseReviewText)
    .pipe(z.string().max(REVIEW_REPLY_MAX, { message: `A reply can be at most ${REVIEW_REPLY_MAX} characters.` })),
});

export const adminReviewAnswerSchema = z.object({ message: z.string(), review: adminReviewSchema });
export type AdminReviewAnswer = z.infer<typeof adminReviewAnswerSchema>;

/** The owner's holding rules (GET and POST /api/admin/reviews/settings), kept in the database. */
export const reviewHoldRulesSchema = z.strictObject({
  /** Hold reviews of 1 or 2 stars until approved. */
  hold_low_ratings: z.boolean({ message: 'hold_low_ratings must be true or false' }),
  /** Hold reviews whose text holds a link or an e-mail address until approved. */
  hold_links: z.boolean({ message: 'hold_links must be true or false' }),
});
export type ReviewHoldRules = z.infer<typeof reviewHoldRulesSchema>;

/** What a holding rule catches in a review's text: a web address (with or without its scheme) or an e-mail address. */
const LINK =
  /(?:\bhttps?:\/\/|\bwww\.)\S|\b[\w-]+(?:\.[\w-]+)*\.(?:com|co|uk|org|net|io|info|biz|ly|me|app|shop|xyz)\b(?:\/|\b)/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Why a new review is held under these rules, or null when it is published at once. */
export function holdReason(rules: ReviewHoldRules, rating: number, text: string): string | null {
  if (rules.hold_low_ratings && rating <= 2) return `${rating} star${rating === 1 ? '' : 's'}`;
  if (rules.hold_links && EMAIL.test(text)) return 'contains an e-mail address';
  if (rules.hold_links && LINK.test(text)) return 'contains a link';
  return null;
}
