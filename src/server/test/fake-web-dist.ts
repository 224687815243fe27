/**
 * A stand-in for the built web app (dist/web) in a temporary folder, for tests of the pages the
 * server writes without running `vite build`. Give the app its folder:
 * `createTestApp({ env: { WEB_DIST_DIR: web.dir } })`, and `web.restore()` after.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface FakeWebDist {
  dir: string;
  /** Removes the folder. */
  restore(): void;
}

/** Writes `files` (paths relative to the build folder) into a new temporary folder. */
export function fakeWebDist(files: Record<string, string | Buffer>): FakeWebDist {
  const dir = mkdtempSync(join(tmpdir(), 'shop-web-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return {
    dir,
    restore() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
