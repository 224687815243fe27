/**
 * POST /api/server/add_review. On 201 the book leaves the order's list at once (the cached list
 * is updated, no refetch); the book's page shows the review on its next load (the server renders
 * it again after the review's productUpdate). A 409 (already reviewed, e.g. in another tab) also
 * takes the book off the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@shared/contracts/products';
import type { AddReviewBody } from '@shared/contracts/reviews';
import { ApiError, answer, api } from '../../../lib/api';
import { orderHistoryKey } from '../../orders';
import { reviewKeys } from './keys';

const reviewAnswer = answer('reviews', 'reviewSchema');

const addReview = (body: AddReviewBody) => api.post('/api/server/add_review', reviewAnswer, body);

export function useAddReview(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  const removeFromList = (productId: string) => {
    queryClient.setQueryData<Product[]>(reviewKeys.orderProducts(userId, orderId), (list) =>
      list?.filter((p) => p.id !== productId),
    );
    // The profile's order history shows 'Reviewed'; let it ask again.
    void queryClient.invalidateQueries({ queryKey: orderHistoryKey(userId) });
  };
  return useMutation({
    mutationFn: addReview,
    onSuccess: (review) => removeFromList(review.product_id),
    onError: (error, body) => {
      if (error instanceof ApiError && error.status === 409) removeFromList(body.product_id);
    },
  });
}
