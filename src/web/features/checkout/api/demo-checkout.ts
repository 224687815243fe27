/**
 * The demo checkout: GET /api/checkout/demo/:sessionId, POST …/pay (with the delivery address),
 * Cancel (POST /api/checkout/sessions/:sessionId/cancel), and the signed-in customer's last
 * delivery address (GET /api/server/delivery_address/:userId) that the form offers again.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DemoPayBody } from '@shared/contracts/checkout';
import { answer, api } from '../../../lib/api';
import { cancelCheckout, forgetLeftCheckout } from '../../../lib/left-checkout';

const demoCheckout = answer('checkout', 'demoCheckoutSchema');
const demoPayAnswer = answer('checkout', 'demoPayAnswerSchema');
const lastDeliveryAddress = answer('orders', 'lastDeliveryAddressSchema');

const demoCheckoutKey = (sessionId: string) => ['demo-checkout', sessionId] as const;
const lastDeliveryAddressKey = (userId: string) => ['delivery-address', userId] as const;

export function useDemoCheckout(sessionId: string) {
  return useQuery({
    queryKey: demoCheckoutKey(sessionId),
    queryFn: () => api.get(`/api/checkout/demo/${encodeURIComponent(sessionId)}`, demoCheckout, { token: null }),
    staleTime: 0,
    retry: false,
  });
}

/**
 * The address of the customer's last order that had one (null for a guest or a first order).
 * Not kept once the page is left (gcTime 0): the form is filled from it once, so the next
 * checkout must wait for the address of the order just paid rather than show the one before.
 */
export function useLastDeliveryAddress(userId: string | null) {
  return useQuery({
    queryKey: lastDeliveryAddressKey(userId ?? ''),
    queryFn: () => api.get(`/api/server/delivery_address/${encodeURIComponent(userId!)}`, lastDeliveryAddress),
    enabled: userId !== null,
    gcTime: 0,
    retry: false,
  });
}

export function usePayDemoCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (body: DemoPayBody) =>
      api.post(`/api/checkout/demo/${encodeURIComponent(sessionId)}/pay`, demoPayAnswer, body, { token: null }),
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
