/**
 * Accounts and privacy (issue 28, decisions 145, 146): the account itself in an export, its
 * deletion, the removal of accounts never verified nor used, and the audit list of requests.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { PersonalData, PrivacyCounts } from '@shared/contracts/accounts';
import type { Db } from '../../../db/client';
import {
  cartLines,
  orders,
  privacyRequests,
  reviews,
  singleUseTokens,
  users,
  wishlistEntries,
} from '../../../db/schema';
import type { UserRow } from '../repository';

export function accountForExport(user: UserRow): NonNullable<PersonalData['account']> {
  return {
    email: user.email,
    verified: user.verified,
    signInMethod: user.method ?? (user.passwordHash ? 'password' : 'link'),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Deletes the account and its single-use tokens; its other parts must be gone or detached first (the keys restrict). */
export async function deleteAccount(tx: Db, userId: string): Promise<void> {
  await tx.delete(singleUseTokens).where(eq(singleUseTokens.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}

/**
 * Retention: removes accounts never verified, made before `before`, never used for a purchase and
 * holding nothing of their own (no review, basket or wishlist). Answers how many.
 */
export async function deleteUnverifiedUnusedAccounts(tx: Db, before: Date): Promise<number> {
  const unused = and(
    eq(users.verified, false),
    ne(users.role, 'admin'),
    lt(users.createdAt, before),
    sql`not exists (select 1 from ${orders} where ${orders.userId} = ${users.id})`,
    sql`not exists (select 1 from ${reviews} where ${reviews.userId} = ${users.id})`,
    sql`not exists (select 1 from ${cartLines} where ${cartLines.userId} = ${users.id})`,
    sql`not exists (select 1 from ${wishlistEntries} where ${wishlistEntries.userId} = ${users.id})`,
  );
  await tx
    .delete(singleUseTokens)
    .where(sql`${singleUseTokens.userId} in (select ${users.id} from ${users} where ${unused})`);
  const rows = await tx.delete(users).where(unused).returning({ id: users.id });
  return rows.length;
}

/** How an address is kept in the audit list: its SHA-256, never the address (decision 145). */
export const emailHash = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export async function recordPrivacyRequest(
  db: Db,
  request: { kind: 'export' | 'erase'; requestedBy: string; email: string; counts: PrivacyCounts },
): Promise<void> {
  await db.insert(privacyRequests).values({
    kind: request.kind,
    requestedBy: request.requestedBy,
    emailHash: emailHash(request.email),
    counts: request.counts,
  });
}

/** The audit list, newest first (at most `limit`). */
export async function privacyRequestList(db: Db, limit = 200) {
  const rows = await db
    .select()
    .from(privacyRequests)
    .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
