/**
 * Two app instances on one PostgreSQL database (PostgreSQL run only): a password changed through
 * one ends the sessions on the other within SESSION_VERSION_TTL_MS (decisions/083).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { linkInMail } from '../../test/mailbox';
import { bearer, createUser } from '../../test/factories/users';
import { createTwoInstances, type TwoInstances } from '../../test/two-instances';
import { SESSION_VERSION_TTL_MS } from './session-versions';

let shop: TwoInstances;
let first: App;
let second: App;

beforeAll(async () => {
  shop = await createTwoInstances();
  ({ first, second } = shop);
});

afterAll(() => shop?.close());

describe('two instances on one PostgreSQL', () => {
  it('a password changed on one instance ends the session on the other within the cache lifetime', async () => {
    const ann = await createUser(first);
    const bob = await createUser(first);
    const cart = (app: App, user: { id: string }, token: string) =>
      app.inject({ method: 'GET', url: `/api/server/get_cart/${user.id}`, headers: bearer(token) });
    expect((await cart(second, ann, ann.token)).statusCode).toBe(200); // the second instance now has ann's version cached

    expect(
      (await first.inject({ method: 'POST', url: '/api/request_password_reset', payload: { email: ann.email } }))
        .statusCode,
    ).toBe(200);
    const link = await linkInMail(first.ctx.database.db, ann.email, /\/change_password\?token=/);
    const changed = await first.inject({
      method: 'POST',
      url: '/api/change_password',
      payload: { token: new URL(link!).searchParams.get('token'), password: 'moved123' },
    });
    expect(changed.statusCode).toBe(200);
    const changedAt = Date.now();

    expect((await cart(first, ann, ann.token)).statusCode, 'at once on the instance that changed it').toBe(401);
    await vi.waitFor(async () => expect((await cart(second, ann, ann.token)).statusCode).toBe(401), {
      timeout: SESSION_VERSION_TTL_MS + 2_000,
      interval: 100,
    });
    expect(Date.now() - changedAt).toBeLessThan(SESSION_VERSION_TTL_MS + 1_000);

    const login = await second.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ann.email, password: 'moved123' },
    });
    expect(login.statusCode).toBe(200);
    expect((await cart(first, ann, login.json().token)).statusCode).toBe(200);
    expect((await cart(second, bob, bob.token)).statusCode, 'another user is unaffected').toBe(200);
  });
});
