/**
 * The HTML and XML the server writes (ASVS V5.3 output encoding, V12.5 file serving): the product
 * page rendered for /item/{name} (its <head>, JSON-LD, the public client config, the page's data
 * for hydration) and the sitemaps cannot be broken out of by a product name or a shop name, and no
 * address reaches a file outside the built web app's client folder.
 *
 * The pages come from the real web build (test/web-build.ts builds it once when it is missing or old).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../harness';
import { testWebBuild } from '../web-build';

const EVIL_NAME = '</script><script>alert(1)</script>';
const EVIL_SHOP = 'Shop </script><script>alert("config")</script><!--';
const PLAIN_NAME = 'A Plain Book';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_NAME: EVIL_SHOP, WEB_DIST_DIR: await testWebBuild() } });
  await createProduct(t.app.ctx.database.db, { name: PLAIN_NAME, images: 1 });
  await createProduct(t.app.ctx.database.db, {
    name: EVIL_NAME,
    type: '<b>Puzzle</b>',
    description: '"><img src=x onerror=alert(2)> <!-- --> ]]> \u2028 & </title><script>alert(3)</script>',
    images: 1,
  });
  t.app.ctx.catalogue.invalidate();
}, 240_000);
afterAll(async () => {
  await t.close();
});

const productPage = (name = EVIL_NAME) => t.app.inject({ method: 'GET', url: `/item/${encodeURIComponent(name)}` });
const scriptsIn = (html: string) => [...html.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);

describe('the product page the server fills in', () => {
  it('serves the page for a product named </script><script>alert(1)</script> with its own head', async () => {
    const res = await productPage();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('application/ld+json');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it("opens no script element beyond those of a plain book's page: nothing the product or shop name brings", async () => {
    const html = (await productPage()).body;
    const plain = (await productPage(PLAIN_NAME)).body;
    expect(scriptsIn(html)).toEqual(scriptsIn(plain));
    expect(html.match(/<\/script>/gi)).toHaveLength(scriptsIn(plain).length);
    expect(html).not.toMatch(/<script>alert/i);
    expect(html).not.toMatch(/<img\b[^>]*onerror/i);
    expect(html).not.toMatch(/<b>/);
    expect(html).not.toContain('</title><script>');
  });

  it('keeps the product text intact inside the JSON-LD and the public config (escaped, not dropped)', async () => {
    const html = (await productPage()).body;
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(jsonLd.name).toBe(EVIL_NAME);
    expect(jsonLd.description).toContain('<img src=x onerror=alert(2)>');
    const config = JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(config.shopName).toBe(EVIL_SHOP);
  });

  it('escapes the product name in the title and in every attribute', async () => {
    const html = (await productPage()).body;
    const title = /<title>(.*?)<\/title>/s.exec(html)![1]!;
    expect(title).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    for (const [, value] of html.matchAll(/content="([^"]*)"/g)) expect(value).not.toMatch(/[<>]/);
  });
});

describe('the sitemaps', () => {
  it('list the hostile product by its encoded address without a raw < or > anywhere in the data', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('/sitemap-books-1.xml</loc>');
    const res = await t.app.inject({ method: 'GET', url: '/sitemap-books-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`/item/${encodeURIComponent(EVIL_NAME)}</loc>`);
    const data = res.body.replace(/<\/?(?:urlset|url|loc|lastmod)\b[^>]*>/g, '').replace(/^<\?xml[^>]*\?>/, '');
    expect(data).not.toMatch(/[<>]/);
    expect(res.body).not.toContain('<script');
  });
});

describe('no address reaches a file outside the built web app', () => {
  it('serves the built app itself (the probe can tell)', async () => {
    const script = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(
      (await productPage(PLAIN_NAME)).body,
    )![1]!;
    const res = await t.app.inject({ method: 'GET', url: script });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('never serves the server bundle or the build records', async () => {
    for (const url of ['/server/index.js', '/client/favicon.svg', '/.vite/shop-build.json', '/.vite/manifest.json']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it.each([
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%5c..%5cpackage.json',
    '/assets/....//....//package.json',
    '/favicon.svg%00.html',
    '/assets/..%252f..%252fpackage.json',
    '/item/..%2F..%2F..%2Fpackage.json',
    '/%2Fetc%2Fpasswd',
  ])('%s answers nothing from the disk', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).not.toBe(500);
    expect(res.body).not.toMatch(/"name"\s*:\s*"book-shop"|"dependencies"|root:x:0:0/);
    if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^text\/html/); // the app's own page, at most
  });
});
