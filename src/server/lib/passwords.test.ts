import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

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
});
