/** Admin: Reviews (issue 30). */
import { ReviewsPage } from '../../features/reviews/admin/ReviewsPage';
import { titledPage } from '../meta';

export const meta = titledPage('Reviews', { noindex: true });

export default ReviewsPage;
