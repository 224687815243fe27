/**
 * Every route's path parameters, query and parsed body are refused with 400 naming the field when
 * a string holds text no database can store (lib/text-input.ts: a NUL character or a lone
 * surrogate), before the route validates or touches anything. Registered after the permission
 * layer, so 401/403 still come first. Multipart bodies are read by the route itself; the shared
 * reader (lib/form-parts.ts) applies the same rule to each field.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unstorableText } from '../lib/text-input';

export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    // A wildcard route's (and the not-found handler's) rest of the path is named "path", not "*".
    const { '*': rest, ...named } = (request.params ?? {}) as Record<string, unknown>;
    const refusal =
      unstorableText(named, 'path') ??
      unstorableText(rest, 'path') ??
      unstorableText(request.query, 'query') ??
      unstorableText(request.body, 'body');
    if (refusal) throw refusal;
  });
});
