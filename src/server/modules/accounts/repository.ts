/** SQL of the accounts module: users and their single-use tokens. */
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { singleUseTokens, users } from '../../db/schema';
import type { Role, SocialProvider } from '@shared/constants';

export type UserRow = typeof users.$inferSelect;
export type TokenKind = (typeof singleUseTokens.$inferSelect)['kind'];

/** `email` must already be normalised (lower-cased). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's current session version (one primary-key read), or null when there is no such user. */
export async function findSessionVersion(db: Db, id: string): Promise<number | null> {
  if (!UUID.test(id)) return null; // not an id we issue; PostgreSQL would refuse the cast
  const [row] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, id)).limit(1);
  return row?.sessionVersion ?? null;
}

/** Ends every session the user holds: tokens signed with an older version stop working. */
export async function endSessions(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id));
}

/** Inserts a user; answers null when the e-mail is taken (also when another request won the race). */
export async function insertUser(
  db: Db,
  values: { email: string; passwordHash: string | null; role: Role; method: SocialProvider | null; verified: boolean },
): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'passwordHash' | 'role' | 'verified'>>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function insertToken(
  db: Db,
  values: { kind: TokenKind; userId: string; tokenHash: string; pairHash?: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(singleUseTokens).values({ ...values, pairHash: values.pairHash ?? null });
}

/** The conditions of a token that can still be used: this kind, this secret, unused, unexpired. */
const liveToken = (kind: TokenKind, tokenHash: string) => [
  eq(singleUseTokens.kind, kind),
  eq(singleUseTokens.tokenHash, tokenHash),
  isNull(singleUseTokens.usedAt),
  gt(singleUseTokens.expiresAt, sql`now()`),
];

/** The user of a token that can still be used, without using it (null otherwise). */
export async function findTokenOwner(db: Db, kind: TokenKind, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: singleUseTokens.userId })
    .from(singleUseTokens)
    .where(and(...liveToken(kind, tokenHash)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Uses a token once: marks it used and answers its user id, or null when it does not exist, is of
 * another kind, was used, has expired, or its pair does not match (admin login; a verification
 * link's signing-up browser). One UPDATE, so two concurrent uses cannot both succeed.
 */
export async function consumeToken(
  db: Db,
  kind: TokenKind,
  tokenHash: string,
  match: { pairHash?: string; userId?: string } = {},
): Promise<string | null> {
  const conditions = liveToken(kind, tokenHash);
  if (match.pairHash !== undefined) conditions.push(eq(singleUseTokens.pairHash, match.pairHash));
  if (match.userId !== undefined) conditions.push(eq(singleUseTokens.userId, match.userId));
  const [row] = await db
    .update(singleUseTokens)
    .set({ usedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ userId: singleUseTokens.userId });
  return row?.userId ?? null;
}

/**
 * The hash of the browser binding of the user's sign-up (kept on its verification tokens), so a
 * verification link mailed again later still counts as opened in the signing-up browser.
 */
export async function findVerificationBinding(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ pairHash: singleUseTokens.pairHash })
    .from(singleUseTokens)
    .where(
      and(
        eq(singleUseTokens.userId, userId),
        eq(singleUseTokens.kind, 'verify_email'),
        isNotNull(singleUseTokens.pairHash),
      ),
    )
    .orderBy(desc(singleUseTokens.createdAt))
    .limit(1);
  return row?.pairHash ?? null;
}

/** Makes every unused token of this kind for the user worthless (e.g. the other reset links once one is used). */
export async function revokeTokens(db: Db, userId: string, kind: TokenKind): Promise<void> {
  await db
    .update(singleUseTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(singleUseTokens.userId, userId), eq(singleUseTokens.kind, kind), isNull(singleUseTokens.usedAt)));
}
