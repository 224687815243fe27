/**
 * Rate limits of the sign-in calls: one budget per client IP and one per e-mail address, so a
 * single address cannot be hammered from many IPs and one IP cannot try many addresses.
 * Answered 429 `{ message }`. E2E_RELAXED_RATE_LIMITS (browser-test server only, refused in
 * production) multiplies every budget by 100, because all browser tests come from one IP.
 *
 * Counters live in the database (plugins/rate-limit-store.ts), so all instances share each
 * budget. Keys name their budget: the store keeps one counter space for every `createRateLimit`.
 * See docs/decisions/022-sign-in-rate-limits.md.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodFastify } from '../../http';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { normaliseEmail } from '../../../shared/validation';

export interface Budget {
  /** Requests allowed per IP in the window. */
  perIp: number;
  /** Requests allowed per e-mail address in the window (0: no per-address budget). */
  perEmail: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The budgets, in one table so they can be read and changed in one place. */
export const SIGN_IN_BUDGETS = {
  login: { perIp: 30, perEmail: 10, windowMs: 15 * MINUTE },
  create_account: { perIp: 10, perEmail: 5, windowMs: 60 * MINUTE },
  request_password_reset: { perIp: 10, perEmail: 3, windowMs: 15 * MINUTE },
  resend_verification: { perIp: 10, perEmail: 3, windowMs: 15 * MINUTE },
  social_login: { perIp: 30, perEmail: 0, windowMs: 15 * MINUTE },
  check_verification: { perIp: 60, perEmail: 0, windowMs: 15 * MINUTE },
} satisfies Record<string, Budget>;

export const RELAXED_FACTOR = 100;

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
  return new AppError(429, `Too many attempts. Please wait ${wait} and try again.`, 'RATE_LIMITED');
}

/** The e-mail a request is about: the body's `email` or the path's `{email}`. */
function emailOf(request: FastifyRequest): string | null {
  const fromBody = (request.body as { email?: unknown } | undefined)?.email;
  const fromParams = (request.params as { email?: unknown } | undefined)?.email;
  const email = typeof fromBody === 'string' ? fromBody : typeof fromParams === 'string' ? fromParams : null;
  return email ? normaliseEmail(email) : null;
}

/**
 * A preHandler that counts the request against the IP budget and, when the request names an
 * address, against that address's budget; over either one answers 429.
 */
export function signInRateLimit(app: ZodFastify, config: Pick<Config, 'E2E_RELAXED_RATE_LIMITS'>, name: keyof typeof SIGN_IN_BUDGETS): preHandlerAsyncHookHandler {
  const budget: Budget = SIGN_IN_BUDGETS[name];
  const factor = config.E2E_RELAXED_RATE_LIMITS ? RELAXED_FACTOR : 1;
  const byIp = app.createRateLimit({ max: budget.perIp * factor, timeWindow: budget.windowMs, keyGenerator: (request) => `${name}:ip:${request.ip}` });
  const byEmail =
    budget.perEmail > 0
      ? app.createRateLimit({
          max: budget.perEmail * factor,
          timeWindow: budget.windowMs,
          keyGenerator: (request) => `${name}:email:${emailOf(request) ?? ''}`,
        })
      : null;
  return async (request) => {
    const ip = await byIp(request);
    if (!ip.isAllowed && ip.isExceeded) throw tooManyAttempts(ip.ttlInSeconds);
    if (byEmail && emailOf(request)) {
      const email = await byEmail(request);
      if (!email.isAllowed && email.isExceeded) throw tooManyAttempts(email.ttlInSeconds);
    }
  };
}
