/**
 * What the home page makes a phone download before it can run, each file gzipped (level 9, as a
 * CDN would). The web build (decision 114) has no index.html: the server renders every page, and
 * React Router's `<Scripts>` puts in it a `<link rel="modulepreload">` per module and one inline
 * `<script type="module">` importing the manifest, the route modules and the client entry. So the
 * first-load JS is read from the rendered page of a running shop (`homePageScripts`), or from the
 * client build's React Router manifest (`assets/manifest-*.js`) for a chain of route ids
 * (`routeModulesJs`: the entry, root, the shell and the home route).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The folder browsers are served from: `<dist>/client` (framework mode), or `<dist>` for an older build. */
export function clientDir(distDir: string): string {
  const client = path.join(distDir, 'client');
  return existsSync(client) ? client : distDir;
}

/**
 * The JS files a page loads at once: `<script type="module" src>`, `<link rel="modulepreload" href>`
 * and what inline module scripts import (`import … from "x"`, `import "x"`, `import("x")`), in order
 * of first mention; external addresses are left out.
 */
export function homePageScripts(html: string): string[] {
  const found: { at: number; file: string }[] = [];
  for (const link of html.matchAll(/<link\b([^>]*)>/gi)) {
    const href = /\bhref=["']([^"']+)["']/i.exec(link[1]!)?.[1];
    if (href && /\brel=["']modulepreload["']/i.test(link[1]!)) found.push({ at: link.index, file: href });
  }
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', text = ''] = script;
    if (!/\btype=["']module["']/i.test(attributes)) continue;
    const src = /\bsrc=["']([^"']+)["']/i.exec(attributes)?.[1];
    if (src) found.push({ at: script.index, file: src });
    else
      for (const imported of text.matchAll(/\bimport\s*(?:\(\s*|[^'"();]*?\bfrom\s*|\s)["']([^"']+)["']/g))
        found.push({ at: script.index + imported.index, file: imported[1]! });
  }
  const files = new Set(found.sort((a, b) => a.at - b.at).map((f) => f.file));
  return [...files].filter((file) => !/^(https?:)?\/\//.test(file));
}

/**
 * The files and, recursively, what they import statically (`import … from "./x.js"`, `import
 * "./x.js"`; not `import()`), read from the client build: since pages preload only the route
 * modules (decision 124), the code they pull in is found in the files themselves.
 */
export function withStaticImports(client: string, files: readonly string[]): string[] {
  const all = new Set<string>();
  const visit = (file: string) => {
    if (all.has(file)) return;
    all.add(file);
    const local = path.join(client, file.replace(/^\//, ''));
    if (!file.endsWith('.js') || !existsSync(local)) return;
    const code = readFileSync(local, 'utf8');
    for (const imported of code.matchAll(/\bimport\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(path.posix.join(path.posix.dirname(file), imported[1]!));
    }
  };
  for (const file of files) visit(file);
  return [...all];
}

/** Each file's size and gzipped size, read from the client build (`/assets/x.js` → `<client>/assets/x.js`). */
export function scriptSizes(client: string, files: readonly string[]): { total: ScriptSize; files: ScriptSize[] } {
  const sizes = files.map((file) => {
    const local = path.join(client, file.replace(/^\//, ''));
    if (!existsSync(local)) throw new Error(`${file} is not in the client build ${client}`);
    const bytes = readFileSync(local);
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const total = sizes.reduce(
    (sum, f) => ({ file: 'total', bytes: sum.bytes + f.bytes, gzipBytes: sum.gzipBytes + f.gzipBytes }),
    { file: 'total', bytes: 0, gzipBytes: 0 },
  );
  return { total, files: sizes };
}

/** One route of React Router's browser manifest: its module and the chunks it imports. */
export interface RouteManifestEntry {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface RouteManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteManifestEntry>;
  /** The manifest's own file (`/assets/manifest-….js`), which the page also loads. */
  file: string;
}

/** React Router's browser manifest of a client build (`window.__reactRouterManifest={…};` in `assets/manifest-*.js`). */
export function routeManifest(client: string): RouteManifest {
  const assets = path.join(client, 'assets');
  const name = existsSync(assets) ? readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file)) : undefined;
  if (!name) throw new Error(`no React Router manifest (assets/manifest-*.js) in ${client}`);
  const text = readFileSync(path.join(assets, name), 'utf8');
  const json = /window\.__reactRouterManifest\s*=\s*(\{[\s\S]*\})\s*;?\s*$/.exec(text)?.[1];
  if (!json) throw new Error(`assets/${name} is not a React Router manifest`);
  return { ...(JSON.parse(json) as Omit<RouteManifest, 'file'>), file: `/assets/${name}` };
}

/** Every JS file of a route in the manifest: its module, split-off client modules, and its imports. */
export function routeFiles(route: RouteManifestEntry): string[] {
  return [
    route.module,
    route.clientLoaderModule,
    route.clientActionModule,
    route.clientMiddlewareModule,
    route.hydrateFallbackModule,
    ...(route.imports ?? []),
  ].filter((file): file is string => Boolean(file));
}

/** The JS a page of the given routes (ids, e.g. root, routes/shell, routes/home) loads at once, per the manifest: the manifest, the entry, and each route's module and its imports (split-off client loader chunks are left out). */
export function routeModulesJs(manifest: RouteManifest, routeIds: readonly string[]): string[] {
  const files = new Set<string>([manifest.file, manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the React Router manifest`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return [...files];
}
