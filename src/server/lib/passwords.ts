/**
 * Password hashing: scrypt (node:crypto), salted per user, parameters stored with each hash so
 * they can be raised later: `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`. OWASP: N=2^17, r=8, p=1.
 *
 * Hashing is CPU-heavy (~0.4 s of a core at N=2^17), so every hash of the process (login, sign-up,
 * password change, the admin account at start) goes through one bounded queue: at most
 * HASH_CONCURRENCY run at once, and at most `maxWaiting` (PASSWORD_HASH_QUEUE) wait for a turn.
 * A hash that finds the queue full is refused at once with 503 and a Retry-After, instead of
 * waiting behind a flood for minutes (decisions/028).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import * as MSG from '@shared/messages';
import { AppError } from './errors';

const KEY_LENGTH = 32;
export const HASH_CONCURRENCY = 2;
/** Hashes that may wait for a turn when no PASSWORD_HASH_QUEUE is given (seed, test factories). */
export const DEFAULT_HASH_QUEUE = 16;

/** The answer when the queue is full: 503, with how long the queue needs to drain as Retry-After. */
export class PasswordQueueFull extends AppError {
  constructor(retryAfterSeconds: number) {
    super(503, MSG.passwordHashingBusy, 'PASSWORD_QUEUE_FULL', { retryAfterSeconds });
    this.name = 'PasswordQueueFull';
  }
}

let running = 0;
let started = 0;
const waiting: Array<() => void> = [];
/** Moving average of one hash's duration, for Retry-After; starts at the cost of N=2^17. */
let averageMs = 400;

/** Seconds until a hash refused now would likely find room: the queue drained at the measured pace. */
function drainSeconds(): number {
  return Math.max(1, Math.ceil(((running + waiting.length) / HASH_CONCURRENCY) * (averageMs / 1000)));
}

/**
 * Runs `work` in one of the HASH_CONCURRENCY slots, waiting for one when all are taken, unless
 * `maxWaiting` others are already waiting: then it throws PasswordQueueFull without waiting.
 * Exported for tests, which hold slots to fill the queue.
 */
export async function withHashSlot<T>(work: () => Promise<T>, maxWaiting = DEFAULT_HASH_QUEUE): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= maxWaiting) throw new PasswordQueueFull(drainSeconds());
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** How busy the queue is, and how many hashes were started in this process (tests count them). */
export function hashQueueStats(): { running: number; waiting: number; started: number } {
  return { running, waiting: waiting.length, started };
}

function scrypt(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
  maxWaiting?: number,
): Promise<Buffer> {
  const N = 2 ** logN;
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        started += 1;
        const begin = performance.now();
        scryptCallback(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { N, r, p, maxmem: 256 * 1024 * 1024 },
          (error, key) => {
            averageMs = averageMs * 0.8 + (performance.now() - begin) * 0.2;
            if (error) reject(error);
            else resolve(key);
          },
        );
      }),
    maxWaiting,
  );
}

/** `maxWaiting`: the configured PASSWORD_HASH_QUEUE (the default when absent). */
export async function hashPassword(password: string, logN: number, maxWaiting?: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, logN, 8, 1, maxWaiting);
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string, maxWaiting?: number): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p), maxWaiting);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash is weaker than the current cost (or not ours): rehash it at the next successful login. */
export function needsRehash(stored: string, logN: number): boolean {
  const [scheme, storedLogN, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(storedLogN) < logN || Number(r) !== 8 || Number(p) !== 1;
}

/**
 * A hash of a random password at the same cost: verified against when the e-mail is unknown, so
 * both answers take the same time. Made once; a failed attempt (a full queue) is not kept.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(logN: number, maxWaiting?: number): Promise<string> {
  if (!decoy) {
    const made = hashPassword(randomBytes(12).toString('hex'), logN, maxWaiting);
    decoy = made;
    made.catch(() => {
      if (decoy === made) decoy = null;
    });
  }
  return decoy;
}
