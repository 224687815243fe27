/**
 * One error shape: `{ message }`. AppError keeps its status and message (its cause, another
 * service's error, is logged); a payment provider's error is answered in our words; validation failures
 * answer 400 naming the field; a lost database answers 503; anything else is a 500 whose details
 * go to the log only, never to the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import * as MSG from '@shared/messages';
import { stripeFailure } from '../adapters/payments/stripe';
import { AppError } from '../lib/errors';
import { multipartRefusal } from '../lib/form-parts';

/** Connection failures, and the server's own limits: statement_timeout (57014) and idle_in_transaction_session_timeout (25P03). */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '25P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
/** node-postgres's own words for a lost or silent connection (db/client.ts sets its timeouts). */
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Query read timeout|timeout expired|not queryable/i;

export function isDatabaseDown(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && DATABASE_DOWN_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === 'string' && DATABASE_DOWN_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

function fieldName(path: readonly PropertyKey[] | undefined, instancePath: string | undefined): string {
  if (path && path.length > 0) return path.map(String).join('.');
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Ours, or a payment provider's error put in our words; what a provider said goes to the log only.
    const answer = error instanceof AppError ? error : stripeFailure(error);
    if (answer) {
      if (answer.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(answer.retryAfterSeconds))));
      if (answer.cause !== undefined) {
        request.log[answer.statusCode >= 500 ? 'error' : 'warn'](
          { err: answer.cause },
          `answered ${answer.statusCode} for another service's error`,
        );
      }
      return reply.status(answer.statusCode).send({ message: answer.message, ...answer.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldName(
        (first?.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path,
        first?.instancePath,
      );
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      const label = field ? `${field}` : (where ?? 'request');
      return reply.status(400).send({ message: `Invalid ${label}: ${first?.message ?? 'bad value'}` });
    }
    if (error.validation) {
      return reply.status(400).send({ message: `Invalid request: ${error.message}` });
    }
    // A multipart body the parser could not read (for a route that reads parts without lib/form-parts.ts).
    const formRefusal = multipartRefusal(error);
    if (formRefusal) return reply.status(formRefusal.statusCode).send({ message: formRefusal.message });
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: 'The shop is temporarily unavailable. Please try again shortly.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: error.message });
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'This content type is not supported here.'
              : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MSG.somethingWentWrong });
  });
});
