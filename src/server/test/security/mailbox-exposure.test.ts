/** The development mailbox (it holds sign-in and reset links) is never reachable from outside. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../adapters/mail/transport';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

describe('the development mailbox', () => {
  it('answers a request made on this machine', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(200);
  });

  it('is not found from another machine, nor through a proxy', async () => {
    for (const url of ['/api/dev/mailbox', '/dev/mailbox', '/api/dev/mailbox?to=admin@example.com']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode, url).toBe(404);
    }
  });

  it('is not mounted when mail really leaves the shop (SMTP)', async () => {
    const withSmtp = await createTestApp({ deps: { mail: smtpTransport('smtp://127.0.0.1:2', 'Shop <shop@example.com>') } });
    try {
      expect((await withSmtp.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await withSmtp.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});
