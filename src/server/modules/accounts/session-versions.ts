/**
 * Each account's current session version (`users.session_version`), as the permission layer
 * checks it on every call that carries a session token (decisions/083).
 *
 * A primary-key read costs more than the rest of a catalogue answer served from memory (about
 * 0.3 ms on PGlite against 0.06 ms), so answers are kept for SESSION_VERSION_TTL_MS per account.
 * The instance that ends a user's sessions forgets the entry at once, so its next call reads the
 * new version; other instances on the same PostgreSQL see it within the TTL. Concurrent calls for
 * one account share one read; a failed read is not kept.
 */
import type { Database } from '../../db/client';
import { findSessionVersion } from './repository';

/** How long another instance may still accept a session that was just ended. */
export const SESSION_VERSION_TTL_MS = 5_000;
/** Accounts remembered at once (the oldest entry makes room); about 100 bytes each. */
export const SESSION_VERSION_MAX_ENTRIES = 10_000;

type Read = (userId: string) => Promise<number | null>;

export class SessionVersions {
  /** In insertion order, which is expiry order: the first entry is the oldest. */
  private readonly entries = new Map<string, { version: Promise<number | null>; expiresAt: number }>();

  constructor(
    private readonly read: Read,
    private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {}

  /** The account's session version, or null when there is no such account. */
  current(userId: string): Promise<number | null> {
    const now = (this.options.now ?? Date.now)();
    const entry = this.entries.get(userId);
    if (entry && entry.expiresAt > now) return entry.version;
    this.entries.delete(userId);
    if (this.entries.size >= (this.options.maxEntries ?? SESSION_VERSION_MAX_ENTRIES)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const stored = { version: this.read(userId), expiresAt: now + (this.options.ttlMs ?? SESSION_VERSION_TTL_MS) };
    this.entries.set(userId, stored);
    stored.version.catch(() => {
      if (this.entries.get(userId) === stored) this.entries.delete(userId);
    });
    return stored.version;
  }

  /** Call after the transaction that changed the account's version has committed. */
  forget(userId: string): void {
    this.entries.delete(userId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The session versions of the accounts in this database (`ctx.sessionVersions`, made by buildApp). */
export function sessionVersionsOf(database: Database): SessionVersions {
  const db = database.db;
  return new SessionVersions((userId) => findSessionVersion(db, userId));
}
