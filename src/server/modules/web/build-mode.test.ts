/**
 * A production start refuses a web build made for development, saying what to run instead, and
 * stops with a non-zero code before it opens anything (decision 096).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_RECORD, webBuildMode, webBuildProblem } from './build-mode';

const root = mkdtempSync(path.join(tmpdir(), 'shop-build-mode-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let made = 0;
/** A web build folder with a record of `mode` and/or a renderer importing `jsxFrom`. */
function buildDir(options: { mode?: string; jsxFrom?: string }): string {
  const dir = path.join(root, `build-${(made += 1)}`);
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  if (options.mode) writeFileSync(path.join(dir, BUILD_RECORD), JSON.stringify({ mode: options.mode }));
  if (options.jsxFrom)
    writeFileSync(path.join(dir, 'server', 'index.js'), `import { jsx } from "${options.jsxFrom}";\n`);
  return dir;
}

describe('webBuildMode', () => {
  it('reads the record the build wrote', () => {
    expect(webBuildMode(buildDir({ mode: 'production' }))).toBe('production');
    expect(webBuildMode(buildDir({ mode: 'development' }))).toBe('development');
  });

  it('tells an older build without a record by what its renderer imports', () => {
    expect(webBuildMode(buildDir({ jsxFrom: 'react/jsx-dev-runtime' }))).toBe('development');
    expect(webBuildMode(buildDir({ jsxFrom: 'react/jsx-runtime' }))).toBe('production');
    expect(webBuildMode(path.join(root, 'nothing-built'))).toBeNull();
  });
});

describe('webBuildProblem', () => {
  it('refuses only a development build under NODE_ENV=production, naming the command to run', () => {
    const dev = buildDir({ mode: 'development' });
    const problem = webBuildProblem(dev, 'production', 'dist/web');
    expect(problem).toContain('The web app in dist/web was built for development');
    expect(problem).toContain('  NODE_ENV=production node scripts/build-web.mjs\n');
    expect(webBuildProblem(dev, 'production', 'dist/web-3101')).toContain(
      '  NODE_ENV=production node scripts/build-web.mjs dist/web-3101\n',
    );
    expect(webBuildProblem(dev, 'development')).toBeNull();
    expect(webBuildProblem(dev, 'test')).toBeNull();
    expect(webBuildProblem(buildDir({ mode: 'production' }), 'production')).toBeNull();
    expect(webBuildProblem(path.join(root, 'nothing-built'), 'production')).toBeNull();
  });

  it(
    'stops a production start on a development build with exit code 1, before opening the database',
    { timeout: 60_000 },
    () => {
      const dev = buildDir({ mode: 'development' });
      const dataDir = path.join(root, 'data');
      const run = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://shop.example',
          DEMO_PAYMENTS: 'true',
          PORT: '0',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: dev,
        },
        encoding: 'utf8',
        timeout: 55_000,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain('was built for development');
      expect(run.stderr).toContain(`NODE_ENV=production node scripts/build-web.mjs ${dev}`);
      expect(run.stdout).not.toContain('listening');
      expect(existsSync(dataDir)).toBe(false);
    },
  );
});
