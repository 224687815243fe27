/**
 * An image fetched from an address the owner gave (the products import, decision 153), without
 * letting that address reach the shop's own network (SSRF, docs/security.md):
 *
 * - only `https://` addresses, with no user name or password in them;
 * - every address the host name resolves to is checked, and the connection is made to the address
 *   that was checked (the socket's own `lookup`, so a second DNS answer cannot differ from the
 *   first); an IP literal is checked the same way. Loopback, private, link-local, shared,
 *   multicast, documentation and reserved ranges (IPv4, IPv6, and IPv6 forms that carry an IPv4
 *   address) are refused;
 * - redirects are followed by hand, at most 3, and each new address is checked as the first was;
 * - the answer must be 200 and at most `maxBytes` (cut off while reading, whatever Content-Length
 *   says), all within `timeoutMs` from the first request;
 * - origins in the allow-list (`IMAGE_IMPORT_ALLOWED_ORIGINS`: the tests' local server, or an
 *   owner's own image server) skip the https and network rules; nothing else does.
 *
 * The bytes are then checked by the image pipeline (inspectImage) like an upload.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { IMAGE_MESSAGES } from './service';

export const REMOTE_IMAGE_MESSAGES = {
  notAnAddress: 'The image is neither an https:// address nor the name of a file in the ZIP.',
  notHttps: 'The image address must start with https://.',
  credentials: 'The image address must not hold a user name or password.',
  privateNetwork: 'The image address leads to a private or local network, which the shop does not fetch from.',
  unreachable: 'The image address could not be reached.',
  status: (status: number) => `The image address answered ${status} instead of an image.`,
  tooManyRedirects: 'The image address redirected more than 3 times.',
  timeout: (seconds: number) => `The image address did not send the image within ${seconds} seconds.`,
} as const;

export class RemoteImageError extends Error {}

export interface RemoteImageOptions {
  /** Origins (`http://127.0.0.1:4567`) fetched whatever their scheme and network. */
  allowedOrigins: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

const MAX_REDIRECTS = 3;

/** Ranges no imported image may come from (IANA special-purpose registries). */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped, IPv4-compatible, NAT64 and 6to4/Teredo forms can carry any IPv4 address: refused whole.
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/** Whether the shop may connect to this IP address for an image (not loopback, private, reserved...). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** The socket's DNS lookup: every answer checked, the connection made to a checked address. */
function checkedLookup(allowed: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!allowed && addresses.some((entry) => !isPublicAddress(entry.address)))
        return callback(new RemoteImageError(REMOTE_IMAGE_MESSAGES.privateNetwork), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new RemoteImageError(REMOTE_IMAGE_MESSAGES.unreachable), []);
      callback(null, first.address, first.family);
    });
  };
}

/** The address to request, or the reason it is refused before any connection. */
function checkAddress(url: URL, allowedOrigins: readonly string[]): { allowed: boolean } {
  const allowed = allowedOrigins.includes(url.origin);
  if (url.username || url.password) throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.credentials);
  if (allowed) return { allowed };
  if (url.protocol !== 'https:') throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.notHttps);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.privateNetwork);
  return { allowed };
}

type Answer = { redirect: URL } | { bytes: Buffer };

function requestOnce(url: URL, allowed: boolean, options: RemoteImageOptions, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: checkedLookup(allowed) as unknown as typeof dnsLookup,
        signal,
        headers: { accept: 'image/*', 'user-agent': 'book-shop-import' },
        // No connection pooling: each socket is opened (and its address checked) for this request.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
          response.resume();
          try {
            resolve({ redirect: new URL(response.headers.location, url) });
          } catch {
            reject(new RemoteImageError(REMOTE_IMAGE_MESSAGES.unreachable));
          }
          return;
        }
        if (status !== 200) {
          response.resume();
          return reject(new RemoteImageError(REMOTE_IMAGE_MESSAGES.status(status)));
        }
        if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
          response.destroy();
          return reject(new RemoteImageError(IMAGE_MESSAGES.tooLarge));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new RemoteImageError(IMAGE_MESSAGES.tooLarge));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', (error) => reject(error));
  });
}

/**
 * The bytes at `address`, or a RemoteImageError whose message is a sentence for the owner.
 * The bytes are not yet checked as an image: pass them to inspectImage.
 */
export async function fetchRemoteImage(address: string, options: RemoteImageOptions): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.notAnAddress);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.notHttps);
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const { allowed } = checkAddress(url, options.allowedOrigins);
      const answer = await requestOnce(url, allowed, options, signal);
      if ('bytes' in answer) return answer.bytes;
      if (redirects >= MAX_REDIRECTS) throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.tooManyRedirects);
      url = answer.redirect;
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    if (signal.aborted) throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.timeout(Math.round(options.timeoutMs / 1000)));
    // A refusal raised inside the socket's lookup arrives as the request's error, maybe wrapped.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof RemoteImageError) throw cause;
    throw new RemoteImageError(REMOTE_IMAGE_MESSAGES.unreachable, { cause: error });
  }
}
