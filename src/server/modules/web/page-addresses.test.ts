/**
 * The addresses pages are kept and rendered at (decision 131), on the real web build: the
 * parameters each route reads, in their order, and nothing else; and request targets that are not
 * an origin-form path (issue 32, finding 4), sent over a raw socket since app.inject normalises
 * its url.
 */
import { connect } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { testWebBuild } from '../../test/web-build';
import { MAX_HOME_PAGES } from '../../../web/features/products/home-address';
import { PageRenderer, buildQueries } from './pages';
import { buildHandler, renderMode, type PageHandler } from './render';
import { serverBundle } from './routes';

let t: TestApp;
let build: ServerBuild;
let dist: string;
beforeAll(async () => {
  dist = await testWebBuild();
  build = (await import(pathToFileURL(serverBundle(dist)).href)) as ServerBuild;
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** The real build's renderer, recording the address of every render. */
function recordingRenderer() {
  const rendered: string[] = [];
  const handler = buildHandler(build, renderMode(t.app.ctx.config.NODE_ENV));
  const recording: PageHandler = (request, context) => {
    const url = new URL(request.url);
    rendered.push(url.pathname + url.search);
    return handler(request, context);
  };
  return {
    rendered,
    pages: new PageRenderer(recording, t.app.ctx, buildQueries(build)),
  };
}

describe('the address a page is kept and rendered at', () => {
  it('is the parameters its route reads, in a fixed order: junk parameters and their order make no new render', async () => {
    const { rendered, pages } = recordingRenderer();
    const first = await pages.answer('/?sort=price-asc&z=1');
    expect(first.status).toBe(200);
    for (const variant of [
      '/?z=2&sort=price-asc',
      '/?sort=price-asc&page=1&utm_source=x',
      '//?sort=price-asc&sort=junk',
    ]) {
      expect(await pages.answer(variant)).toBe(first);
    }
    await pages.answer('/?age=Kids&type=Puzzle&z=3');
    await pages.answer('/?type=Puzzle&age=Kids');
    await pages.answer('/search?q=puzzle&z=1');
    await pages.answer('/search?z=2&q=%20puzzle%20');
    await pages.answer('/about?z=1');
    await pages.answer('/about/?z=2');
    expect(rendered).toEqual(['/?sort=price-asc', '/?type=Puzzle&age=Kids', '/search?q=puzzle', '/about']);
  });

  it('renders a mailed link’s page without its link parameters, which the browser reads', async () => {
    const { rendered, pages } = recordingRenderer();
    const home = await pages.answer('/');
    expect(await pages.answer('/?verified=true')).toBe(home);
    const reset = await pages.answer('/change_password?token=abc');
    expect(await pages.answer('/change_password?token=def')).toBe(reset);
    expect(reset.body.toString()).not.toContain('abc');
    // Neither the token nor its absence is written into the page: the browser shows either.
    expect(reset.body.toString()).not.toContain('needs the link from your password reset e-mail');
    expect(rendered).toEqual(['/', '/change_password']);
  });

  it(`renders at most ${MAX_HOME_PAGES} pages of books: a deeper page= is the same page`, async () => {
    const { rendered, pages } = recordingRenderer();
    const deepest = await pages.answer(`/?page=${MAX_HOME_PAGES}`);
    expect(await pages.answer('/?page=500')).toBe(deepest);
    expect(await pages.answer(`/?page=${MAX_HOME_PAGES + 1}`)).toBe(deepest);
    expect(rendered).toEqual([`/?page=${MAX_HOME_PAGES}`]);
  });

  it("keeps route data requests' own query (React Router's)", async () => {
    const { rendered, pages } = recordingRenderer();
    const data = await pages.answer('/search.data?q=puzzle&_routes=routes%2Fsearch');
    expect(data.status).toBe(200);
    expect(rendered).toEqual(['/search.data?q=puzzle&_routes=routes%2Fsearch']);
  });
});

/** Sends one raw HTTP/1.1 request and reads the status line and body. */
async function raw(port: number, target: string): Promise<{ status: number; body: string }> {
  const socket = connect(port, '127.0.0.1');
  socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) };
}

describe('request targets that are not an origin-form path (issue 32, finding 4)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('answers an absolute-form target with the page of its path, never 500', async () => {
    for (const target of [
      'http://other.example/search?q=puzzle',
      'http://other.example/?sort=price-asc',
      'https://other.example/about',
      'http://other.example/item/no-such-book',
    ]) {
      const answer = await raw(port, target);
      expect([200, 302], target).toContain(answer.status);
    }
    const search = await raw(port, 'http://other.example/search?q=puzzle');
    expect(search.body).toContain('<title>Search: puzzle');
    expect(search.body).not.toContain('other.example');
  });

  it('answers `GET *` with 400 and a message', async () => {
    const answer = await raw(port, '*');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('"message":"The request target must be a path."');
  });

  it('answers an absolute-form API address it does not have as the API does (404), not as a page', async () => {
    const answer = await raw(port, 'http://other.example/api/no-such-call');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('No such address: GET /api/no-such-call');
  });
});
