/**
 * The owner's review calls (decision 151): the list a page at a time with its filters, the
 * decisions, and the holding rules. Keys start with the admin's id; a decision refreshes the list
 * (and its counts) for that admin.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReviewPage, ReviewFilter, ReviewHoldRules } from '@shared/contracts/reviews';
import { answer, api } from '../../../lib/api';
import { useSession } from '../../../lib/session';

const reviewPage = answer('reviews', 'adminReviewPageSchema');
const decided = answer('reviews', 'adminReviewAnswerSchema');
const rulesAnswer = answer('reviews', 'reviewHoldRulesSchema');

const keys = {
  all: (adminId: string) => ['admin', adminId, 'reviews'] as const,
  list: (adminId: string, filter: ReviewFilter, rating: number | null) =>
    [...keys.all(adminId), 'list', filter, rating] as const,
  rules: (adminId: string) => [...keys.all(adminId), 'rules'] as const,
};

/** The reviews, newest first, a page at a time. */
export function useAdminReviews(filter: ReviewFilter, rating: number | null) {
  const { session } = useSession();
  return useInfiniteQuery({
    queryKey: keys.list(session?.id ?? '', filter, rating),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ filter });
      if (rating) query.set('rating', String(rating));
      if (pageParam) query.set('cursor', pageParam);
      return api.get(`/api/admin/reviews?${query}`, reviewPage, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: AdminReviewPage) => last.next_cursor,
    enabled: Boolean(session),
    retry: false,
  });
}

export type ReviewDecision = 'hide' | 'show' | 'approve' | 'reply';

/** Hide (reason), show again, approve (optional reason), or reply (text; empty removes it). */
export function useDecideReview() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, text }: { id: string; decision: ReviewDecision; text: string }) =>
      api.post(
        `/api/admin/reviews/${encodeURIComponent(id)}/${decision}`,
        decided,
        decision === 'reply' ? { reply: text } : { reason: text },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all(session?.id ?? '') }),
  });
}

export function useHoldRules() {
  const { session } = useSession();
  return useQuery({
    queryKey: keys.rules(session?.id ?? ''),
    queryFn: ({ signal }) => api.get('/api/admin/reviews/settings', rulesAnswer, { signal }),
    enabled: Boolean(session),
    retry: false,
  });
}

export function useSaveHoldRules() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ReviewHoldRules) => api.post('/api/admin/reviews/settings', rulesAnswer, rules),
    // The page shows the owner's choice while it is saved (HoldRules); a refusal reads the stored rules again.
    onSuccess: (rules) => queryClient.setQueryData(keys.rules(session?.id ?? ''), rules),
    onError: () => queryClient.invalidateQueries({ queryKey: keys.rules(session?.id ?? '') }),
  });
}
