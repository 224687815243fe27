/** Sending a discount code by e-mail. */
import { useMutation } from '@tanstack/react-query';
import type { SendDiscountBody } from '@shared/contracts/discounts';
import { answer, api } from '../../../lib/api';

const sentDiscount = answer('discount', 'sentDiscountSchema');

export function useSendDiscountCode() {
  return useMutation({ mutationFn: (body: SendDiscountBody) => api.post('/api/admin/send-discount-code', sentDiscount, body) });
}
