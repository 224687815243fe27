/**
 * A wrong password and an unknown e-mail take the same time: an unknown address is checked
 * against a decoy hash of the same cost. Run at a realistic-enough cost (2^14) for the hash to
 * dominate the answer time, so a missing decoy would show.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/factories/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PASSWORD_HASH_COST: '14' } });
});
afterAll(() => t.close());

async function timeLogin(email: string): Promise<number> {
  const start = performance.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'wrong123' } });
  expect(res.statusCode).toBe(401);
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it('an unknown e-mail takes about as long as a wrong password', async () => {
  const user = await createUser(t.app);
  await timeLogin('warm-up@example.com'); // the decoy hash is made on first use
  const wrong: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    wrong.push(await timeLogin(user.email));
    unknown.push(await timeLogin(`ghost${i}@example.com`));
  }
  const ratio = median(unknown) / median(wrong);
  expect(ratio, `unknown ${median(unknown).toFixed(1)} ms vs wrong ${median(wrong).toFixed(1)} ms`).toBeGreaterThan(
    0.6,
  );
  expect(ratio).toBeLessThan(1.6);
});
