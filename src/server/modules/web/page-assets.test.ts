/**
 * What a page loaded fresh asks the browser to fetch before it can paint (decision 124), on the
 * real web build: its stylesheets are linked (decision 155: fetched once, then cached by the
 * browser), and only the route modules are preloaded, not the code they import; the manifest answered for later navigations still names
 * every route's imports. The unit cases check the pieces on their own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeStylesheets } from '../../../web/app/RouteStyles';
import { createTestApp, type TestApp } from '../../test/harness';
import { testWebBuild } from '../../test/web-build';
import { withoutImportPreloads } from './render';

describe('the pieces', () => {
  it("lists the routes' stylesheets outermost first, each once, a trailing # being the same file", () => {
    const manifest = {
      routes: {
        root: { css: ['/assets/a.css', '/assets/b.css#'] },
        'routes/x': { css: ['/assets/b.css', '/assets/c.css'] },
        'routes/y': {},
      },
    };
    expect(routeStylesheets(manifest, ['root', 'routes/x', 'routes/y', 'routes/missing'])).toEqual([
      '/assets/a.css',
      '/assets/b.css',
      '/assets/c.css',
    ]);
  });

  it('takes the imports out of the manifest documents are rendered with, and nothing else', () => {
    const build = {
      assets: {
        version: 'v1',
        url: '/assets/manifest.js',
        entry: { module: '/assets/entry.js', imports: ['/assets/framework.js'] },
        routes: {
          root: {
            id: 'root',
            module: '/assets/root.js',
            imports: ['/assets/framework.js', '/assets/shell.js'],
            css: ['/assets/shell.css'],
          },
        },
      },
    } as unknown as ServerBuild;
    const stripped = withoutImportPreloads(build);
    expect(stripped.assets.entry).toEqual({ module: '/assets/entry.js', imports: [] });
    expect(stripped.assets.routes.root).toEqual({
      id: 'root',
      module: '/assets/root.js',
      imports: [],
      css: ['/assets/shell.css'],
    });
    expect(build.assets.routes.root!.imports).toEqual(['/assets/framework.js', '/assets/shell.js']);
  });
});

describe('a page of the real build', () => {
  let t: TestApp;
  let client: string;
  beforeAll(async () => {
    const dist = await testWebBuild();
    client = path.join(dist, 'client');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('links its stylesheets, files of the build sent with a year-long immutable cache, and writes no CSS into the page', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    const links = [...html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g)].map(
      (match) => match[1]!,
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.some((href) => href.startsWith('/assets/app-'))).toBe(true);
    expect(html).not.toMatch(/<style/);
    for (const href of links) {
      const res = await t.app.inject({ url: href });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(readFileSync(path.join(client, href), 'utf8'));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('preloads only the entry and the route modules, not the code they import', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
    const manifest = JSON.parse(/window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)![1]!) as {
      entry: { module: string };
      routes: Record<string, { module: string }>;
    };
    const routeModules = new Set([
      manifest.entry.module,
      ...Object.values(manifest.routes).map((route) => route.module),
    ]);
    expect(preloaded.length).toBeGreaterThan(0);
    for (const href of preloaded) expect(routeModules).toContain(href);
    expect(preloaded.some((href) => href.startsWith('/assets/app-'))).toBe(false);
  });

  it('still names the imports of a route found later, so a navigation fetches its files at once', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    const version = /"version": ?"([^"]+)"/.exec(html)![1]!;
    const res = await t.app.inject({ url: `/__manifest?paths=${encodeURIComponent('/cart')}&version=${version}` });
    expect(res.statusCode).toBe(200);
    const routes = JSON.parse(res.body) as Record<string, { imports?: string[] }>;
    expect(routes['routes/cart']?.imports?.length).toBeGreaterThan(0);
  });
});
