/**
 * Finding 3: sign-in must not be slowed to a crawl by password hashing. A made-up reset token is
 * refused before any hashing; change_password is rate limited (rate-limits.test.ts); and when the
 * one hashing queue of the process is full, login, sign-up and password change answer 503 with
 * Retry-After at once instead of waiting behind the flood.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { HASH_CONCURRENCY, hashQueueStats, withHashSlot } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/harness';
import { linkInMail } from '../../test/mailbox';
import { createUser } from '../../test/factories/users';
import * as MSG from '@shared/messages';
import { ACCOUNT_TEXT } from './service';

const QUEUE = 2;
let t: TestApp;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', PASSWORD_HASH_QUEUE: String(QUEUE) } });
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': `198.51.100.${++ip}` } });

async function resetToken(email: string): Promise<string> {
  expect((await post('/api/request_password_reset', { email })).statusCode).toBe(200);
  return new URL((await linkInMail(t.deps.database.db, email, /change_password\?token=/))!).searchParams.get('token')!;
}

/**
 * Runs `work` while every hashing slot and every place in the queue is taken. Each answer `work`
 * awaits arrives while they are still held, so it cannot have waited for a hash.
 */
async function whileTheQueueIsFull(work: () => Promise<void>): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holders = Array.from({ length: HASH_CONCURRENCY + QUEUE }, () => withHashSlot(() => released, QUEUE));
  expect(hashQueueStats()).toMatchObject({ running: HASH_CONCURRENCY, waiting: QUEUE });
  try {
    await work();
  } finally {
    release();
    await Promise.all(holders);
  }
}

describe('POST /api/change_password with a made-up token', () => {
  it('is refused with 401 before the new password is hashed', async () => {
    const before = hashQueueStats().started;
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/api/change_password', { token: `made-up-token-${i}`, password: 'valid123' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: ACCOUNT_TEXT.resetLinkBad });
    }
    expect(hashQueueStats().started).toBe(before);
  });

  it('is answered at once even while the hashing queue is full', async () => {
    await whileTheQueueIsFull(async () => {
      expect((await post('/api/change_password', { token: 'made-up-token', password: 'valid123' })).statusCode).toBe(
        401,
      );
    });
  });

  it('a real reset token is still hashed and works', async () => {
    const user = await createUser(t.app);
    const token = await resetToken(user.email);
    const before = hashQueueStats().started;
    expect((await post('/api/change_password', { token, password: 'newpass9' })).statusCode).toBe(200);
    expect(hashQueueStats().started).toBe(before + 1);
    expect((await post('/api/login', { email: user.email, password: 'newpass9' })).statusCode).toBe(200);
  });
});

describe('a full hashing queue', () => {
  it('answers login, sign-up and password change 503 with Retry-After at once, writes nothing, and serves them once there is room', async () => {
    const user = await createUser(t.app);
    const token = await resetToken(user.email);
    const newcomer = 'queue-newcomer@example.com';
    await whileTheQueueIsFull(async () => {
      for (const [url, payload] of [
        ['/api/login', { email: user.email, password: user.password }],
        ['/api/create_account', { email: newcomer, password: 'secret123' }],
        ['/api/change_password', { token, password: 'newpass9' }],
      ] as const) {
        const res = await post(url, payload);
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual({ message: MSG.passwordHashingBusy });
        expect(Number(res.headers['retry-after']), url).toBeGreaterThanOrEqual(1);
      }
      expect(hashQueueStats()).toMatchObject({ running: HASH_CONCURRENCY, waiting: QUEUE });
    });
    expect(await t.deps.database.db.select().from(users).where(eq(users.email, newcomer))).toHaveLength(0);
    // The reset link was not used up by the refused change, and everything works again.
    expect((await post('/api/change_password', { token, password: 'newpass9' })).statusCode).toBe(200);
    expect((await post('/api/login', { email: user.email, password: 'newpass9' })).statusCode).toBe(200);
    expect((await post('/api/create_account', { email: newcomer, password: 'secret123' })).statusCode).toBe(201);
  });

  it('an unknown address at login is refused 503 as well, and the decoy hash is made later', async () => {
    await whileTheQueueIsFull(async () => {
      expect((await post('/api/login', { email: 'nobody-here@example.com', password: 'wrong123' })).statusCode).toBe(
        503,
      );
    });
    expect((await post('/api/login', { email: 'nobody-here@example.com', password: 'wrong123' })).statusCode).toBe(401);
  });
});
