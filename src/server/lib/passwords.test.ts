import { describe, expect, it } from 'vitest';
import {
  HASH_CONCURRENCY,
  PasswordQueueFull,
  hashPassword,
  hashQueueStats,
  needsRehash,
  verifyPassword,
  withHashSlot,
} from './passwords';

/** A promise and the function that resolves it: holds a hashing slot until released. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('secret12', 10);
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('secret12', stored)).toBe(true);
    expect(await verifyPassword('secret13', stored)).toBe(false);
  });
  it('salts each hash', async () => {
    expect(await hashPassword('secret12', 10)).not.toBe(await hashPassword('secret12', 10));
  });
  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
  it('asks for a rehash only when the stored cost is below the current one', async () => {
    const stored = await hashPassword('secret12', 10);
    expect(needsRehash(stored, 10)).toBe(false);
    expect(needsRehash(stored, 11)).toBe(true);
    expect(needsRehash('bcrypt$whatever', 10)).toBe(true);
  });

  it('runs two hashes at once, lets at most maxWaiting wait, and refuses the next at once with 503 and Retry-After', async () => {
    const held = gate();
    const order: number[] = [];
    const slots = [0, 1, 2].map((n) =>
      withHashSlot(async () => {
        order.push(n);
        await held.opened;
      }, 1),
    );
    expect(hashQueueStats()).toMatchObject({ running: HASH_CONCURRENCY, waiting: 1 });

    const refused = await hashPassword('secret12', 10, 1).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PasswordQueueFull);
    expect(refused).toMatchObject({ statusCode: 503 });
    expect((refused as PasswordQueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await expect(verifyPassword('secret12', 'scrypt$10$8$1$c2FsdA==$aGFzaA==', 1)).rejects.toBeInstanceOf(
      PasswordQueueFull,
    );

    held.open();
    await Promise.all(slots);
    expect(order).toEqual([0, 1, 2]); // the waiting one ran once a slot was free
    expect(hashQueueStats()).toMatchObject({ running: 0, waiting: 0 });
    expect(await verifyPassword('secret12', await hashPassword('secret12', 10, 0))).toBe(true); // room again
  });

  it('counts the hashes it computes', async () => {
    const before = hashQueueStats().started;
    await hashPassword('secret12', 10);
    expect(hashQueueStats().started).toBe(before + 1);
  });
});
