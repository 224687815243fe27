/** Security headers: CSP without inline scripts on HTML, nosniff and frame protection everywhere, HSTS over HTTPS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('send a Content-Security-Policy without inline scripts on HTML pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/'self'/);
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
  });

  it('send nosniff and deny framing on every answer, JSON included', async () => {
    for (const url of ['/api/health', '/api/server/get_products', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('send HSTS only when the request came over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('set no cookies', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.co', password: 'x1' } });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('caching of personal answers', () => {
  it('marks answers to signed-in calls no-store, and leaves public catalogue answers cacheable', async () => {
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/server/get_cart/someone',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const publicAnswer = await t.app.inject({ method: 'GET', url: '/api/server/get_products' });
    expect(publicAnswer.headers['cache-control']).not.toBe('no-store');
  });

  it('marks them no-store whatever spelling of the address the router matched (the rule is not read from the URL text)', async () => {
    for (const url of [
      '/%61pi/server/get_cart/someone',
      '/ap%69/server/get_cart/someone',
      '/api/server/get_cart/someone/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not-a-token' } });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
