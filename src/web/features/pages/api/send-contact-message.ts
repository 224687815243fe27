/** POST /api/server/contact: { email, orderRef, text } → { success: true }. */
import { useMutation } from '@tanstack/react-query';
import type { ContactBody, ContactResponse } from '@shared/contracts/catalogue';
import { api } from '../../../lib/api';

export const sendContactMessage = (body: ContactBody) => api.post<ContactResponse>('/api/server/contact', body, { token: null });

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
