/**
 * The permission walk: every /api route registered in the app, whoever added it, is checked
 * against its access rule. Nothing here names a route of another module: the walk takes whatever
 * routes exist when it runs (from the registry the access plugin keeps), so a route added later
 * is checked too, and a route without a rule stops the app from starting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Access, OwnerAccess, RouteAccess } from './access';
import { ownerFromBody, ownerFromParam } from './access';
import { forbidden, unauthorized } from '../lib/errors';
import { createTestApp, type TestApp } from '../test/harness';
import { bearer, createUser, type TestUser } from '../test/factories/users';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t.app, { role: 'customer' });
  other = await createUser(t.app, { role: 'user' });
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

/** Routes that the walk sends requests to: every method but HEAD/OPTIONS (Fastify adds those itself). */
function routes(): RouteAccess[] {
  const seen = new Set<string>();
  return t.app.apiRoutes.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (route.method === 'HEAD' || route.method === 'OPTIONS' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the permission layer itself answers (a service may refuse later with its own words). */
const LAYER_FORBIDDEN = forbidden().message;
const LAYER_UNAUTHORIZED = unauthorized().message;
const stoppedByLayer = (res: { statusCode: number; json(): { message?: string } }) =>
  (res.statusCode === 401 && res.json().message === LAYER_UNAUTHORIZED) ||
  (res.statusCode === 403 && res.json().message === LAYER_FORBIDDEN);

/** Routes that need a session ('public' and the machine-only 'local' tools do not). */
const needsSession = (route: RouteAccess) => route.access !== 'public' && route.access !== 'local';
const isOwner = (access: Access | undefined): access is OwnerAccess => typeof access === 'object' && access !== null;
const label = (route: RouteAccess) => `${route.method} ${route.url}`;

/** /api/admin routes that are deliberately not 'admin', and why. */
const ADMIN_PATH_EXCEPTIONS: Record<string, string> = {
  'GET /api/admin/verify_admin':
    'step two of the admin login: its bearer is the verification token, checked by the service (401 otherwise)',
};

/** The URL with every path parameter filled: owner params with `ownerId`, others with a harmless value. */
function urlFor(route: RouteAccess, ownerId?: string): string {
  const ownerParam = isOwner(route.access) && route.access.source?.in === 'params' ? route.access.source.name : null;
  return route.url
    .replace(/:(\w+)/g, (_m, name: string) => (name === ownerParam && ownerId ? ownerId : 'walk-probe'))
    .replace(/\*$/, 'walk-probe');
}

function request(route: RouteAccess, headers: Record<string, string>, ownerId?: string) {
  const body =
    isOwner(route.access) && route.access.source?.in === 'body'
      ? { [route.access.source.name]: ownerId ?? 'walk-probe' }
      : {};
  return t.app.inject({
    method: route.method as 'GET',
    url: urlFor(route, ownerId),
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }),
  });
}

