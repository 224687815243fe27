/** Reviews: the links mailed with a delivered order, the order's books to review, and reviews in and out. */
export { reviewRoutes } from './routes';
export { reviewAdminRoutes } from './admin/routes';
export { createReviewLink } from './review-links';
export { productReviews } from './service';
export { releaseReviews, reviewsForExport } from './privacy';
