/**
 * What a phone really loads: the home page opened in Chromium (playwright-core, Debian's
 * /usr/bin/chromium) at 390 px, every script it fetched, each gzipped as a CDN would, and whether
 * any of them is admin code (from the build's Vite manifest).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface ManifestEntry {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** Admin screens live in an admin/ folder of their domain's feature (src/web/features/<domain>/admin/). */
const ADMIN_MODULE = /^features\/[^/]+\/admin\//;

/** The built files that hold admin code: chunks of modules under a feature's admin/ folder, and chunks only they import. */
export function adminChunks(distDir: string): Set<string> {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`no Vite manifest in ${distDir} (build with --manifest)`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const isAdmin = (key: string, entry: ManifestEntry) => ADMIN_MODULE.test(entry.src ?? key);
  const admin = new Set<string>();
  const importers = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(manifest)) for (const imported of entry.imports ?? []) importers.set(imported, [...(importers.get(imported) ?? []), key]);
  for (const [key, entry] of Object.entries(manifest)) {
    if (isAdmin(key, entry)) admin.add(entry.file);
    const by = importers.get(key);
    if (by?.length && by.every((importer) => isAdmin(importer, manifest[importer]!))) admin.add(entry.file);
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
      const local = path.join(distDir, pathname.replace(/^\//, ''));
      const bytes = existsSync(local) ? readFileSync(local) : Buffer.alloc(0);
      return { file: pathname, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
    });
  } finally {
    await browser.close();
  }
}
