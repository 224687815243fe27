/** The log as a newcomer reads it (decision 096): one short line per request, pretty or JSON. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { prettyLogStream, requestLogLevel, requestLogLine } from './logging';

describe('request lines', () => {
  it('read "METHOD address status time"', () => {
    expect(requestLogLine('GET', '/api/server/get_products', 200, 3.6)).toBe('GET /api/server/get_products 200 4ms');
  });

  it('put served static files at debug, everything else (and any failed file) at info', () => {
    expect(requestLogLevel('/assets/index-abc.js', 200)).toBe('debug');
    expect(requestLogLevel('/images/abc/400.webp', 304)).toBe('debug');
    expect(requestLogLevel('/boot.js', 200)).toBe('debug');
    expect(requestLogLevel('/assets/missing.js', 404)).toBe('info');
    expect(requestLogLevel('/api/server/get_products', 200)).toBe('info');
    expect(requestLogLevel('/item/Puzzle%20Book', 200)).toBe('info');
  });
});

describe('LOG_FORMAT', () => {
  it('is pretty in development and JSON otherwise, unless set', () => {
    expect(testConfig({ NODE_ENV: 'development' }).LOG_FORMAT).toBe('pretty');
    expect(testConfig({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    expect(
      testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DEMO_PAYMENTS: 'true' }).LOG_FORMAT,
    ).toBe('json');
    expect(testConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
  });
});

describe('the pretty printer', () => {
  it('writes one readable line per entry, without the request fields JSON readers get', async () => {
    const written: string[] = [];
    const stream = await prettyLogStream({
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WritableStream);
    stream.write(
      `${JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 5), pid: 1, hostname: 'h', reqId: 'r-1', req: { method: 'GET', url: '/' }, res: { statusCode: 200 }, responseTime: 3, msg: 'GET / 200 3ms' })}\n`,
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\[\d\d:\d\d:05\] INFO: GET \/ 200 3ms\n$/);
  });
});

describe('the server log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has one line per request, with its address redacted', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/resend_verification/ann%40example.com?token=secret1' });
    expect(res.statusCode).toBeLessThan(500);
    const entries = lines.map(
      (line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } },
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.msg).toMatch(
      new RegExp(`^POST /api/resend_verification/\\[email\\]\\?token=\\[redacted\\] ${res.statusCode} \\d+ms$`),
    );
    expect(entries[0]!.req?.url).toBe('/api/resend_verification/[email]?token=[redacted]');
    expect(entries[0]!.res?.statusCode).toBe(res.statusCode);
    expect(lines.join('')).not.toMatch(/secret1|ann%40example|incoming request|request completed/);
  });
});
