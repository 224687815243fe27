/**
 * What a phone really loads: the home page opened in Chromium (playwright-core, Debian's
 * /usr/bin/chromium) at 390 px, every script it fetched, each gzipped as a CDN would, and whether
 * any of them is admin code (from the build's manifests). Files are read from `<dist>/client`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { clientDir, routeFiles, routeManifest } from './web-size';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface ManifestEntry {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * Admin code: the admin route modules (src/web/routes/admin/), the admin screens of each domain's
 * feature (src/web/features/<domain>/admin/), and the dashboard's chart library (uPlot).
 */
const ADMIN_MODULE = /(^|\/)(routes\/admin\/|features\/[^/]+\/admin\/)|(^|\/)node_modules\/uplot\//;
/** A built file named after the chart library, whatever manifest there is. */
const CHART_FILE = /(^|\/)uplot[-.]/i;

/**
 * The built files that hold admin code, as `assets/x.js` paths relative to the served folder. From
 * Vite's manifest when the build kept one (`<client>/.vite/manifest.json`: chunks of admin modules
 * and chunks only they import); else from React Router's manifest (`assets/manifest-*.js`): the
 * files of routes under routes/admin/ that no shopper route nor the entry loads.
 */
export function adminChunks(distDir: string): Set<string> {
  const client = clientDir(distDir);
  const viteManifest = [path.join(client, '.vite/manifest.json'), path.join(distDir, '.vite/manifest.json')].find(
    existsSync,
  );
  const admin = viteManifest ? adminChunksFromVite(viteManifest) : adminChunksFromRoutes(client);
  const assets = path.join(client, 'assets');
  if (existsSync(assets))
    for (const name of readdirSync(assets))
      if (CHART_FILE.test(name) && name.endsWith('.js')) admin.add(`assets/${name}`);
  return admin;
}

function adminChunksFromVite(file: string): Set<string> {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const isAdmin = (key: string, entry: ManifestEntry) => ADMIN_MODULE.test(entry.src ?? key);
  const admin = new Set<string>();
  const importers = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(manifest))
    for (const imported of entry.imports ?? []) importers.set(imported, [...(importers.get(imported) ?? []), key]);
  for (const [key, entry] of Object.entries(manifest)) {
    if (isAdmin(key, entry)) admin.add(entry.file);
    const by = importers.get(key);
    if (by?.length && by.every((importer) => isAdmin(importer, manifest[importer]!))) admin.add(entry.file);
  }
  return admin;
}

function adminChunksFromRoutes(client: string): Set<string> {
  const manifest = routeManifest(client);
  const isAdminRoute = (id: string) => /^routes\/admin\//.test(id);
  const shopper = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of Object.values(manifest.routes))
    if (!isAdminRoute(route.id)) for (const file of routeFiles(route)) shopper.add(file);
  const admin = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    if (!isAdminRoute(route.id)) continue;
    for (const file of routeFiles(route)) if (!shopper.has(file)) admin.add(file.replace(/^\//, ''));
  }
  return admin;
}

export interface LoadedScript {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export async function scriptsLoadedBy(url: string, distDir: string): Promise<LoadedScript[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('main').waitFor();
    return scripts.map((pathname) => {
      const local = path.join(clientDir(distDir), pathname.replace(/^\//, ''));
      const bytes = existsSync(local) ? readFileSync(local) : Buffer.alloc(0);
      return { file: pathname, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    });
  } finally {
    await browser.close();
  }
}
