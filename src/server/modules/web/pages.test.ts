/**
 * The server's side of the storefront's pages (pages.ts, decision 114), with a stand-in for React
 * Router's handler: which pages are kept and for how long, their Content-Security-Policy, what is
 * sent. The real handler over a real build is exercised by the browser journeys (e2e/).
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { MAX_KEPT_PAGES, PAGE_CACHE_HEADER, PageRenderer, inlineScriptHashes, type PageHandler } from './pages';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A stand-in handler: pages under /kept/ say they may be kept; it counts what it renders. */
function fakeHandler() {
  const rendered: string[] = [];
  const handler: PageHandler = async (request, context) => {
    const url = new URL(request.url);
    rendered.push(url.pathname + url.search);
    if (url.pathname === '/listing') {
      const listing = await context.shop.listing({ type: '', age: 'All', max_price: '', sort: 'default', limit: 24 });
      return new Response(JSON.stringify({ total: listing.total }), { headers: { 'content-type': 'application/json' } });
    }
    const status = url.pathname.startsWith('/missing') ? 404 : 200;
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    if (url.pathname.startsWith('/kept/') || url.pathname.startsWith('/missing')) headers.set(PAGE_CACHE_HEADER, 'public');
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
    const html = '<script>a()</script><script type="module" async>import "/x.js";</script><script src="/y.js"></script><script type="application/ld+json">{}</script><script type="application/json" id="c">{}</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('import "/x.js";')]);
  });

  it('hashes the same script once', () => {
    expect(inlineScriptHashes('<script>a()</script><p></p><script>a()</script>')).toEqual([sha('a()')]);
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

  it('renders other pages, error pages and query variants each time they are asked for', async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, t.app.ctx);
    await pages.answer('/cart');
    await pages.answer('/cart');
    await pages.answer('/missing');
    await pages.answer('/missing');
    await pages.answer('/kept/a?type=Puzzle');
    await pages.answer('/kept/a?type=Puzzle');
    expect(rendered).toEqual(['/cart', '/cart', '/missing', '/missing', '/kept/a?type=Puzzle']);
  });

  it(`keeps at most ${MAX_KEPT_PAGES} addresses, dropping the oldest`, async () => {
    const { handler, rendered } = fakeHandler();
    const pages = new PageRenderer(handler, t.app.ctx);
    for (let i = 0; i <= MAX_KEPT_PAGES; i += 1) await pages.answer(`/kept/${i}`);
    await pages.answer(`/kept/${MAX_KEPT_PAGES}`);
    expect(rendered).toHaveLength(MAX_KEPT_PAGES + 1);
    await pages.answer('/kept/0');
    expect(rendered).toHaveLength(MAX_KEPT_PAGES + 2);
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
    expect(policy).toContain(`script-src 'self' https://accounts.google.com https://connect.facebook.net ${sha('start("/kept/csp")')};`);
    expect(/script-src [^;]*/.exec(policy)![0]).not.toContain('unsafe-inline');
    expect(policy).toContain("object-src 'none'");
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
    expect(plain.body).toContain('<p>book</p>');
    const missing = await app.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    await app.close();
  });
});
