/**
 * A stand-in for the built web app (dist/web) in a temporary folder, for tests of the pages the
 * server writes without running `vite build`. WEB_DIST_DIR is read when the web module loads, so
 * call this inside `vi.hoisted` (before the app's modules are imported) and `restore()` after.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface FakeWebDist {
  dir: string;
  /** Puts WEB_DIST_DIR back and removes the folder. */
  restore(): void;
}

/** Writes `files` (paths relative to the build folder) and points WEB_DIST_DIR at it. */
export function fakeWebDist(files: Record<string, string | Buffer>): FakeWebDist {
  const dir = mkdtempSync(join(tmpdir(), 'shop-web-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  const previous = process.env.WEB_DIST_DIR;
  process.env.WEB_DIST_DIR = dir;
  return {
    dir,
    restore() {
      if (previous === undefined) delete process.env.WEB_DIST_DIR;
      else process.env.WEB_DIST_DIR = previous;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
