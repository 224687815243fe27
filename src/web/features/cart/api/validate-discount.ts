/** POST /api/server/validate_discount: is this code usable on this basket, and on which books? */
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';
import type { BasketLine } from '../basket';
import { releaseLeftCheckout } from '../../../lib/left-checkout';

const discountAnswer = answer('discounts', 'validateDiscountAnswerSchema');

const validateDiscount = (code: string, items: readonly BasketLine[]) =>
  api.post('/api/server/validate_discount', discountAnswer, { code, cartItems: items }, { token: null });

export function useValidateDiscount() {
  return useMutation({
    // A checkout this tab left may hold the very code being applied: it is cancelled first.
    mutationFn: async ({ code, items }: { code: string; items: readonly BasketLine[] }) => {
      await releaseLeftCheckout();
      return validateDiscount(code, items);
    },
  });
}
