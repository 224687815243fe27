/**
 * The accounts module's two cookies (decisions/029, decisions/130). The API stays bearer-token
 * based: these are read only by the routes on their own path.
 *
 * `verify_binding`, the sign-up's browser binding: `POST /api/create_account` answers with an
 * HttpOnly cookie holding a random secret, and the account's verification links keep its hash
 * (single_use_tokens.pair_hash). A verification link opened in that browser sends the cookie
 * back: the person who chose the password also reached the mailbox, so the password is kept.
 * Opened anywhere else, the click proves the address only, and the password is dropped
 * (address-proof.ts). Sent only to the verification link's path, as long as the link lives,
 * cleared once the link has verified the account. `SameSite=Lax`: the link arrives as a
 * cross-site navigation from a mail.
 *
 * `choose_password`: when that drop happened, the browser that followed the link gets the
 * password reset token mailed with it, so the person holding the mailbox can choose a password
 * on the page they landed on (`/api/choose_password`). Sent only to that path, for the reset
 * token's hour, `SameSite=Strict` (only the shop's own page calls it), cleared once used. The
 * token never appears in an address, so no history, log or Referer holds it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { EMAIL_VERIFY_TTL_S, PASSWORD_RESET_TTL_S } from '@shared/constants';

interface CookieKind {
  name: string;
  path: string;
  maxAgeSeconds: number;
  sameSite: 'Lax' | 'Strict';
}

const BINDING: CookieKind = {
  name: 'verify_binding',
  path: '/api/verify_email',
  maxAgeSeconds: EMAIL_VERIFY_TTL_S,
  sameSite: 'Lax',
};
const CHOICE: CookieKind = {
  name: 'choose_password',
  path: '/api/choose_password',
  maxAgeSeconds: PASSWORD_RESET_TTL_S,
  sameSite: 'Strict',
};

type CookieConfig = Pick<Config, 'PUBLIC_URL'>;

/** Adds one Set-Cookie (Fastify keeps every set-cookie header); an empty value with Max-Age=0 clears it. */
function setCookie(reply: FastifyReply, config: CookieConfig, kind: CookieKind, value: string): void {
  const secure = config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  const maxAge = value ? kind.maxAgeSeconds : 0;
  reply.header(
    'set-cookie',
    `${kind.name}=${value}; Path=${kind.path}; Max-Age=${maxAge}; HttpOnly; SameSite=${kind.sameSite}${secure}`,
  );
}

/** The cookie's value the browser sent, if any (our secrets are base64url). */
function cookieFrom(request: FastifyRequest, kind: CookieKind): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${kind.name}=([A-Za-z0-9_-]{16,128})(?:;|$)`).exec(request.headers.cookie ?? '');
  return match?.[1];
}

export const setBindingCookie = (reply: FastifyReply, config: CookieConfig, binding: string) =>
  setCookie(reply, config, BINDING, binding);
export const clearBindingCookie = (reply: FastifyReply, config: CookieConfig) => setCookie(reply, config, BINDING, '');
export const bindingFrom = (request: FastifyRequest) => cookieFrom(request, BINDING);

export const setChoosePasswordCookie = (reply: FastifyReply, config: CookieConfig, resetToken: string) =>
  setCookie(reply, config, CHOICE, resetToken);
export const clearChoosePasswordCookie = (reply: FastifyReply, config: CookieConfig) =>
  setCookie(reply, config, CHOICE, '');
export const choosePasswordTokenFrom = (request: FastifyRequest) => cookieFrom(request, CHOICE);
