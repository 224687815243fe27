/**
 * Accounts: sign-up, login (two-step for admins), e-mail verification, password reset, social
 * sign-in. Rules live here; SQL in repository.ts; mail texts in mails.ts.
 *
 * Single-use secrets (verification, reset, admin login) are random, mailed in a link, and stored
 * only as a SHA-256 hash in single_use_tokens with their kind and expiry: a token of one kind is
 * worthless for another, and a database leak does not leak usable links.
 */
import { SocialProviderUnavailable } from '../../adapters/social/verifier';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, forbidden, unauthorized, unavailable } from '../../lib/errors';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueMail } from '../mail';
import {
  ADMIN_VERIFY_TTL_S,
  EMAIL_VERIFY_TTL_S,
  PASSWORD_RESET_TTL_S,
  SESSION_TTL_S,
  type SocialProvider,
} from '@shared/constants';
import type { AccountAnswer, AdminPendingAnswer, LoginAnswer, SessionAnswer } from '@shared/contracts/accounts';
import * as MSG from '@shared/messages';
import { isValidPassword, normaliseEmail } from '@shared/validation';
import { addressProven, afterAddressProof } from './address-proof';
import { adminLoginMail, choosePasswordMail, passwordResetMail, verificationMail } from './mails';
import {
  consumeToken,
  endSessions,
  findTokenOwner,
  findUserByEmail,
  findUserById,
  findVerificationBinding,
  insertToken,
  insertUser,
  revokeTokens,
  updateUser,
  type UserRow,
} from './repository';

/** The server's own sentences (the spec gives none for these). */
export const ACCOUNT_TEXT = {
  accountCreated: 'Your account has been created. We have sent you an e-mail with a link to verify your address.',
  signedIn: 'Welcome back!',
  verifyReminder: 'Your e-mail address is not verified yet. Please follow the link we sent you.',
  wrongCredentials: 'The e-mail address or password is incorrect.',
  accountExists: 'An account with this e-mail address already exists. Please sign in instead.',
  adminCheckMail:
    'Almost there: we have e-mailed you a link to finish signing in as admin. Open it in this browser within 15 minutes.',
  resendSent: 'If this address has an account that still needs verifying, we have sent a new verification link to it.',
  resetSent: 'If this address has an account, we have sent a link to choose a new password. It works for 1 hour.',
  resetLinkBad: 'This password reset link is invalid, has already been used or has expired. Please ask for a new one.',
  choiceGone:
    "There is no password to choose in this browser any more: it has been chosen, or the hour for it has passed. Sign in, or use 'Forgot password?' on the sign-in form.",
  passwordChosen: 'Your password is saved and you are signed in.',
  socialNotConfigured: (provider: SocialProvider) =>
    `Sign-in with ${provider === 'google' ? 'Google' : 'Facebook'} is not available on this shop. Please sign in with your e-mail address.`,
  socialUnreachable: (provider: SocialProvider) =>
    `${provider === 'google' ? 'Google' : 'Facebook'} could not be reached. Please try again in a moment.`,
  socialAdmin: 'Admin accounts sign in with their e-mail address and password.',
} as const;

const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** Every hash goes through the process's one bounded queue (lib/passwords.ts), at the configured size. */
const hash = (ctx: AppContext, password: string) =>
  hashPassword(password, ctx.config.PASSWORD_HASH_COST, ctx.config.PASSWORD_HASH_QUEUE);
const verify = (ctx: AppContext, password: string, stored: string) =>
  verifyPassword(password, stored, ctx.config.PASSWORD_HASH_QUEUE);

async function sessionFor(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'email' | 'role' | 'method' | 'sessionVersion'>,
): Promise<SessionAnswer> {
  const claims = { id: user.id, email: user.email, role: user.role, method: user.method };
  return { ...claims, token: await ctx.tokens.signSession(claims, SESSION_TTL_S, user.sessionVersion) };
}

function requirePasswordRule(password: string): void {
  if (!isValidPassword(password)) throw badRequest(MSG.passwordRule);
}

