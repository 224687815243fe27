/**
 * Users for API tests: inserted directly (no sign-up flow, no mail), with a signed session token.
 *
 *   const alice = await createUser(t.app);                       // a verified customer
 *   const admin = await createUser(t.app, { role: 'admin' });
 *   await t.app.inject({ method: 'GET', url: `/api/server/get_cart/${alice.id}`, headers: bearer(alice.token) });
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../../app';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { SESSION_TTL_S, type Role, type SocialProvider } from '@shared/constants';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  role: string;
}

let counter = 0;

export async function createUser(
  app: App,
  opts: { email?: string; password?: string; role?: Role; verified?: boolean; method?: SocialProvider | null } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (opts.email ?? `user${counter}-${randomBytes(4).toString('hex')}@example.com`).toLowerCase();
  const password = opts.password ?? 'secret123';
  const role = opts.role ?? 'customer';
  const method = opts.method ?? null;
  const [row] = await app.ctx.database.db
    .insert(users)
    .values({
      email,
      passwordHash: method ? null : await hashPassword(password, app.ctx.config.PASSWORD_HASH_COST),
      role,
      method,
      verified: opts.verified ?? true,
    })
    .returning({ id: users.id });
  const id = row!.id;
  const token = await app.ctx.tokens.signSession({ id, email, role, method }, SESSION_TTL_S, 0); // a new row's session_version
  return { id, email, password, token, role };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
