/**
 * The types a module's routes are written against, apart from the app that registers them
 * (app.ts imports every module; a module imports only these types).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';

/** Fastify with zod schemas typing each route's params, query, body and reply. */
export type ZodFastify = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Each domain's routes: `(app, ctx) => Promise<void>`, registered by app.ts in its order. */
export type ModuleRoutes = (app: ZodFastify, ctx: AppContext) => Promise<void>;
