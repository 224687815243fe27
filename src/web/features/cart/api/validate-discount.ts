/** POST /api/server/validate_discount: is this code usable on this basket, and on which books? */
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';
import type { BasketLine } from '../basket';

const discountAnswer = answer('order', 'validateDiscountAnswerSchema');

const validateDiscount = (code: string, items: readonly BasketLine[]) =>
  api.post('/api/server/validate_discount', discountAnswer, { code, cartItems: items }, { token: null });

export function useValidateDiscount() {
  return useMutation({ mutationFn: ({ code, items }: { code: string; items: readonly BasketLine[] }) => validateDiscount(code, items) });
}