/**
 * POST /api/create_account: a customer, unverified, signed in at once; the verification link is
 * mailed. `browserBinding` goes to the signing-up browser as a cookie (browser-binding.ts): the
 * link keeps the password only when opened there (decisions/029).
 */
export async function createAccount(
  ctx: AppContext,
  input: { email: string; password: string },
): Promise<{ answer: AccountAnswer; browserBinding: string }> {
  const email = normaliseEmail(input.email);
  requirePasswordRule(input.password);
  if (await findUserByEmail(ctx.database.db, email)) throw conflict(ACCOUNT_TEXT.accountExists);
  const passwordHash = await hash(ctx, input.password);
  const verifyToken = randomToken();
  const browserBinding = randomToken();
  const user = await ctx.database.db.transaction(async (tx) => {
    const row = await insertUser(tx, { email, passwordHash, role: 'customer', method: null, verified: false });
    if (!row) throw conflict(ACCOUNT_TEXT.accountExists); // another sign-up won the race
    await insertToken(tx, {
      kind: 'verify_email',
      userId: row.id,
      tokenHash: hashToken(verifyToken),
      pairHash: hashToken(browserBinding),
      expiresAt: secondsFromNow(EMAIL_VERIFY_TTL_S),
    });
    await enqueueMail(tx, await verificationMail(ctx.config, email, verifyToken));
    return row;
  });
  void ctx.mailWorker.kick();
  return {
    answer: { verified: false, message: ACCOUNT_TEXT.accountCreated, ...(await sessionFor(ctx, user)) },
    browserBinding,
  };
}

/**
 * POST /api/login. A wrong password and an unknown e-mail give the same answer after the same work
 * (an unknown e-mail is checked against a decoy hash). An admin gets step one of two.
 */
export async function login(ctx: AppContext, input: { email: string; password: string }): Promise<LoginAnswer> {
  const email = normaliseEmail(input.email);
  const user = await findUserByEmail(ctx.database.db, email);
  const stored = user?.passwordHash ?? (await decoyHash(ctx.config.PASSWORD_HASH_COST, ctx.config.PASSWORD_HASH_QUEUE));
  const matches = await verify(ctx, input.password, stored);
  if (!user || !user.passwordHash || !matches) throw unauthorized(ACCOUNT_TEXT.wrongCredentials);
  if (needsRehash(user.passwordHash, ctx.config.PASSWORD_HASH_COST)) {
    // The cost was raised since this hash was made: upgrade it now that the password is known.
    await updateUser(ctx.database.db, user.id, { passwordHash: await hash(ctx, input.password) });
  }

  if (user.role === 'admin') return startAdminLogin(ctx, user);
  const session = await sessionFor(ctx, user);
  return {
    verified: user.verified,
    message: user.verified ? ACCOUNT_TEXT.signedIn : ACCOUNT_TEXT.verifyReminder,
    ...session,
  };
}

/**
 * Step one of the admin login: a browser-bound verification token (a signed `admin_pending`
 * token holding a random nonce) is answered, and a second random token is mailed. The database
 * keeps the hash of the mailed token and the hash of the nonce; only both together sign in.
 */
async function startAdminLogin(ctx: AppContext, user: UserRow): Promise<AdminPendingAnswer> {
  const nonce = randomToken();
  const mailed = randomToken();
  await ctx.database.db.transaction(async (tx) => {
    await insertToken(tx, {
      kind: 'admin_login',
      userId: user.id,
      tokenHash: hashToken(mailed),
      pairHash: hashToken(nonce),
      expiresAt: secondsFromNow(ADMIN_VERIFY_TTL_S),
    });
    await enqueueMail(tx, await adminLoginMail(ctx.config, user.email, mailed));
  });
  void ctx.mailWorker.kick();
  const token = await ctx.tokens.sign('admin_pending', { id: user.id, nonce }, ADMIN_VERIFY_TTL_S);
  return { admin: true, message: ACCOUNT_TEXT.adminCheckMail, token };
}

