/**
 * GET /api/admin/verify_admin: step two of the admin login. The bearer is the verification token
 * kept in this browser at step one; the query carries the mailed token.
 */
import { answer, api } from '../../../lib/api';

const sessionAnswer = answer('accounts', 'sessionAnswerSchema');

export const verifyAdmin = (verificationToken: string, mailedToken: string) =>
  api.get(`/api/admin/verify_admin?token=${encodeURIComponent(mailedToken)}`, sessionAnswer, {
    token: verificationToken,
  });