describe('the route registry', () => {
  it('holds the routes of every module (the walk has something to walk)', () => {
    expect(routes().length).toBeGreaterThan(5);
    expect(routes().map(label)).toContain('POST /api/login');
  });

  it('every /api route has an access rule', () => {
    const missing = routes()
      .filter((route) => !route.access)
      .map(label);
    expect(missing).toEqual([]);
  });

  it('a route registered without an access rule stops the app from starting', async () => {
    const { createTestDatabase } = await import('../test/harness');
    const { database, drop } = await createTestDatabase();
    try {
      const app = await buildApp(t.config, { ...t.deps, database }, { background: false });
      expect(() => app.get('/api/walk/forgotten', async () => ({ ok: true }))).toThrow(/has no config\.access rule/);
      await app.close();
    } finally {
      await drop();
    }
  });

  it('every /api/admin route is admin-only (or a listed exception with its reason)', () => {
    const wrong = routes()
      .filter(
        (route) =>
          route.url.startsWith('/api/admin/') && route.access !== 'admin' && !ADMIN_PATH_EXCEPTIONS[label(route)],
      )
      .map(label);
    expect(wrong).toEqual([]);
  });

  it('every route with a {userId} in its path is owner-checked on that parameter', () => {
    const wrong = routes()
      .filter((route) => /:userId\b/.test(route.url))
      .filter(
        (route) =>
          !(isOwner(route.access) && route.access.source?.in === 'params' && route.access.source.name === 'userId'),
      )
      .map(label);
    expect(wrong).toEqual([]);
  });

  it("every development tool (/dev/…, /api/dev/…) is 'local', and a route there without it stops the app from starting", async () => {
    const devTools = [...t.app.apiRoutes, ...t.app.localRoutes].filter((route) => /^\/(api\/)?dev\//.test(route.url));
    expect(devTools.length).toBeGreaterThan(0); // the mailbox, in the test app
    expect(devTools.filter((route) => route.access !== 'local').map(label)).toEqual([]);
    const { createTestDatabase } = await import('../test/harness');
    const { database, drop } = await createTestDatabase();
    try {
      const app = await buildApp(t.config, { ...t.deps, database }, { background: false });
      expect(() => app.get('/dev/walk-tool', { config: { access: 'public' } }, async () => ({ ok: true }))).toThrow(
        /needs config\.access 'local'/,
      );
      expect(() => app.get('/api/dev/walk-tool', { config: { access: 'public' } }, async () => ({ ok: true }))).toThrow(
        /needs config\.access 'local'/,
      );
      expect(() => app.get('/dev/walk-page', async () => 'page')).toThrow(/needs config\.access 'local'/);
      await app.close();
    } finally {
      await drop();
    }
  });

  it('every owner rule says where the owner id is read (ownerFromParam / ownerFromBody)', () => {
    const wrong = routes()
      .filter((route) => isOwner(route.access) && !route.access.source)
      .map(label);
    expect(wrong).toEqual([]);
  });
});

describe('the walk over every protected route', () => {
  it("answers 401 without a token on every 'user', 'admin' and owner route", async () => {
    const failures: string[] = [];
    for (const route of routes().filter(needsSession)) {
      const res = await request(route, {}, customer.id);
      if (res.statusCode !== 401 || !stoppedByLayer(res)) failures.push(`${label(route)} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 for an expired or tampered token on every protected route', async () => {
    const expired = await t.app.ctx.tokens.signSession(
      { id: customer.id, email: customer.email, role: 'customer', method: null },
      -5,
      0,
    );
    const tampered = `${customer.token.slice(0, -3)}${customer.token.endsWith('abc') ? 'xyz' : 'abc'}`;
    const failures: string[] = [];
    for (const route of routes().filter(needsSession)) {
      for (const token of [expired, tampered]) {
        const res = await request(route, bearer(token), customer.id);
        if (res.statusCode !== 401) failures.push(`${label(route)} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a customer on every admin route', async () => {
    const failures: string[] = [];
    for (const route of routes().filter((r) => r.access === 'admin')) {
      for (const user of [customer, other]) {
        const res = await request(route, bearer(user.token));
        if (res.statusCode !== 403 || !stoppedByLayer(res))
          failures.push(`${label(route)} as ${user.role} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 on every owner route when the id is another user's", async () => {
    const failures: string[] = [];
    for (const route of routes().filter((r) => isOwner(r.access))) {
      const res = await request(route, bearer(customer.token), other.id);
      if (res.statusCode !== 403 || !stoppedByLayer(res)) failures.push(`${label(route)} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the owner past the permission layer on every owner route with their own id', async () => {
    const failures: string[] = [];
    for (const route of routes().filter((r) => isOwner(r.access))) {
      const res = await request(route, bearer(customer.token), customer.id);
      if (stoppedByLayer(res)) failures.push(`${label(route)} -> ${res.statusCode}: ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers every 'local' route only on this machine: 404 from another address, through a proxy or under another host name", async () => {
    const local = t.app.localRoutes.filter((route) => route.method === 'GET');
    expect(local.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of local) {
      const url = urlFor(route);
      const here = await t.app.inject({ method: 'GET', url });
      if (here.statusCode === 404 && /No such address/.test(here.body))
        failures.push(`${label(route)} not answered on this machine`);
      for (const away of [
        { remoteAddress: '203.0.113.9' },
        { headers: { 'x-forwarded-for': '203.0.113.9' } },
        { headers: { host: 'rebound.example' } },
      ]) {
        const res = await t.app.inject({ method: 'GET', url, ...away });
        if (res.statusCode !== 404) failures.push(`${label(route)} ${JSON.stringify(away)} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin past the permission layer on every admin route', async () => {
    const failures: string[] = [];
    for (const route of routes().filter((r) => r.access === 'admin')) {
      const res = await request(route, bearer(admin.token));
      if (stoppedByLayer(res)) failures.push(`${label(route)} -> ${res.statusCode}: ${res.body}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the access rules themselves', () => {
  it('ownerFromParam and ownerFromBody record where the owner id is read', () => {
    expect(ownerFromParam('userId').source).toEqual({ in: 'params', name: 'userId' });
    expect(ownerFromBody().source).toEqual({ in: 'body', name: 'user_id' });
    expect(ownerFromBody('user_id', true).admin).toBe(true);
  });

  it('an owner-from-body route answers 403 for another id before the body is validated (403 beats 400)', async () => {
    const route = routes().find((r) => isOwner(r.access) && r.access.source?.in === 'body');
    if (!route) return; // no such route registered yet: nothing to prove
    const res = await t.app.inject({
      method: route.method as 'POST',
      url: urlFor(route),
      headers: bearer(customer.token),
      payload: { user_id: other.id, junk: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: LAYER_FORBIDDEN });
    const asAdmin = await t.app.inject({
      method: route.method as 'POST',
      url: urlFor(route),
      headers: bearer(admin.token),
      payload: { user_id: other.id },
    });
    expect(asAdmin.statusCode === 403).toBe(!(route.access as OwnerAccess).admin);
  });
});
