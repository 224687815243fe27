/** GET /api/server/fetch_product_reviews/{productId}: a book's reviews, newest first, with the average. */
import { useQuery } from '@tanstack/react-query';
import type { ProductReviews } from '@shared/contracts/review';
import { api } from '../../../lib/api';
import { reviewKeys } from './keys';

export const fetchProductReviews = (productId: string, signal?: AbortSignal) =>
  api.get<ProductReviews>(`/api/server/fetch_product_reviews/${encodeURIComponent(productId)}`, { signal, token: null });

export function useProductReviews(productId: string) {
  return useQuery({
    queryKey: reviewKeys.product(productId),
    queryFn: ({ signal }) => fetchProductReviews(productId, signal),
  });
}
