/**
 * The customer's own privacy requests (issue 28, decision 145): "Download my data" and "Delete my
 * account". The account is checked here (password again, or a single-use mailed link for an account
 * without one); the work across modules is the flows' (ctx.flows.collectPersonalData,
 * erasePersonalData).
 */
import type { DeleteAccountAnswer, DeleteAccountBody, PersonalData } from '@shared/contracts/accounts';
import type { AppContext } from '../../../context';
import { badRequest, forbidden, unauthorized } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/passwords';
import { hashToken, randomToken } from '../../../lib/tokens';
import { enqueueMail, renderMail } from '../../mail';
import { consumeToken, insertToken, revokeTokens } from '../repository';
import { recordPrivacyRequest } from './repository';

export const PRIVACY_TEXT = {
  noAccount: 'Your session has ended. Please sign in again.',
  ownerAccount: "The shop owner's account cannot be deleted from the profile.",
  passwordNeeded: 'Please enter your password to delete your account.',
  wrongPassword: 'The password is incorrect. Nothing has been deleted.',
  linkSent:
    'We have e-mailed you a link to confirm. Open it within 1 hour, in a browser where you are signed in, to delete your account.',
  linkBad: 'This link is invalid, has already been used or has expired. Nothing has been deleted.',
  deleted:
    'Your account has been deleted and you have been signed out everywhere. We have e-mailed you a confirmation.',
} as const;

const DELETE_LINK_TTL_S = 3600;

export async function myData(ctx: AppContext, userId: string): Promise<PersonalData> {
  const subject = await ctx.flows.customerSubject(ctx.database.db, userId);
  if (!subject) throw unauthorized(PRIVACY_TEXT.noAccount);
  const data = await ctx.flows.collectPersonalData(ctx, subject);
  await recordPrivacyRequest(ctx.database.db, {
    kind: 'export',
    requestedBy: 'customer',
    email: subject.email,
    counts: ctx.flows.countsOf(data),
  });
  return data;
}

export async function deleteMyAccount(
  ctx: AppContext,
  userId: string,
  body: DeleteAccountBody,
): Promise<DeleteAccountAnswer> {
  const subject = await ctx.flows.customerSubject(ctx.database.db, userId);
  if (!subject?.user) throw unauthorized(PRIVACY_TEXT.noAccount);
  const { user } = subject;
  if (user.role === 'admin') throw forbidden(PRIVACY_TEXT.ownerAccount);
  if (user.passwordHash) {
    if (body.password === undefined) throw badRequest(PRIVACY_TEXT.passwordNeeded);
    const ok = await verifyPassword(body.password, user.passwordHash, ctx.config.PASSWORD_HASH_QUEUE);
    if (!ok) throw unauthorized(PRIVACY_TEXT.wrongPassword);
  } else if (body.token === undefined) {
    // No password to ask for: a single-use link mailed to the address proves it is the holder.
    const token = randomToken();
    await ctx.database.db.transaction(async (tx) => {
      await revokeTokens(tx, user.id, 'delete_account');
      await insertToken(tx, {
        kind: 'delete_account',
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + DELETE_LINK_TTL_S * 1000),
      });
      const link = `/profile?delete_token=${encodeURIComponent(token)}`;
      await enqueueMail(tx, { to: user.email, ...(await renderMail('deleteAccountLink', { link }, ctx.config)) });
    });
    void ctx.mailWorker.kick();
    return { deleted: false, message: PRIVACY_TEXT.linkSent };
  } else {
    const owner = await consumeToken(ctx.database.db, 'delete_account', hashToken(body.token), { userId: user.id });
    if (!owner) throw unauthorized(PRIVACY_TEXT.linkBad);
  }
  await ctx.flows.erasePersonalData(ctx, subject, { reviews: body.reviews, requestedBy: 'customer' });
  return { deleted: true, message: PRIVACY_TEXT.deleted };
}
