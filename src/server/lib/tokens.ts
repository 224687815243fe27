/**
 * Signed tokens (JWT, HS256). Every token carries a `typ` so a token made for one purpose is
 * worthless for another: a review link cannot act as a session, a session cannot verify an admin.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role, SocialProvider } from '../../shared/constants';

export type TokenType = 'session' | 'admin_pending' | 'review';

export interface SessionClaims {
  id: string;
  email: string;
  role: Role;
  method: SocialProvider | null;
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
  async verify<T extends Record<string, unknown>>(typ: TokenType, token: string): Promise<(T & { exp: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== typ || typeof payload.exp !== 'number') return null;
      return payload as unknown as T & { exp: number };
    } catch {
      return null;
    }
  }

  signSession(claims: SessionClaims, ttlSeconds: number): Promise<string> {
    return this.sign('session', { ...claims }, ttlSeconds);
  }

  async verifySession(token: string): Promise<SessionClaims | null> {
    const claims = await this.verify<Record<string, unknown>>('session', token);
    if (!claims || typeof claims.id !== 'string' || typeof claims.email !== 'string') return null;
    const role = claims.role;
    if (role !== 'customer' && role !== 'user' && role !== 'admin') return null;
    const method = claims.method === 'google' || claims.method === 'facebook' ? claims.method : null;
    return { id: claims.id, email: claims.email, role, method };
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
