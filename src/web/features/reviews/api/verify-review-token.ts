/** POST /api/verify_review_token: the mailed review token for a session (sent without a bearer). */
import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer } from '@shared/contracts/auth';
import { api } from '../../../lib/api';

export const verifyReviewToken = (token: string) => api.post<SessionAnswer>('/api/verify_review_token', { token }, { token: null });

export const useVerifyReviewToken = () => useMutation({ mutationFn: verifyReviewToken });
