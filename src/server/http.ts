/**
 * The types a module's routes are written against, apart from the app that registers them
 * (app.ts imports every module; a module imports only these types).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';

/** Fastify with zod schemas typing each route's params, query, body and reply. */
export type ZodFastify = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** Each domain's routes: `(app, ctx) => Promise<void>`, registered by app.ts in its order. */
export type ModuleRoutes = (app: ZodFastify, ctx: AppContext) => Promise<void>;

/** The <head> tags of a page the server sends (so crawlers and shared links see them without JavaScript). */
export interface HeadTags {
  title: string;
  description: string;
  /** Extra tags (canonical, Open Graph, JSON-LD), already escaped. */
  extra?: string;
}

/**
 * A module's <head> tags for the pages it owns (a product page: its book), or null for a page
 * it does not own. app.ts lists them in `ctx.pageHeads`; the web module asks them in order.
 */
export type HeadResolver = (pathname: string, ctx: AppContext) => Promise<HeadTags | null>;
