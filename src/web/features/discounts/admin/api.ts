/** Sending a discount code by e-mail. */
import { useMutation } from '@tanstack/react-query';
import type { SendDiscountBody, SentDiscount } from '@shared/contracts/admin';
import { api } from '../../../lib/api';

export function useSendDiscountCode() {
  return useMutation({ mutationFn: (body: SendDiscountBody) => api.post<SentDiscount>('/api/admin/send-discount-code', body) });
}
