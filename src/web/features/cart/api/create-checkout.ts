/**
 * POST /api/checkout/create_checkout_session. Guests send a null user id and an empty e-mail (the
 * spec); prices are sent as the spec's client does, and the server ignores them.
 */
import { useMutation } from '@tanstack/react-query';
import { CURRENCY, SHIPPING_PENCE } from '@shared/constants';
import { penceToPounds } from '@shared/money';
import { answer, api } from '../../../lib/api';
import { releaseLeftCheckout, rememberLeftCheckout } from '../../../lib/left-checkout';

const checkoutAnswer = answer('checkout', 'createCheckoutAnswerSchema');

interface CheckoutInput {
  items: { product_id: string; qty: number; price: number }[];
  userId: string | null;
  email: string;
  discountCode: string | null;
  /** Where the books go (ISO code): the checkout is priced for its zone. */
  country: string;
}

const createCheckout = (input: CheckoutInput) =>
  api.post(
    '/api/checkout/create_checkout_session',
    checkoutAnswer,
    {
      cartItems: input.items,
      user_id: input.userId,
      user_email: input.email,
      // The spec's field, ignored by the server (it prices delivery for the country's zone).
      shipping_cost: penceToPounds(SHIPPING_PENCE),
      currency: CURRENCY,
      discount_code: input.discountCode,
      country: input.country,
    },
    input.userId ? {} : { token: null },
  );

export function useCreateCheckout() {
  return useMutation({
    // The checkout this tab left (if any) is cancelled first, so it does not hold the code this one brings.
    mutationFn: async (input: CheckoutInput) => {
      await releaseLeftCheckout();
      const created = await createCheckout(input);
      rememberLeftCheckout(created.sessionId);
      return created;
    },
  });
}
