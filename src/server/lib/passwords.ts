/**
 * Password hashing: scrypt (node:crypto), salted per user, parameters stored with each hash so
 * they can be raised later: `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`. OWASP: N=2^17, r=8, p=1.
 * Hashing is CPU-heavy (~0.4 s at N=2^17), so at most HASH_CONCURRENCY run at once.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const HASH_CONCURRENCY = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, logN, 8, 1);
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash is weaker than the current cost (or not ours): rehash it at the next successful login. */
export function needsRehash(stored: string, logN: number): boolean {
  const [scheme, storedLogN, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(storedLogN) < logN || Number(r) !== 8 || Number(p) !== 1;
}

/** A hash of a random password at the same cost: verified against when the e-mail is unknown, so both answers take the same time. */
let decoy: Promise<string> | null = null;
export function decoyHash(logN: number): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'), logN);
  return decoy;
}
