/** Review your order: rendered in the browser, which holds what it shows. */
import { ReviewPage } from '../features/reviews/ReviewPage';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Review your order', { noindex: true });

export default ReviewPage;
