/**
 * Server-rendered pages (decision 090), served from a small built-app stand-in (WEB_DIST_DIR): index.html, a renderer in ssr/ that renders the catalogue it is
 * given as a list, and a Vite manifest with one lazy route chunk. The real renderer
 * (src/web/entry-server.tsx) is driven by the browser tests in e2e/server-rendering.spec.ts.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/html';
import { createProduct, type ProductFixture } from '../../test/factories/products';
import { createTestApp, type TestApp } from '../../test/harness';
import { fakeWebDist } from '../../test/fake-web-dist';

const web = fakeWebDist({
  'assets/index.js.gz': gzipSync('console.log("app");\n'),
  'index.html': [
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8" />',
    '<!--app-head-->',
    '<script id="app-config" type="application/json"><!--app-config--></script>',
    '<script type="module" crossorigin src="/assets/index.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/shared.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n'),
  'assets/index.js': 'console.log("app");\n',
  'assets/index.css': 'body{color:#222}\n',
  'assets/Page.css': '.page{margin:0}\n',
  '.vite/manifest.json': JSON.stringify({
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index.css'] },
    '_shared.js': { file: 'assets/shared.js' },
    'features/Page.tsx': { file: 'assets/Page.js', isDynamicEntry: true, imports: ['_shared.js'], css: ['assets/Page.css'] },
  }),
  // Renders the names it is given; /about breaks; /cart is not a server-rendered page.
  'ssr/entry-server.js': `let shop = '';
export function configure(config) { shop = config.shopName; }
export async function renderPage(url, products) {
  const path = new URL(url).pathname;
  if (path === '/about') throw new Error('renderer broke');
  if (path === '/cart') return null;
  if (path === '/-/not-found') { globalThis.notFoundRenders = (globalThis.notFoundRenders ?? 0) + 1; return { html: '<main><h1>Page Not Found</h1></main>', data: {}, modules: [] }; }
  const items = products.map((p) => '<li>' + p.name.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</li>').join('');
  return {
    html: '<link rel="preload" as="image" href="/cover.webp"/><main data-shop="' + shop + '"><ul>' + items + '</ul></main>',
    data: { queries: [{ queryKey: ['products'], state: { data: products } }] },
    modules: path.startsWith('/item/') ? ['features/Page.tsx'] : [],
  };
}
`,
});

const HOSTILE = 'Puzzles </script><script>alert(1)</script>';
/** `$` sequences a string replacement would expand (the match, the text before and after it, a group). */
const DOLLARS = "Dollar $` $& $' $1 $$ Puzzles";
const DOLLARS_TEXT = "Grids $& clues $' and $` and $1, $$5 off.";
const DOLLARS_SHOP = "Ink $' $& Puzzle";

let t: TestApp;
let book: ProductFixture;

beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_NAME: DOLLARS_SHOP, WEB_DIST_DIR: web.dir } });
  book = await createProduct(t.app.ctx.database.db, { name: 'Garden Mazes', images: 1 });
  await createProduct(t.app.ctx.database.db, { name: DOLLARS, description: DOLLARS_TEXT, images: 1 });
  await createProduct(t.app.ctx.database.db, { name: HOSTILE, images: 1 });
  t.app.ctx.catalogue.invalidate();
});
afterAll(async () => {
  await t.close();
  web.restore();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? '';

describe('a server-rendered page', () => {
  it('carries the rendered markup in #root and the data it was rendered with', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toContain('<li>Garden Mazes</li>');
    const data = JSON.parse(/<script id="app-data" type="application\/json">(.*?)<\/script>/s.exec(res.body)![1]!);
    expect(data.queries[0].state.data.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Garden Mazes', HOSTILE]));
  });

  it('keeps a hostile product name from closing the data script', async () => {
    const html = (await get('/')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<script\b/g)).toHaveLength(3); // config, page data, the app's boot
  });

  it('moves image preloads to <head>, writes the stylesheets in, and starts the app after the first paint', async () => {
    const html = (await get('/')).body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/cover.webp"/>');
    expect(head).toContain('<style data-href="/assets/index.css">body{color:#222}');
    expect(head).not.toContain('rel="stylesheet"');
    // The app's code is fetched and started by /boot.js after the first paint.
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<script src="/boot.js" data-app="/assets/index.js" data-preload="/assets/index.js /assets/shared.js" defer></script>');
    expect(rootOf(html)).not.toContain('<link');
  });

  it("links a lazy route's own stylesheet and code, not what index.html already loads", async () => {
    const html = (await get(`/item/${encodeURIComponent('Garden Mazes')}`)).body;
    expect(html).toContain('<style data-href="/assets/Page.css">.page{margin:0}');
    expect(html).toContain('data-preload="/assets/index.js /assets/Page.js /assets/shared.js"');
    expect(html.match(/assets\/shared\.js/g)).toHaveLength(1);
  });

  it('is gzipped for clients that accept it, with Vary', async () => {
    const plain = await get('/');
    const zipped = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('follows a catalogue change at once (the same snapshot get_products answers from)', async () => {
    expect(rootOf((await get('/')).body)).not.toContain('Winter Owls');
    await createProduct(t.app.ctx.database.db, { name: 'Winter Owls', images: 1 });
    t.app.ctx.catalogue.invalidate();
    expect(rootOf((await get('/')).body)).toContain('<li>Winter Owls</li>');
  });
});

describe('a book whose text has $ sequences (security review #13, finding 9)', () => {
  const count = (text: string, part: string) => text.split(part).length - 1;
  const pages = () => Promise.all([get(`/item/${encodeURIComponent(DOLLARS)}`), get('/'), get('/cart')]);

  it('is written into the page exactly as it is, once in each place, and the page stays whole', async () => {
    for (const res of await pages()) {
      const html = res.body;
      expect(res.statusCode).toBe(200);
      for (const part of ['<!doctype html>', '<head>', '</head>', '<body>', '<div id="root">', 'id="app-config"', '</body></html>']) {
        expect(count(html, part), part).toBe(1);
      }
      expect(html.trimEnd().endsWith('</body></html>')).toBe(true);
      expect(html).not.toContain('<!--app-');
      const config = JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
      expect(config.shopName).toBe(DOLLARS_SHOP);
    }
  });

  it("is in the product page's head, its rendered markup and its page data, each exactly once", async () => {
    const [item] = await pages();
    const html = item!.body;
    expect(html.match(/<title>.*?<\/title>/g)).toEqual([`<title>${escapeHtml(`${DOLLARS} | ${DOLLARS_SHOP}`)}</title>`]);
    expect(html.match(/<meta name="description" content="[^"]*">/g)).toEqual([`<meta name="description" content="${escapeHtml(DOLLARS_TEXT)}">`]);
    expect(count(html, `<li>${DOLLARS.replace(/&/g, '&amp;')}</li>`)).toBe(1);
    expect(count(rootOf(html), '<li>')).toBe(count(rootOf((await get('/')).body), '<li>'));
    const data = JSON.parse(/<script id="app-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
    const products = data.queries[0].state.data as { name: string; description: string }[];
    expect(products.filter((p) => p.name === DOLLARS).map((p) => p.description)).toEqual([DOLLARS_TEXT]);
  });
});

describe('pages sent unrendered, for the browser to render', () => {
  it('a book that does not exist (the browser goes home)', async () => {
    const res = await get('/item/No%20Such%20Book');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(res.body).not.toContain('app-data');
  });

  it('a page the router does not mark as server-rendered', async () => {
    expect(rootOf((await get('/cart')).body)).toBe('');
  });

  it('a page whose rendering fails: still 200, the app renders it', async () => {
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index.js">');
  });

  it('an unknown address: 404 with the rendered Page Not Found, kept out of search engines', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toBe('<main><h1>Page Not Found</h1></main>');
    expect(res.body).toContain('<title>Page Not Found | ');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('every unknown address shares one rendering (asking for many cannot fill the page cache)', async () => {
    const before = (globalThis as { notFoundRenders?: number }).notFoundRenders ?? 0;
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const res = await get(`/missing/shelf-${i}`);
      expect(res.statusCode).toBe(404);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    expect((globalThis as { notFoundRenders?: number }).notFoundRenders ?? 0).toBeLessThanOrEqual(before + 1);
  });

  it('the same book by id is rendered too (the page then shows its canonical address)', async () => {
    expect(rootOf((await get(`/item/${book.id}`)).body)).toContain('<li>Garden Mazes</li>');
  });
});

describe('the build’s assets', () => {
  it('are sent as their precompressed copy when the browser accepts it', async () => {
    const zipped = await get('/assets/index.js', { 'accept-encoding': 'gzip' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe('console.log("app");\n');
    const plain = await get('/assets/index.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");\n');
  });
});

describe("the renderer and the build manifest are the server's", () => {
  it.each(['/ssr/entry-server.js', '/.vite/manifest.json'])('%s is not served', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('renderPage');
  });
});
