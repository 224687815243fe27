/**
 * The real web build (scripts/build-web.mjs) for the API tests that need the storefront's pages
 * (decision 114): built into dist/web-test when missing or older than the web code, once for all
 * test workers (a lock folder keeps two workers from building at once).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const TEST_WEB_DIST = path.join(ROOT, 'dist', 'web-test');
const STAMP = path.join(TEST_WEB_DIST, '.vite', 'shop-build.json');
const LOCK = path.join(ROOT, 'dist', '.web-test.lock');
const SOURCES = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/build-web.mjs',
  'package-lock.json',
];

function newestChange(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

const upToDate = () =>
  existsSync(STAMP) &&
  statSync(STAMP).mtimeMs > Math.max(...SOURCES.map((source) => newestChange(path.join(ROOT, source))));

/** The folder of an up-to-date web build (WEB_DIST_DIR for createTestApp). */
export async function testWebBuild(): Promise<string> {
  if (upToDate()) return TEST_WEB_DIST;
  mkdirSync(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock left by a run that was killed while building.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 300_000)
        rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error(`the web build for tests is locked (${LOCK}); remove it if no test run is building`);
      await delay(250);
    }
  }
  try {
    if (!upToDate()) {
      const built = spawnSync(process.execPath, ['scripts/build-web.mjs', TEST_WEB_DIST, '--quiet'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      if (built.status !== 0) throw new Error(`the web build failed:\n${built.stdout}\n${built.stderr}`);
    }
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
  return TEST_WEB_DIST;
}
