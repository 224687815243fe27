/**
 * The permission layer: the one place that decides who may call what.
 *
 * Every `/api` route declares `config.access`; a route without one stops the app from starting
 * (the OpenAPI viewer under /api/docs is public).
 *   'public'  anyone
 *   'local'   development tools (the mailbox): only a request made directly on this machine
 *             (`isDirectLocalRequest`); anyone else gets the answer of an address that does not
 *             exist. Every route under /dev/ or /api/dev/ must have it, or the app does not start.
 *   'user'    any signed-in user (the service may check more, e.g. the order's owner)
 *   'admin'   role admin: 401 without a valid session token, 403 for anyone else
 *   { owner } the signed-in user whose id `owner(request)` returns (a path `userId` or a body
 *             `user_id`); 403 for another user's id. `admin: true` also lets an admin through.
 *
 * A bearer token that is expired, tampered, malformed or of another kind counts as no token, and
 * so does a session token whose version (claim `ver`, 0 when absent) is no longer its account's
 * `users.session_version` (raised when the password changes) or whose account no longer exists:
 * one primary-key read per request that carries a session token (decisions/083). A route that
 * needs a session refuses a request that sent a token with "Your session has ended. Please sign
 * in again." (the web client shows it and signs out, decisions/130), one without a token with
 * "Please sign in to continue.".
 *
 * Rules belong to the matched route (`request.routeOptions.config`), never to the text of the
 * request's URL: the router decodes the path, so `/api/%64ev/mailbox` is the route
 * `/api/dev/mailbox` and carries its rule (decisions/102).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import * as MSG from '@shared/messages';
import type { SessionClaims, TokenService } from '../lib/tokens';

/** The account's current session version, or null when the account does not exist. */
export type SessionVersionLookup = (userId: string) => Promise<number | null>;

export type OwnerAccess = {
  owner: (request: FastifyRequest) => unknown;
  admin?: boolean;
  /** Where the owner id is read (for the permission walk test and the OpenAPI reader). */
  source?: { in: 'params' | 'body'; name: string };
};
export type Access = 'public' | 'local' | 'user' | 'admin' | OwnerAccess;

/** One registered /api route and its rule, as recorded at registration. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionClaims | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, in registration order (the permission walk reads it). */
    apiRoutes: RouteAccess[];
    /** Every route with access 'local' (API and pages), in registration order. */
    localRoutes: RouteAccess[];
  }
}

/** Owner taken from a path parameter, e.g. `/get_cart/:userId`. */
export const ownerFromParam = (name = 'userId', admin = false): OwnerAccess => ({
  owner: (request) => (request.params as Record<string, unknown> | undefined)?.[name],
  admin,
  source: { in: 'params', name },
});

/** Owner taken from a body field, e.g. `{ user_id }`. */
export const ownerFromBody = (name = 'user_id', admin = false): OwnerAccess => ({
  owner: (request) => (request.body as Record<string, unknown> | undefined)?.[name],
  admin,
  source: { in: 'body', name },
});

/**
 * Headers a proxy adds to say whom it relays for (standard, de-facto and vendor ones). A request
 * carrying any of them came through something else, whatever address the socket shows.
 */
const FORWARDING_HEADER =
  /^(?:forwarded|via|x-forwarded(?:-.+)?|x-real-ip|x-client-ip|x-cluster-client-ip|x-original-(?:forwarded-for|host|url)|x-proxyuser-ip|client-ip|true-client-ip|cf-connecting-ip|fastly-client-ip|x-envoy-external-address|x-appengine-user-ip)$/i;

const LOOPBACK_ADDRESS = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;
/** Host names that mean this machine; anything else is a name some DNS pointed here (rebinding). */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * A request made directly on this machine: from a loopback address, to a loopback host name, and
 * not relayed (no forwarding header of any kind). Reads the socket, never `request.ip`, so
 * TRUST_PROXY cannot make a relayed request look local.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  if (!LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? '')) return false;
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) return false;
  return !Object.keys(request.headers).some((name) => FORWARDING_HEADER.test(name));
}

/** Routes whose address marks them as development tools: they must be 'local'. */
const isDevToolUrl = (url: string) => /^\/(?:api\/)?dev(?:\/|$)/.test(url);

/** The 401 of a route that needs a session: a sent token that is not (or no longer) one says so. */
const noSession = (request: FastifyRequest) => unauthorized(bearerToken(request) ? MSG.sessionEnded : undefined);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

export const accessPlugin = fp(
  async (app: FastifyInstance, options: { tokens: TokenService; sessionVersion: SessionVersionLookup }) => {
    /**
     * The session a bearer token stands for, or null when it is not a live session. When the
     * version can not be read (database down), a route open to guests answers as to a guest (a
     * catalogue served from memory keeps working); any other route fails as its own work would.
     */
    const liveSession = async (
      request: FastifyRequest,
      token: string,
      guestAllowed: boolean,
    ): Promise<SessionClaims | null> => {
      const session = await options.tokens.verifySession(token);
      if (!session) return null;
      let current: number | null;
      try {
        current = await options.sessionVersion(session.id);
      } catch (error) {
        if (!guestAllowed) throw error;
        request.log.warn({ err: error }, 'session version unreadable: answering as a guest');
        return null;
      }
      if (current !== session.ver) return null;
      const { ver: _ver, ...claims } = session;
      return claims;
    };

    app.decorateRequest('user', null);
    const apiRoutes: RouteAccess[] = [];
    app.decorate('apiRoutes', apiRoutes);
    const localRoutes: RouteAccess[] = [];
    app.decorate('localRoutes', localRoutes);

    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access === 'local')
        for (const method of [route.method].flat()) localRoutes.push({ method, url: route.url, access });
      else if (isDevToolUrl(route.url))
        throw new Error(
          `Route ${[route.method].flat().join(',')} ${route.url} is a development tool: it needs config.access 'local'`,
        );
      if (route.url.startsWith('/api/docs')) return; // the OpenAPI viewer's own routes: public
      if (!route.url.startsWith('/api')) return;
      for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access });
      if (!access) throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} has no config.access rule`);
    });

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config?.access;
      if (access === 'local' && !isDirectLocalRequest(request)) {
        // The same answer as an address that does not exist: nothing says there is a tool here.
        reply.callNotFound();
        return reply;
      }
      const token = bearerToken(request);
      const guestAllowed = !access || access === 'public' || access === 'local';
      request.user = token ? await liveSession(request, token, guestAllowed) : null;
      if (guestAllowed) return;
      if (!request.user) throw noSession(request);
      if (access === 'admin' && request.user.role !== 'admin') throw forbidden();
    });

    // preValidation: after the body is parsed but before it is validated, so a request for another
    // user's data answers 403 whatever else is wrong with it (and never reveals validation details).
    app.addHook('preValidation', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || typeof access === 'string') return;
      const user = request.user;
      if (!user) throw noSession(request);
      if (access.admin && user.role === 'admin') return;
      const owner = access.owner(request);
      if (owner !== user.id) throw forbidden();
    });
  },
);
