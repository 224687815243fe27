/** POST /api/server/contact: { email, orderRef, text } → { success: true }. */
import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '@shared/contracts/contact';
import { answer, api } from '../../../lib/api';

const contactAnswer = answer('contact', 'contactResponseSchema');

const sendContactMessage = (body: ContactBody) => api.post('/api/server/contact', contactAnswer, body, { token: null });

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
