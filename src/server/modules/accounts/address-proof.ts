/**
 * "Control of this account's e-mail address has just been proven": a provider vouched for it
 * (social sign-in), or a link mailed to it was followed (review link, verification link opened
 * outside the browser that signed up). The one rule for all of them (decisions/029):
 *
 * An account that was never verified was made by whoever typed the address, with a password of
 * their choosing: maybe the address's owner, maybe someone getting an account ready for the day
 * the owner arrives (pre-account hijacking). So when the owner proves the address, that account
 * becomes verified, its password is dropped and every session it had ends (session version + 1).
 * The owner signs in by the proof itself (provider, link) and can set a password with 'Forgot
 * password?'. The new version is also kept as `address_proven_version`: a review link mailed to
 * the address before this proof may go on signing in (decisions/050), since only the address's
 * owner can have caused it. A verified account is left as it is: its password was set or confirmed by someone
 * who controlled the address (a verification link in the signing-up browser, or a reset link).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export interface AddressProof {
  /** The account's session version after the proof: sign the new session with it. */
  sessionVersion: number;
  /** True when the account was unverified: its password was dropped and its sessions ended. */
  sessionsEnded: boolean;
}

/**
 * Records the proof in one statement (safe against two proofs at once: only one ends the
 * sessions). Run it inside the transaction that uses the proof, then call
 * `afterAddressProof(ctx, userId)` once that transaction has committed. Null: no such account.
 */
export async function addressProven(db: Db, userId: string): Promise<AddressProof | null> {
  const [taken] = await db
    .update(users)
    .set({
      verified: true,
      passwordHash: null,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      addressProvenVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(and(eq(users.id, userId), eq(users.verified, false)))
    .returning({ sessionVersion: users.sessionVersion });
  if (taken) return { sessionVersion: taken.sessionVersion, sessionsEnded: true };
  const [row] = await db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { sessionVersion: row.sessionVersion, sessionsEnded: false } : null;
}

/** After the commit: this instance refuses the ended sessions at once (other instances within SESSION_VERSION_TTL_MS). */
export function afterAddressProof(
  ctx: Pick<AppContext, 'sessionVersions'>,
  userId: string,
  proof: AddressProof | null,
): void {
  if (proof?.sessionsEnded) ctx.sessionVersions.forget(userId);
}
