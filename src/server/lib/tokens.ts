/**
 * Signed tokens (JWT, HS256). Every token carries a `typ` so a token made for one purpose is
 * worthless for another: a review link cannot act as a session, a session cannot verify an admin.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role, SocialProvider } from '@shared/constants';

export type TokenType = 'session' | 'admin_pending' | 'review' | 'order_cancel' | 'problem_report';

export interface SessionClaims {
  id: string;
  email: string;
  role: Role;
  method: SocialProvider | null;
}

/** A session token's claims and the session version it was signed with. */
export interface VerifiedSession extends SessionClaims {
  ver: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(typ: TokenType, claims: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    return new SignJWT({ ...claims, typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** The claims, or null when the token is expired, tampered, malformed or of another type. */
  async verify<T extends Record<string, unknown>>(
    typ: TokenType,
    token: string,
  ): Promise<(T & { exp: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== typ || typeof payload.exp !== 'number') return null;
      return payload as unknown as T & { exp: number };
    } catch {
      return null;
    }
  }

  /**
   * A session token for a user whose `users.session_version` is `sessionVersion` (claim `ver`).
   * Required, so every place that signs someone in must read the account's current version.
   */
  signSession(claims: SessionClaims, ttlSeconds: number, sessionVersion: number): Promise<string> {
    return this.sign('session', { ...claims, ver: sessionVersion }, ttlSeconds);
  }

  /**
   * The claims of a well-formed, unexpired session token, with its session version (0 for a token
   * signed before versions existed). Signature only: whether the version is still the account's
   * is checked by the permission layer (plugins/access.ts).
   */
  async verifySession(token: string): Promise<VerifiedSession | null> {
    const claims = await this.verify<Record<string, unknown>>('session', token);
    if (!claims || typeof claims.id !== 'string' || typeof claims.email !== 'string') return null;
    const role = claims.role;
    if (role !== 'customer' && role !== 'user' && role !== 'admin') return null;
    const method = claims.method === 'google' || claims.method === 'facebook' ? claims.method : null;
    const ver = claims.ver === undefined ? 0 : claims.ver;
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
    return { id: claims.id, email: claims.email, role, method, ver };
  }
}

/** A random secret for single-use links (URL-safe). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a single-use secret. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
