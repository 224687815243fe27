/**
 * The server's side of the storefront's pages (pages.ts, decision 114), with a stand-in for React
 * Router's handler: which pages are kept and for how long, their Content-Security-Policy, what is
 * sent. The real handler over a real build is exercised by the browser journeys (e2e/).
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { PageQuery } from '@shared/page-query';
import type { AppContext } from '../../context';
import { PAGE_CACHE_HEADER, PageRenderer, canonicalPath, renderLimits, requestTarget } from './pages';
import { inlineScriptHashes, type PageHandler } from './render';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A stand-in handler: pages under /kept/ say they may be kept; it counts what it renders. */
function fakeHandler() {
  const rendered: string[] = [];
  const handler: PageHandler = async (request, context) => {
    const url = new URL(request.url);
    rendered.push(url.pathname + url.search);
    if (url.pathname === '/listing') {
      const listing = await context.shop.listing({ type: '', age: 'All', max_price: '', sort: 'default', limit: 24 });
      return new Response(JSON.stringify({ total: listing.total }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    const status = url.pathname.startsWith('/missing') ? 404 : 200;
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    if (url.pathname.startsWith('/kept/') || url.pathname.startsWith('/missing'))
      headers.set(PAGE_CACHE_HEADER, 'public');
    const body = `<!DOCTYPE html><html><head><script>start(${JSON.stringify(url.pathname)})</script><script type="application/ld+json">{"a":1}</script><script src="/assets/x.js"></script></head><body>${'<p>book</p>'.repeat(200)}</body></html>`;
    return new Response(body, { status, headers });
  };
  return { handler, rendered };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('inline script hashes', () => {
  it('hashes each inline script, not scripts with src nor JSON data blocks', () => {
    const html =
      '<script>a()</script><script type="module" async>import "/x.js";</script><script src="/y.js"></script><script type="application/ld+json">{}</script><script type="application/json" id="c">{}</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/x.js";')]);
  });

  it('hashes the same script once', () => {
    expect(inlineScriptHashes('<script>a()</script><p></p><script>a()</script>')).toEqual([sha('a()')]);
  });

  it("hashes a script's text as the page's UTF-8 bytes, whatever comes before it", () => {
    const html = '<p>Prix : 9 € — £7.99</p><script>say("£7.99 ✓")</script>';
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('say("£7.99 ✓")')]);
    expect(inlineScriptHashes(html)).toEqual([sha('say("£7.99 ✓")')]);
  });
});

