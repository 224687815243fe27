/** POST /api/verify_review_token: the mailed review token for a session (sent without a bearer). */
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api';

const sessionAnswer = answer('accounts', 'sessionAnswerSchema');

const verifyReviewToken = (token: string) =>
  api.post('/api/verify_review_token', sessionAnswer, { token }, { token: null });

export const useVerifyReviewToken = () => useMutation({ mutationFn: verifyReviewToken });