/** GET /api/admin/verify_admin: step two. The pair is used once; either half alone is worthless. */
export async function verifyAdmin(
  ctx: AppContext,
  pendingToken: string | null,
  mailedToken: string | undefined,
): Promise<SessionAnswer> {
  const failed = () => unauthorized(MSG.adminVerificationFailed);
  if (!pendingToken || !mailedToken) throw failed();
  const pending = await ctx.tokens.verify<{ id?: unknown; nonce?: unknown }>('admin_pending', pendingToken);
  if (!pending || typeof pending.id !== 'string' || typeof pending.nonce !== 'string') throw failed();
  const userId = await consumeToken(ctx.database.db, 'admin_login', hashToken(mailedToken), {
    pairHash: hashToken(pending.nonce),
    userId: pending.id,
  });
  if (!userId) throw failed();
  const user = await findUserById(ctx.database.db, userId);
  if (!user || user.role !== 'admin') throw failed();
  return sessionFor(ctx, user);
}

/**
 * POST /api/social_login. The provider vouches for the e-mail. A new address gets an account with
 * role user and method = provider; a known customer or user is signed in to their account. The
 * provider has proved the address: an account that was never verified loses the password it was
 * made with and its sessions (address-proof.ts, decisions/029). Admins cannot use it: it would
 * skip their two-step login.
 */
export async function socialLogin(ctx: AppContext, provider: SocialProvider, token: string): Promise<SessionAnswer> {
  if (!ctx.social.enabled(provider)) throw unavailable(ACCOUNT_TEXT.socialNotConfigured(provider));
  let identity;
  try {
    identity = await ctx.social.verify(provider, token);
  } catch (error) {
    if (error instanceof SocialProviderUnavailable) {
      ctx.log.warn({ err: error }, 'social provider unreachable');
      throw unavailable(ACCOUNT_TEXT.socialUnreachable(provider));
    }
    throw error;
  }
  if (!identity) throw unauthorized(provider === 'facebook' ? MSG.facebookLoginFailed : MSG.socialLoginFailed);

  const email = normaliseEmail(identity.email);
  const db = ctx.database.db;
  let user = await findUserByEmail(db, email);
  if (!user) {
    user =
      (await insertUser(db, { email, passwordHash: null, role: 'user', method: provider, verified: true })) ??
      (await findUserByEmail(db, email));
  }
  if (!user) throw new AppError(500, MSG.somethingWentWrong);
  if (user.role === 'admin') throw forbidden(ACCOUNT_TEXT.socialAdmin);
  const proof = await addressProven(db, user.id);
  if (!proof) throw new AppError(500, MSG.somethingWentWrong);
  afterAddressProof(ctx, user.id, proof);
  return sessionFor(ctx, {
    id: user.id,
    email: user.email,
    role: 'user',
    method: provider,
    sessionVersion: proof.sessionVersion,
  });
}

/** GET /api/check_verification: false for an unknown address too. */
export async function checkVerification(ctx: AppContext, email: string): Promise<{ verified: boolean }> {
  const user = await findUserByEmail(ctx.database.db, normaliseEmail(email));
  return { verified: user?.verified ?? false };
}

/** What following a verification link did (GET /api/verify_email). */
export interface VerifyOutcome {
  /** The account is now verified (false: the link was unknown, used or expired). */
  verified: boolean;
  /**
   * Set when the link was opened outside the signing-up browser and the account's password was
   * dropped: the reset token mailed with the news, for this browser's `choose_password` cookie,
   * so the person holding the mailbox can choose a password on the page they land on
   * (decisions/130).
   */
  choosePasswordToken: string | null;
}

/**
 * GET /api/verify_email: uses the mailed token once.
 * Opened in the browser that signed up (`browserBinding` matches the link's pair), the person who
 * chose the password has also reached the mailbox: the account is verified as it is. Opened
 * anywhere else, the click proves the address and nothing more: the account is verified, the
 * password it was made with is dropped, its sessions end (decisions/029), and one password reset
 * token is made: mailed (with why) and handed to this browser, so its holder can choose a
 * password right there (decisions/130). Whichever is used first voids it for the other.
 */