describe('the pages the server keeps', () => {
  it('renders a page every visitor may have once, and keeps it until a product changes', async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, t.app.ctx);
    const [first, second] = await Promise.all([pages.answer('/kept/a'), pages.answer('/kept/a')]);
    expect(second).toBe(first);
    await pages.answer('/kept/a');
    expect(rendered).toEqual(['/kept/a']);

    await t.app.ctx.events.publish('{"change":"edit","id":"X"}');
    await expect.poll(async () => (await pages.answer('/kept/a'), rendered.length)).toBe(2);
  });

  it('renders other pages and error pages each time they are asked for', async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, t.app.ctx);
    await pages.answer('/cart');
    await pages.answer('/cart');
    await pages.answer('/missing');
    await pages.answer('/missing');
    expect(rendered).toEqual(['/cart', '/cart', '/missing', '/missing']);
  });

  it('keeps and renders a page at the parameters its route reads, in their order, whatever else the address holds', async () => {
    const { handler, rendered } = fakeHandler();
    const typeQuery: PageQuery<{ type: string; sort: string }> = {
      read: (params) => ({
        type: params.get('type') ?? '',
        sort: params.get('sort') === 'price' ? 'price' : 'default',
      }),
      write: ({ type, sort }) => {
        const params = new URLSearchParams();
        if (type) params.set('type', type);
        if (sort !== 'default') params.set('sort', sort);
        return params.size ? `?${params.toString()}` : '';
      },
    };
    const pages = new PageRenderer(handler, t.app.ctx, (pathname) =>
      pathname === '/kept/q' ? (typeQuery as PageQuery<unknown>) : undefined,
    );
    const first = await pages.answer('/kept/q?sort=price&type=Puzzle&z=1');
    for (const variant of [
      '/kept/q?type=Puzzle&z=2&sort=price',
      '/kept/q/?utm_source=x&type=Puzzle&sort=price',
      '//kept/%71?type=Puzzle&sort=price',
      'http://other.example/kept/q?type=Puzzle&sort=price',
    ]) {
      expect(await pages.answer(variant)).toBe(first);
    }
    await pages.answer('/kept/q?sort=junk&z=3');
    await pages.answer('/kept/q');
    // A route that reads no parameter is one page whatever its query.
    await pages.answer('/kept/a?z=1');
    await pages.answer('/kept/a?z=2');
    expect(rendered).toEqual(['/kept/q?type=Puzzle&sort=price', '/kept/q', '/kept/a']);
  });

  it('keeps pages by use within PAGE_CACHE_MAX_BYTES, dropping the least recently sent', async () => {
    const { handler, rendered } = fakeHandler();
    const measure = new PageRenderer(handler, t.app.ctx);
    await measure.answer('/kept/0');
    const onePage = measure.stats.bytes;
    expect(onePage).toBeGreaterThan(0);
    const ctx: AppContext = {
      ...t.app.ctx,
      config: { ...t.app.ctx.config, PAGE_CACHE_MAX_BYTES: Math.floor(onePage * 3.5) },
    };
    const pages = new PageRenderer(handler, ctx);
    rendered.length = 0;
    for (const i of [0, 1, 2]) await pages.answer(`/kept/${i}`);
    await pages.answer('/kept/0'); // sent again: now the most recently used
    await pages.answer('/kept/3'); // past the budget: /kept/1, the least recently sent, goes
    expect(pages.stats.pages).toBe(3);
    expect(pages.stats.bytes).toBeGreaterThan(onePage * 2.9);
    await pages.answer('/kept/0');
    await pages.answer('/kept/3');
    expect(rendered).toEqual(['/kept/0', '/kept/1', '/kept/2', '/kept/3']);
    await pages.answer('/kept/1');
    expect(rendered.at(-1)).toBe('/kept/1');
    expect(pages.stats.bytes).toBeLessThanOrEqual(ctx.config.PAGE_CACHE_MAX_BYTES);
  });

  it('holds only the gzip of a kept page, and sends the same body to a client that does not accept gzip', async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, t.app.ctx);
    const first = await pages.answer('/kept/zipped');
    const body = Buffer.from(first.body);
    await new Promise((resolve) => setImmediate(resolve));
    const headerBytes = Object.entries(first.headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length,
      0,
    );
    expect(pages.stats.bytes).toBe(headerBytes + (await first.gzip()).length);
    expect(first.bytes).toBe(pages.stats.bytes);
    expect(pages.stats.bytes).toBeLessThan(body.length);
    const again = await pages.answer('/kept/zipped');
    expect(again).toBe(first);
    expect((await again.plainBody()).equals(body)).toBe(true);
    expect(rendered).toEqual(['/kept/zipped']);
  });

  it('keeps no page larger than the whole budget', async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, {
      ...t.app.ctx,
      config: { ...t.app.ctx.config, PAGE_CACHE_MAX_BYTES: 100 },
    });
    await pages.answer('/kept/big');
    await pages.answer('/kept/big');
    expect(rendered).toEqual(['/kept/big', '/kept/big']);
    expect(pages.stats).toMatchObject({ pages: 0, bytes: 0 });
  });

  it('gives the handler the shop: its loaders read the listing through it', async () => {
    const { handler } = fakeHandler();
    const page = await new PageRenderer(handler, t.app.ctx).answer('/listing');
    expect(JSON.parse(page.body.toString())).toEqual({ total: expect.any(Number) });
  });

  it("allows exactly the page's own inline scripts in its Content-Security-Policy", async () => {
    const { handler } = fakeHandler();
    const page = await new PageRenderer(handler, t.app.ctx).answer('/kept/csp');
    const policy = page.headers['content-security-policy']!;
    expect(policy).toContain(
      `script-src 'self' https://accounts.google.com https://connect.facebook.net ${sha('start("/kept/csp")')};`,
    );
    expect(/script-src [^;]*/.exec(policy)![0]).not.toContain('unsafe-inline');
    expect(policy).toContain("object-src 'none'");
  });
});

