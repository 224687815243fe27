/** The demo checkout: GET /api/checkout/demo/:sessionId, POST …/pay, and Cancel (POST /api/checkout/sessions/:sessionId/cancel). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';
import { cancelCheckout, forgetLeftCheckout } from '../../../lib/left-checkout';

const demoCheckout = answer('order', 'demoCheckoutSchema');
const demoPayAnswer = answer('order', 'demoPayAnswerSchema');

const demoCheckoutKey = (sessionId: string) => ['demo-checkout', sessionId] as const;

export function useDemoCheckout(sessionId: string) {
  return useQuery({
    queryKey: demoCheckoutKey(sessionId),
    queryFn: () => api.get(`/api/checkout/demo/${encodeURIComponent(sessionId)}`, demoCheckout, { token: null }),
    staleTime: 0,
    retry: false,
  });
}

export function usePayDemoCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (email: string | undefined) =>
      api.post(`/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, demoPayAnswer, email ? { email } : {}, { token: null }),
  });
}

/** Cancel: the checkout expires and lets go of its discount code at once, rather than when its hour is up. */
export function useCancelDemoCheckout(sessionId: string) {
  return useMutation({
    mutationFn: async () => {
      const answer = await cancelCheckout(sessionId);
      forgetLeftCheckout(sessionId);
      return answer;
    },
  });
}