export async function verifyEmail(
  ctx: AppContext,
  token: string | undefined,
  browserBinding?: string,
): Promise<VerifyOutcome> {
  const failed: VerifyOutcome = { verified: false, choosePasswordToken: null };
  if (!token) return failed;
  const tokenHash = hashToken(token);
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const sameBrowser = browserBinding
      ? await consumeToken(tx, 'verify_email', tokenHash, { pairHash: hashToken(browserBinding) })
      : null;
    if (sameBrowser) {
      await updateUser(tx, sameBrowser, { verified: true });
      return { userId: sameBrowser, proof: null, resetToken: null };
    }
    const userId = await consumeToken(tx, 'verify_email', tokenHash);
    if (!userId) return null;
    const proof = await addressProven(tx, userId);
    const user = proof?.sessionsEnded ? await findUserById(tx, userId) : null;
    if (!user) return { userId, proof, resetToken: null };
    const resetToken = randomToken();
    await insertToken(tx, {
      kind: 'password_reset',
      userId,
      tokenHash: hashToken(resetToken),
      expiresAt: secondsFromNow(PASSWORD_RESET_TTL_S),
    });
    await enqueueMail(tx, await choosePasswordMail(ctx.config, user.email, resetToken));
    return { userId, proof, resetToken };
  });
  if (!outcome) return failed;
  afterAddressProof(ctx, outcome.userId, outcome.proof);
  if (outcome.resetToken) void ctx.mailWorker.kick();
  return { verified: true, choosePasswordToken: outcome.resetToken };
}

/** POST /api/resend_verification/{email}: the same answer whether or not the address has an account. */
export async function resendVerification(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.database.db, normaliseEmail(email));
  if (user && !user.verified) {
    const token = randomToken();
    await ctx.database.db.transaction(async (tx) => {
      // The new link counts as opened in the signing-up browser when it is (same binding).
      const pairHash = await findVerificationBinding(tx, user.id);
      await insertToken(tx, {
        kind: 'verify_email',
        userId: user.id,
        tokenHash: hashToken(token),
        pairHash,
        expiresAt: secondsFromNow(EMAIL_VERIFY_TTL_S),
      });
      await enqueueMail(tx, await verificationMail(ctx.config, user.email, token));
    });
    void ctx.mailWorker.kick();
  }
  return { message: ACCOUNT_TEXT.resendSent };
}

/** POST /api/request_password_reset: the same answer whether or not the address has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.database.db, normaliseEmail(email));
  if (user) {
    const token = randomToken();
    await ctx.database.db.transaction(async (tx) => {
      await insertToken(tx, {
        kind: 'password_reset',
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: secondsFromNow(PASSWORD_RESET_TTL_S),
      });
      await enqueueMail(tx, await passwordResetMail(ctx.config, user.email, token));
    });
    void ctx.mailWorker.kick();
  }
  return { message: ACCOUNT_TEXT.resetSent };
}

/**
 * Uses a password reset token (mailed by 'Forgot password?', or by a verification link opened
 * outside the signing-up browser, which also hands it to that browser) to set the password its
 * holder chose. The rule is checked before the token is touched, so a refused password leaves the
 * link usable. The token is looked up before the new password is hashed: a made-up token costs
 * one indexed read, not 0.4 s of hashing (decisions/028). One UPDATE uses it, so a token sets a
 * password once (a replay is `badLink`). Using one voids the user's other reset tokens;
 * following a mailed link also proves the address, so the account becomes verified (with the
 * password its owner just chose). Every session of the account ends, the caller's too.
 * `refuseAdmin`: checked before the token is used, which then stays usable.
 * Answers the account as it is now (its new session version).
 */
