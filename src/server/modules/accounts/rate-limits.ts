/**
 * Rate limits of the sign-in calls. Every call counts against its client's budget (one IP; an
 * IPv6 client by its /64, which one subscriber usually holds whole). A call that names an e-mail
 * address also counts against that address's budget, and login against the budget of the address
 * from this client: ten wrong passwords from one place stop that place, while the address's own
 * ceiling over all clients is ten times higher, so an attacker cannot lock the owner out from
 * one or a few places (decisions/022). Answered 429 `{ message }` with Retry-After.
 * E2E_RELAXED_RATE_LIMITS (browser-test server only, refused in production) multiplies every
 * budget by 100, because all browser tests come from one IP.
 *
 * Counters live in the database (plugins/rate-limit-store.ts), so all instances share each
 * budget. Keys name their budget: the store keeps one counter space for every `createRateLimit`.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodFastify } from '../../http';
import type { Config } from '../../config';
import { isIPv6 } from 'node:net';
import { AppError } from '../../lib/errors';
import { normaliseEmail } from '@shared/validation';

export interface Budget {
  /** Requests allowed per client (IP, or IPv6 /64) in the window, whatever the address. */
  perIp: number;
  /** Requests allowed per e-mail address from one client in the window (absent: none of its own). */
  perEmailAndIp?: number;
  /** Requests allowed per e-mail address in the window, from all clients together (0: none). */
  perEmail: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The budgets, in one table so they can be read and changed in one place. */
export const SIGN_IN_BUDGETS = {
  login: { perIp: 30, perEmailAndIp: 10, perEmail: 100, windowMs: 15 * MINUTE },
  create_account: { perIp: 10, perEmail: 5, windowMs: 60 * MINUTE },
  request_password_reset: { perIp: 10, perEmail: 3, windowMs: 15 * MINUTE },
  resend_verification: { perIp: 10, perEmail: 3, windowMs: 15 * MINUTE },
  social_login: { perIp: 30, perEmail: 0, windowMs: 15 * MINUTE },
  check_verification: { perIp: 60, perEmail: 0, windowMs: 15 * MINUTE },
  // Each call needs a mailed reset token (itself limited above); room for refused passwords and retries.
  change_password: { perIp: 20, perEmail: 0, windowMs: 15 * MINUTE },
  // The same, for the reset token a verification link hands its browser (decisions/130).
  choose_password: { perIp: 20, perEmail: 0, windowMs: 15 * MINUTE },
} satisfies Record<string, Budget>;

export const RELAXED_FACTOR = 100;

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  return new AppError(429, `Too many attempts. Please wait ${wait} and try again.`, 'RATE_LIMITED', {
    retryAfterSeconds,
  });
}

/**
 * The client a budget counts for: the IP, except that an IPv6 address counts by its /64 (a
 * subscriber usually holds a whole /64, so single addresses would be free new budgets) and an
 * IPv4-mapped IPv6 address counts as the IPv4 address.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head, tail] = address.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const rightWidth = right.reduce((width, group) => width + (group.includes('.') ? 2 : 1), 0);
  const full =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - rightWidth)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The e-mail a request is about: the body's `email` or the path's `{email}`. */
function emailOf(request: FastifyRequest): string | null {
  const fromBody = (request.body as { email?: unknown } | undefined)?.email;
  const fromParams = (request.params as { email?: unknown } | undefined)?.email;
  const email = typeof fromBody === 'string' ? fromBody : typeof fromParams === 'string' ? fromParams : null;
  return email ? normaliseEmail(email) : null;
}

/**
 * A preHandler that counts the request against its client's budget and, when the request names an
 * address, against the budget of that address from this client and then of that address from
 * everywhere; over any one answers 429. A request refused by one budget is not counted by the
 * next: a client that used up its own tries adds no more to the address's ceiling.
 */
export function signInRateLimit(
  app: ZodFastify,
  config: Pick<Config, 'E2E_RELAXED_RATE_LIMITS'>,
  name: keyof typeof SIGN_IN_BUDGETS,
): preHandlerAsyncHookHandler {
  const budget: Budget = SIGN_IN_BUDGETS[name];
  const factor = config.E2E_RELAXED_RATE_LIMITS ? RELAXED_FACTOR : 1;
  const limiter = (max: number, keyGenerator: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max: max * factor, timeWindow: budget.windowMs, keyGenerator });
  const byIp = limiter(budget.perIp, (request) => `${name}:ip:${clientKey(request.ip)}`);
  const byEmail = [
    budget.perEmailAndIp
      ? limiter(budget.perEmailAndIp, (request) => `${name}:email-ip:${emailOf(request)}\u0000${clientKey(request.ip)}`)
      : null,
    budget.perEmail > 0 ? limiter(budget.perEmail, (request) => `${name}:email:${emailOf(request)}`) : null,
  ].filter((limit) => limit !== null);
  return async (request) => {
    const checks = emailOf(request) ? [byIp, ...byEmail] : [byIp];
    for (const check of checks) {
      const answer = await check(request);
      if (!answer.isAllowed && answer.isExceeded) throw tooManyAttempts(answer.ttlInSeconds);
    }
  };
}
