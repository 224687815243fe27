import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { bearer, createUser } from './users';
import { verifyPassword } from '../../lib/passwords';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('createUser factory', () => {
  it('stores a lower-cased user with a working password hash and a valid session token', async () => {
    const user = await createUser(t.app, { email: 'Mixed@Example.com', role: 'admin' });
    expect(user.email).toBe('mixed@example.com');
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('admin');
    expect(await verifyPassword(user.password, row!.passwordHash!)).toBe(true);
    expect(await t.app.ctx.tokens.verifySession(user.token)).toMatchObject({ id: user.id, role: 'admin' });
    expect(bearer(user.token)).toEqual({ authorization: `Bearer ${user.token}` });
  });
});
