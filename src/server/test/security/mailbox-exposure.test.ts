/**
 * The development mailbox (it holds sign-in and reset links) is never reachable from outside.
 *
 * Security review #13, finding 1: the guard compared the raw URL text while the router matches the
 * decoded path, so `/api/%64ev/mailbox` answered every mail to anyone. The guard is now the
 * matched route's own access rule ('local'), so every spelling the router accepts is guarded, and
 * every spelling it does not accept is simply not the mailbox. Each mailbox address is tried here
 * in many spellings (percent-encoded, doubled slashes, mixed case, dot segments, trailing slash),
 * from another machine, from this machine through a proxy (any forwarding header) and from this
 * machine under a foreign host name (DNS rebinding).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../adapters/mail/transport';
import { enqueueMail } from '../../modules/mail/outbox';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
let mailId: string;
/** In the one mail's subject and text: any answer that carries it has leaked the mailbox. */
const SECRET = 'reset-token-7f3a9c';

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  mailId = await enqueueMail(t.deps.database.db, {
    to: 'admin@example.com',
    subject: `Reset ${SECRET}`,
    text: `Reset your password: http://localhost:3000/reset-password?token=${SECRET}`,
  });
});
afterAll(() => t.close());

/** Every address the mailbox answers at (list, filtered list, one message, its stylesheet). */
const mailboxPaths = () => [
  '/api/dev/mailbox',
  '/api/dev/mailbox?to=admin@example.com',
  '/dev/mailbox',
  `/dev/mailbox/${mailId}`,
  '/dev/mailbox.css',
];

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** Other spellings of a path: each character percent-encoded (both hex cases), every slash doubled, case changes, dot segments. */
function spellings(address: string): string[] {
  const [path, query] = address.split('?') as [string, string | undefined];
  const q = query === undefined ? '' : `?${query}`;
  const out = new Set<string>();
  for (let i = 1; i < path.length; i += 1) {
    const char = path[i]!;
    if (char === '/') {
      out.add(`${path.slice(0, i)}/${path.slice(i)}${q}`); // doubled slash
      out.add(`${path.slice(0, i)}%2f${path.slice(i + 1)}${q}`); // encoded slash
      continue;
    }
    out.add(`${path.slice(0, i)}${hex(char)}${path.slice(i + 1)}${q}`);
    out.add(`${path.slice(0, i)}${hex(char).toUpperCase()}${path.slice(i + 1)}${q}`);
  }
  out.add(`${[...path].map((char, i) => (i === 0 ? char : char === '/' ? '/' : hex(char))).join('')}${q}`); // everything encoded
  out.add(`/${path}${q}`);
  out.add(`${path.toUpperCase()}${q}`);
  out.add(`${path.replace(/\b\w/g, (c) => c.toUpperCase())}${q}`);
  out.add(`${path.replace(/dev/i, 'DeV')}${q}`);
  out.add(`${path}/${q}`);
  out.add(`${path}/.${q}`);
  out.add(`${path.replace('/dev/', '/dev/./')}${q}`);
  out.add(`${path.replace('/dev/', '/dev/../dev/')}${q}`);
  out.add(`${path.replace('/dev/', '/dev/%2e%2e/dev/')}${q}`);
  out.add(`${path.replace('/dev/', '/x/../dev/')}${q}`);
  out.add(`${path.replace('/dev/', '/dev%2f')}${q}`);
  out.add(`${path};${q}`);
  out.delete(address);
  return [...out];
}

const FORWARDING_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '203.0.113.9' },
  { 'x-forwarded-for': '127.0.0.1' },
  { forwarded: 'for=203.0.113.9' },
  { 'x-real-ip': '203.0.113.9' },
  { 'x-forwarded-host': 'shop.example' },
  { 'x-forwarded-proto': 'https' },
  { via: '1.1 proxy' },
  { 'x-client-ip': '203.0.113.9' },
  { 'true-client-ip': '203.0.113.9' },
  { 'cf-connecting-ip': '203.0.113.9' },
];

type Probe = { url: string; remoteAddress?: string; headers?: Record<string, string> };
const leaked = (res: { statusCode: number; body: string }) =>
  res.statusCode !== 404 || res.body.includes(SECRET) || res.body.includes('font:16px');

async function leaks(probes: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  for (const probe of probes) {
    const res = await t.app.inject({
      method: 'GET',
      url: probe.url,
      ...(probe.remoteAddress ? { remoteAddress: probe.remoteAddress } : {}),
      headers: probe.headers ?? {},
    });
    if (leaked(res))
      failures.push(
        `${probe.url} from ${probe.remoteAddress ?? 'loopback'} ${JSON.stringify(probe.headers ?? {})} -> ${res.statusCode}`,
      );
  }
  return failures;
}

describe('the development mailbox', () => {
  it('answers a request made directly on this machine, at every address', async () => {
    for (const url of mailboxPaths()) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      if (!url.endsWith('.css')) expect(res.body, url).toContain(SECRET);
    }
    // ...including spellings the router decodes to the same route (the test can see a leak).
    expect((await t.app.inject({ method: 'GET', url: '/api/%64ev/mailbox' })).body).toContain(SECRET);
    expect((await t.app.inject({ method: 'GET', url: '/%64ev/mailbox' })).body).toContain(SECRET);
  });

  it('is not found from another machine, in any spelling of any of its addresses', async () => {
    const probes = mailboxPaths().flatMap((path) =>
      [path, ...spellings(path)].flatMap((url) => [
        { url, remoteAddress: '203.0.113.9' },
        { url, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } },
        { url, remoteAddress: '::ffff:198.51.100.4' },
      ]),
    );
    expect(probes.length).toBeGreaterThan(300);
    expect(await leaks(probes)).toEqual([]);
  });

  it('is not found through a proxy on this machine: any forwarding header, in any spelling', async () => {
    const probes = mailboxPaths().flatMap((path) =>
      [path, ...spellings(path)].flatMap((url) => FORWARDING_HEADERS.map((headers) => ({ url, headers }))),
    );
    expect(await leaks(probes)).toEqual([]);
  });

  it('is not found under a host name other than this machine’s (a DNS-rebinding page in a local browser)', async () => {
    const probes = mailboxPaths().flatMap((url) =>
      ['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io'].map((host) => ({
        url,
        headers: { host },
      })),
    );
    expect(await leaks(probes)).toEqual([]);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { host } })).statusCode, host).toBe(
        200,
      );
    }
  });

  it('looks like any unknown address to an outsider (the same answer as a path that never existed)', async () => {
    const outsider = { remoteAddress: '203.0.113.9' };
    const api = await t.app.inject({ method: 'GET', url: '/api/%64ev/mailbox', ...outsider });
    const unknownApi = await t.app.inject({ method: 'GET', url: '/api/%64ev/nothing-here', ...outsider });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: unknownApi.json().message.replace('nothing-here', 'mailbox') });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox', ...outsider });
    const unknownPage = await t.app.inject({ method: 'GET', url: '/dev/nothing-here', ...outsider });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe(unknownPage.body);
  });

  it('is not mounted when mail really leaves the shop (SMTP)', async () => {
    const withSmtp = await createTestApp({
      deps: { mail: smtpTransport('smtp://127.0.0.1:2', 'Shop <shop@example.com>') },
    });
    try {
      expect((await withSmtp.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await withSmtp.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});
