/** GET /api/server/fetch_product_reviews/{productId}: a book's reviews, newest first, with the average. */
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';

const productReviews = answer('review', 'productReviewsSchema');
import { reviewKeys } from './keys';

const fetchProductReviews = (productId: string, signal?: AbortSignal) =>
  api.get(`/api/server/fetch_product_reviews/${encodeURIComponent(productId)}`, productReviews, { signal, token: null });

export function useProductReviews(productId: string) {
  return useQuery({
    queryKey: reviewKeys.product(productId),
    queryFn: ({ signal }) => fetchProductReviews(productId, signal),
  });
}
