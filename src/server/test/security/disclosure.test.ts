/**
 * What an attacker learns from the edges of the API (ASVS V14.3, V5.1.1, V7.4): no server or
 * framework version in the headers, the one `{ message }` error shape for unknown addresses and
 * methods, and repeated (polluted) query parameters answered as bad input rather than crashing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
let bookId: string;

beforeAll(async () => {
  t = await createTestApp();
  bookId = (await createProduct(t.app.ctx.database.db)).id;
});
afterAll(() => t.close());

describe('information disclosure', () => {
  it.each([
    '/api/health',
    '/api/server/get_products',
    '/api/no/such/call',
    '/sitemap.xml',
    '/robots.txt',
    '/images/x/640.webp',
  ])('%s names no server, framework or version in its headers', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['server']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-aspnet-version']).toBeUndefined();
    expect(JSON.stringify(res.headers)).not.toMatch(/fastify|node\.js|express/i);
  });

  it.each(['DELETE', 'PUT', 'PATCH'] as const)(
    '%s on a read call answers the 404 error shape, not a framework page',
    async (method) => {
      const res = await t.app.inject({ method, url: '/api/server/get_products' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `No such address: ${method} /api/server/get_products` });
    },
  );

  it('repeated query parameters are bad input (400 or a normal answer), never a 500', async () => {
    for (const url of [
      `/api/server/get_product?id=${bookId}&id=other`,
      `/api/server/get_product?name=a&name=b&id=${bookId}`,
      '/api/server/search?query=maze&query=%27%20OR%201%3D1--',
      '/api/server/get_products?ids=a&ids=b',
      '/api/check_verification?email=a@example.com&email=b@example.com',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof res.json().message, url).toBe('string');
    }
  });

  it('a request id from the client is not echoed or trusted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'request-id': '<script>x</script>', 'x-request-id': '<script>x</script>' },
    });
    expect(JSON.stringify(res.headers)).not.toContain('<script>');
    expect(res.body).not.toContain('<script>');
  });
});
