/**
 * The sign-up's browser binding (decisions/029): `POST /api/create_account` answers with an
 * HttpOnly cookie holding a random secret, and the account's verification links keep its hash
 * (single_use_tokens.pair_hash). A verification link opened in that browser sends the cookie
 * back: the person who chose the password also reached the mailbox, so the password is kept.
 * Opened anywhere else, the click proves the address only, and the password is dropped
 * (address-proof.ts).
 *
 * The cookie is sent only to the verification link's path, lasts as long as the link, and is
 * cleared once the link has verified the account. The API stays bearer-token based: no other
 * route reads a cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { EMAIL_VERIFY_TTL_S } from '@shared/constants';

const NAME = 'verify_binding';
const PATH = '/api/verify_email';

function cookie(config: Pick<Config, 'PUBLIC_URL'>, value: string, maxAgeSeconds: number): string {
  const secure = config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  return `${NAME}=${value}; Path=${PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function setBindingCookie(reply: FastifyReply, config: Pick<Config, 'PUBLIC_URL'>, binding: string): void {
  reply.header('set-cookie', cookie(config, binding, EMAIL_VERIFY_TTL_S));
}

export function clearBindingCookie(reply: FastifyReply, config: Pick<Config, 'PUBLIC_URL'>): void {
  reply.header('set-cookie', cookie(config, '', 0));
}

/** The binding the browser sent, if any (our secrets are base64url). */
export function bindingFrom(request: FastifyRequest): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${NAME}=([A-Za-z0-9_-]{16,128})(?:;|$)`).exec(request.headers.cookie ?? '');
  return match?.[1];
}