async function setPasswordWithResetToken(
  ctx: AppContext,
  token: string | undefined,
  password: string,
  options: { badLink: string; refuseAdmin?: string },
): Promise<UserRow> {
  requirePasswordRule(password);
  const db = ctx.database.db;
  const tokenHash = token ? hashToken(token) : null;
  const owner = tokenHash ? await findTokenOwner(db, 'password_reset', tokenHash) : null;
  if (!tokenHash || !owner) throw unauthorized(options.badLink);
  if (options.refuseAdmin && (await findUserById(db, owner))?.role === 'admin') throw forbidden(options.refuseAdmin);
  const passwordHash = await hash(ctx, password);
  const user = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'password_reset', tokenHash);
    if (!userId) return null;
    await updateUser(tx, userId, { passwordHash, verified: true });
    await endSessions(tx, userId);
    await revokeTokens(tx, userId, 'password_reset');
    return findUserById(tx, userId);
  });
  if (!user) throw unauthorized(options.badLink);
  ctx.sessionVersions.forget(user.id);
  return user;
}

/**
 * POST /api/change_password with a reset token (setPasswordWithResetToken). The answer is
 * `{ success: true }`, with no new token: the client signs in again with the new password.
 */
export async function changePassword(ctx: AppContext, token: string, password: string): Promise<{ success: true }> {
  await setPasswordWithResetToken(ctx, token, password, { badLink: ACCOUNT_TEXT.resetLinkBad });
  return { success: true };
}

/**
 * GET /api/choose_password: the address of the account this browser may choose a password for
 * (its `choose_password` cookie holds a live reset token, decisions/130); 401 otherwise. Reads,
 * uses nothing.
 */
export async function pendingPasswordChoice(ctx: AppContext, token: string | undefined): Promise<{ email: string }> {
  const db = ctx.database.db;
  const owner = token ? await findTokenOwner(db, 'password_reset', hashToken(token)) : null;
  const user = owner ? await findUserById(db, owner) : null;
  if (!user || user.role === 'admin') throw unauthorized(ACCOUNT_TEXT.choiceGone);
  return { email: user.email };
}

/**
 * POST /api/choose_password: the browser that followed a verification link outside the
 * signing-up browser sets the password with the reset token its cookie holds (the reset flow's
 * own mechanism, setPasswordWithResetToken) and is signed in with the account's new session
 * version: the link proved the address, and this password was chosen by whoever holds it
 * (decisions/130). An admin never gets here (admins are verified); a reset token of theirs is
 * refused, so this cannot skip their two-step login.
 */
export async function choosePassword(
  ctx: AppContext,
  token: string | undefined,
  password: string,
): Promise<AccountAnswer> {
  const user = await setPasswordWithResetToken(ctx, token, password, {
    badLink: ACCOUNT_TEXT.choiceGone,
    refuseAdmin: ACCOUNT_TEXT.socialAdmin,
  });
  return { verified: true, message: ACCOUNT_TEXT.passwordChosen, ...(await sessionFor(ctx, user)) };
}

/**
 * The admin account from ADMIN_EMAIL / ADMIN_PASSWORD, made or brought up to date at start:
 * role admin, verified, and the configured password. Idempotent; safe with several instances.
 * A new password or a new role ends the account's sessions (as a password change does).
 */
export async function ensureConfiguredAdmin(ctx: AppContext): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
  const email = normaliseEmail(ADMIN_EMAIL);
  const db = ctx.database.db;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const passwordOk = existing.passwordHash ? await verify(ctx, ADMIN_PASSWORD, existing.passwordHash) : false;
    if (existing.role !== 'admin' || !existing.verified || !passwordOk) {
      const passwordHash = passwordOk ? undefined : await hash(ctx, ADMIN_PASSWORD);
      await db.transaction(async (tx) => {
        await updateUser(tx, existing.id, { role: 'admin', verified: true, ...(passwordHash ? { passwordHash } : {}) });
        if (existing.role !== 'admin' || passwordHash) await endSessions(tx, existing.id);
      });
      ctx.sessionVersions.forget(existing.id);
    }
    return;
  }
  const passwordHash = await hash(ctx, ADMIN_PASSWORD);
  await insertUser(db, { email, passwordHash, role: 'admin', method: null, verified: true });
}
