/**
 * GET /api/admin/verify_admin: step two of the admin login. The bearer is the verification token
 * kept in this browser at step one; the query carries the mailed token.
 */
import type { SessionAnswer } from '@shared/contracts/auth';
import { api } from '../../../lib/api';

export const verifyAdmin = (verificationToken: string, mailedToken: string) =>
  api.get<SessionAnswer>(`/api/admin/verify_admin?token=${encodeURIComponent(mailedToken)}`, { token: verificationToken });
