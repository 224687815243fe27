/** Behind one proxy (TRUST_PROXY=true), a client cannot choose its address with X-Forwarded-For. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

describe('TRUST_PROXY', () => {
  it('reads true as one proxy hop, a number as hops, a list as proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.1.0/24']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps rotating X-Forwarded-For values from escaping the per-IP login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      // The proxy appends the real client (198.51.100.7) after whatever the client claimed.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7` },
        payload: { email: `rotate${i}@example.com`, password: 'wrong123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
  });
});
