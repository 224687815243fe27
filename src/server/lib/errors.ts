/**
 * The one error type. Services throw it; the error handler answers `{ message }` with its status.
 * The message is shown to people: write it as a sentence. `cause` (another service's error behind
 * it, e.g. the payment provider's) goes to the log only, never to the client.
 */
import type { Refusal, ReplacementRefusalKind } from '@shared/contracts/orders';

export class AppError extends Error {
  /** Sent as Retry-After (seconds) with a 429 or 503: when trying again makes sense. */
  public readonly retryAfterSeconds: number | undefined;
  /** More fields of the answer beside `message` (e.g. a refusal's `kind`). */
  public readonly extra: Record<string, string> | undefined;

  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: string = 'APP_ERROR',
    options: { cause?: unknown; retryAfterSeconds?: number; extra?: Record<string, string> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }
}

export const badRequest = (message: string, cause?: unknown) =>
  new AppError(400, message, 'BAD_REQUEST', cause === undefined ? undefined : { cause });
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
/** A 409 that also says why in one word (`kind`), for screens that offer the next step. */
export const refused = (message: string, kind: Refusal['kind'] | ReplacementRefusalKind) =>
  new AppError(409, message, 'CONFLICT', { extra: { kind } });
export const unavailable = (
  message = 'The service is temporarily unavailable. Please try again shortly.',
  cause?: unknown,
) => new AppError(503, message, 'UNAVAILABLE', cause === undefined ? undefined : { cause });