describe('request targets', () => {
  it('reads the path of an origin-form or absolute-form target, and no path from `*` or another scheme', () => {
    expect(requestTarget('/search?q=1')).toEqual({ pathname: '/search', search: '?q=1' });
    expect(requestTarget('//evil.example/x')).toEqual({ pathname: '//evil.example/x', search: '' });
    expect(requestTarget('http://other/search?q=1')).toEqual({ pathname: '/search', search: '?q=1' });
    expect(requestTarget('https://other:8443/item/a%20b')).toEqual({ pathname: '/item/a%20b', search: '' });
    for (const target of ['*', 'other/search', 'ftp://other/x', 'javascript:alert(1)', ''])
      expect(requestTarget(target)).toBeNull();
  });

  it('writes a path one way: no empty segments, each segment encoded as the shop links it', () => {
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('//about//')).toBe('/about');
    expect(canonicalPath("/item/It's%20a%20book")).toBe("/item/It's%20a%20book");
    expect(canonicalPath('/item/%49t')).toBe('/item/It');
    expect(canonicalPath('/item/a%2Fb')).toBe('/item/a%2Fb');
    expect(canonicalPath('/item/%E0%A4%A')).toBe('/item/%25E0%25A4%25A');
  });
});

describe('what is sent', () => {
  it('sends the page gzipped when accepted, with its policy, never the keep header', async () => {
    const { handler } = fakeHandler();
    const pages = new PageRenderer(handler, t.app.ctx);
    const app = (await import('fastify')).default();
    app.get('/*', (request, reply) => pages.send(request, reply));
    const zipped = await app.inject({ url: '/kept/sent', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(zipped.headers['content-security-policy']).toContain(sha('start("/kept/sent")'));
    expect(zipped.headers['cache-control']).toBe('no-cache');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toContain('<p>book</p>');
    const plain = await app.inject({ url: '/kept/sent' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(gunzipSync(zipped.rawPayload))).toBe(true);
    const missing = await app.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    await app.close();
  });
});

describe('what a page not kept may cost', () => {
  /** The stand-in handler, whose pages under /slow/ wait until released. */
  function slowHandler() {
    const { handler } = fakeHandler();
    const waiting: Array<() => void> = [];
    const slow: PageHandler = async (request, context) => {
      if (new URL(request.url).pathname.startsWith('/slow/'))
        await new Promise<void>((resolve) => waiting.push(resolve));
      return handler(request, context);
    };
    return { slow, held: () => waiting.length, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
  }
  const limited = (limits: Partial<AppContext['config']>): AppContext => ({
    ...t.app.ctx,
    config: { ...t.app.ctx.config, ...limits },
  });

  it('answers 503 with Retry-After when the renders at once and waiting are taken, and still sends kept pages', async () => {
    const { slow, held, release } = slowHandler();
    const pages = new PageRenderer(slow, limited({ PAGE_RENDER_CONCURRENCY: 1, PAGE_RENDER_QUEUE: 1 }));
    const app = (await import('fastify')).default();
    app.get('/*', (request, reply) => pages.send(request, reply));
    expect((await app.inject({ url: '/kept/warm' })).statusCode).toBe(200);
    const first = app.inject({ url: '/slow/1' });
    const second = app.inject({ url: '/slow/2' });
    await expect.poll(() => [pages.stats.running, pages.stats.waiting, held()]).toEqual([1, 1, 1]);
    const refused = await app.inject({ url: '/slow/3' });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['cache-control']).toBe('no-store');
    // The same address as a render under way shares it; a kept page is sent at once.
    const joined = app.inject({ url: '/slow/1?z=1' });
    expect((await app.inject({ url: '/kept/warm' })).statusCode).toBe(200);
    release();
    await expect.poll(() => [pages.stats.waiting, held()]).toEqual([0, 1]);
    release();
    expect((await Promise.all([first, second, joined])).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await app.close();
  });

  it('drops a render waiting for its turn once every request for it has gone, and renders one still wanted (decision 176)', async () => {
    const { handler, rendered } = fakeHandler();
    const waiting: Array<() => void> = [];
    const slow: PageHandler = async (request, context) => {
      if (new URL(request.url).pathname === '/slow') await new Promise<void>((resolve) => waiting.push(resolve));
      return handler(request, context);
    };
    const pages = new PageRenderer(slow, limited({ PAGE_RENDER_CONCURRENCY: 1, PAGE_RENDER_QUEUE: 4 }));
    const app = (await import('fastify')).default();
    app.get('/*', (request, reply) => pages.send(request, reply));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(url);
    /** A request on a connection of its own, which `hangUp` closes before the answer. */
    const ask = (path: string) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.write(`GET ${path} HTTP/1.1\r\nhost: shop\r\n\r\n`);
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      return { hangUp: () => socket.destroy(), answer: () => text, close: () => socket.end() };
    };
    const holding = ask('/slow');
    await expect.poll(() => waiting.length).toBe(1);
    const given = ask('/kept/given-up');
    const joined = [ask('/kept/joined'), ask('/kept/joined?x=1')];
    await expect.poll(() => pages.stats.waiting).toBe(2);

    given.hangUp();
    await expect.poll(() => pages.stats.waiting).toBe(1);
    // One of two requests for the same page going leaves it wanted by the other.
    joined[0]!.hangUp();
    waiting.shift()!();
    await expect.poll(() => joined[1]!.answer()).toMatch(/^HTTP\/1\.1 200/);
    expect(holding.answer()).toMatch(/^HTTP\/1\.1 200/);
    expect(rendered).toEqual(['/slow', '/kept/joined']);
    expect(pages.stats).toMatchObject({ running: 0, waiting: 0 });
    // The address given up is rendered afresh when asked again.
    const again = ask('/kept/given-up');
    await expect.poll(() => again.answer()).toMatch(/^HTTP\/1\.1 200/);
    expect(rendered).toEqual(['/slow', '/kept/joined', '/kept/given-up']);
    for (const request of [holding, joined[1]!, again]) request.close();
    await app.close();
  });

  it('answers 429 with Retry-After to a client past PAGE_RENDERS_PER_CLIENT_PER_MINUTE, and still sends it kept pages', async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, limited({ PAGE_RENDERS_PER_CLIENT_PER_MINUTE: 18 })); // three at once (ten seconds' worth)
    const app = (await import('fastify')).default();
    app.get('/*', (request, reply) => pages.send(request, reply));
    const statuses: number[] = [];
    for (const url of ['/kept/warm', '/cart', '/missing', '/cart?fresh=1', '/kept/other'])
      statuses.push((await app.inject({ url })).statusCode);
    expect(statuses).toEqual([200, 200, 404, 429, 429]);
    const refused = await app.inject({ url: '/cart' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ url: '/kept/warm?z=9' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/cart', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
    expect(rendered).toEqual(['/kept/warm', '/cart', '/missing', '/cart']);
    await app.close();
  });

  it('multiplies the budget per client by 100 and lifts the share of time for the browser-test server (E2E_RELAXED_RATE_LIMITS)', () => {
    const config = {
      PAGE_RENDER_CONCURRENCY: 4,
      PAGE_RENDER_QUEUE: 32,
      PAGE_RENDERS_PER_CLIENT_PER_MINUTE: 120,
      PAGE_RENDER_TIME_SHARE: 50,
    };
    expect(renderLimits({ ...config, E2E_RELAXED_RATE_LIMITS: true })).toEqual({
      concurrency: 4,
      queue: 32,
      perClientPerMinute: 12_000,
      timeShare: 1,
    });
    expect(renderLimits({ ...config, E2E_RELAXED_RATE_LIMITS: false })).toEqual({
      concurrency: 4,
      queue: 32,
      perClientPerMinute: 120,
      timeShare: 0.5,
    });
  });

  it('answers 400 to a target that is no path', async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, t.app.ctx);
    const app = (await import('fastify')).default();
    app.get('/*', (request, reply) => pages.send(request, reply));
    // app.inject normalises its url; the request as the server reads it is what matters here.
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-target'])
        Object.defineProperty(request.raw, 'url', { value: request.headers['x-target'] });
    });
    const answer = await app.inject({ url: '/kept/x', headers: { 'x-target': '*' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'The request target must be a path.' });
    expect(rendered).toEqual([]);
    await app.close();
  });
});
