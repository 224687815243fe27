/** POST /api/server/validate_discount: is this code usable on this basket, and on which books? */
import { useMutation } from '@tanstack/react-query';
import type { ValidateDiscountAnswer } from '@shared/contracts/order';
import { api } from '../../../lib/api';
import type { BasketLine } from '../basket';

export const validateDiscount = (code: string, items: readonly BasketLine[]) =>
  api.post<ValidateDiscountAnswer>('/api/server/validate_discount', { code, cartItems: items }, { token: null });

export function useValidateDiscount() {
  return useMutation({ mutationFn: ({ code, items }: { code: string; items: readonly BasketLine[] }) => validateDiscount(code, items) });
}
