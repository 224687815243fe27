/**
 * Security headers, precomputed once (cheaper than a per-request helmet on hot JSON routes).
 * HTML pages get the Content-Security-Policy; HSTS is sent only when the request came over HTTPS.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

const SCRIPT_SOURCES = "'self' https://accounts.google.com https://connect.facebook.net";

/**
 * The policy of an HTML page; `scriptHashes` are the `'sha256-…'` sources of the page's own inline
 * scripts (React Router's start-up and data, modules/web/pages.ts), the only inline code it runs.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return CONTENT_SECURITY_POLICY.replace(
    `script-src ${SCRIPT_SOURCES}`,
    `script-src ${[SCRIPT_SOURCES, ...scriptHashes].join(' ')}`,
  );
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src ${SCRIPT_SOURCES}`,
  "style-src 'self' 'unsafe-inline' https://accounts.google.com",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self' https://accounts.google.com https://graph.facebook.com",
  'frame-src https://accounts.google.com https://www.facebook.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https://checkout.stripe.com",
  "object-src 'none'",
].join('; ');

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance, _options: { config: Config }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(BASE_HEADERS);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    // Answers to a request that carries credentials are never kept by browsers or shared caches,
    // whatever the address (its text is not what the router matched; decisions/102).
    if (request.headers.authorization && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
});
