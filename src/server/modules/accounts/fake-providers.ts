/**
 * Local stand-ins for Google and Facebook, for tests: real HTTP servers on 127.0.0.1 with real
 * signatures, so the social verifier runs exactly as in production (only the addresses differ).
 *
 * - Google: serves a JWKS of an RSA key made here; `idToken()` signs ID tokens with it (or with
 *   another key, to test forgery).
 * - Facebook Graph: `/debug_token` and `/me` answering for the access tokens registered with
 *   `addToken()`, checking the app token like the real Graph API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export interface FakeGoogle {
  jwksUrl: string;
  issuer: string;
  clientId: string;
  requests: number;
  idToken(
    claims?: JWTPayload & { email?: string; email_verified?: boolean },
    options?: { forged?: boolean; expiresIn?: string | number },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(clientId = 'shop-client.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const issuer = 'https://accounts.google.com';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const fake = { requests: 0 } as FakeGoogle;
  const server = createServer((req, res) => {
    fake.requests += 1;
    if (req.url?.startsWith('/oauth2/v3/certs')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  const base = await listen(server);
  return Object.assign(fake, {
    jwksUrl: `${base}/oauth2/v3/certs`,
    issuer,
    clientId,
    async idToken(
      claims: JWTPayload & { email?: string; email_verified?: boolean } = {},
      options: { forged?: boolean; expiresIn?: string | number } = {},
    ) {
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
        .setIssuer((claims.iss as string | undefined) ?? issuer)
        .setAudience((claims.aud as string | undefined) ?? clientId)
        .setSubject('1234567890')
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.forged ? forger.privateKey : privateKey);
    },
    close: () => close(server),
  });
}

export interface FakeFacebook {
  graphUrl: string;
  appId: string;
  appSecret: string;
  /** An access token the fake Graph API knows: valid for `appId` (or another app) with this e-mail (or none). */
  addToken(token: string, options: { email?: string | null; appId?: string; valid?: boolean }): void;
  failing: boolean;
  close(): Promise<void>;
}

export async function startFakeFacebook(appId = '1122334455', appSecret = 'fb-test-secret'): Promise<FakeFacebook> {
  const tokens = new Map<string, { email: string | null; appId: string; valid: boolean }>();
  const fake = { failing: false } as FakeFacebook;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (fake.failing) return send(500, { error: { message: 'Service temporarily unavailable' } });
    if (url.pathname === '/v19.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${appId}|${appSecret}`)
        return send(400, { error: { message: 'Invalid OAuth access token.' } });
      const known = tokens.get(url.searchParams.get('input_token') ?? '');
      if (!known) return send(200, { data: { is_valid: false, error: { message: 'Invalid token' } } });
      return send(200, { data: { app_id: known.appId, is_valid: known.valid, user_id: '42', type: 'USER' } });
    }
    if (url.pathname === '/v19.0/me') {
      const known = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!known || !known.valid) return send(400, { error: { message: 'Invalid OAuth access token.' } });
      return send(200, known.email ? { id: '42', email: known.email } : { id: '42' });
    }
    return send(404, { error: { message: 'Unknown path' } });
  });
  const base = await listen(server);
  return Object.assign(fake, {
    graphUrl: `${base}/v19.0`,
    appId,
    appSecret,
    addToken(token: string, options: { email?: string | null; appId?: string; valid?: boolean }) {
      tokens.set(token, { email: options.email ?? null, appId: options.appId ?? appId, valid: options.valid ?? true });
    },
    close: () => close(server),
  });
}
