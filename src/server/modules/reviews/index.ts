/** Reviews: the links mailed with a delivered order, the order's books to review, and reviews in and out. */
export { reviewRoutes } from './routes';
export { reviewAdminRoutes } from './admin/routes';
export { createReviewLink } from './review-links';
export {
  PRODUCT_NOT_FOUND,
  attachLinkOrder,
  keysToReview,
  reviewLinkAccount,
  reviewLinkOrder,
  reviewSession,
  reviewsOfBook,
  type ReviewSession,
} from './service';
export { releaseReviews, reviewsForExport } from './privacy';
