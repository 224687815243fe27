/**
 * Builds the web app (decision 114) with React Router's build (react-router.config.ts) into the
 * output folder (default dist/web, or the first argument, or WEB_DIST_DIR): client/, the files
 * browsers get, with brotli and gzip copies of its text assets that the server sends to browsers
 * that accept them, and server/, the bundle the server renders pages with (never served). It
 * records the mode it built in (production, or development when NODE_ENV=development) in
 * .vite/shop-build.json, so that a production start refuses a development build with what to run
 * instead (decision 096).
 *
 *   node scripts/build-web.mjs [outDir] [--quiet]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const outArg = args.find((arg) => !arg.startsWith('--'));
const outDir = path.resolve(outArg ?? process.env.WEB_DIST_DIR ?? 'dist/web');
const quiet = args.includes('--quiet');

/** Vite builds for development when NODE_ENV=development is set, whatever the build's own mode. */
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';

const cli = path.resolve('node_modules', '@react-router', 'dev', 'bin.js');
const built = spawnSync(process.execPath, [cli, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])], {
  stdio: ['inherit', 'pipe', 'pipe'],
  env: { ...process.env, WEB_DIST_DIR: outDir },
  encoding: 'utf8',
});
// React Router's plugin passes Vite an option Vite 8 calls deprecated; nothing here can change it.
const shown = (text) =>
  (text ?? '')
    .split('\n')
    .filter((line) => !line.includes('The `envFile` option is deprecated'))
    .join('\n');
process.stdout.write(shown(built.stdout));
process.stderr.write(shown(built.stderr));
if (built.status !== 0) process.exit(built.status ?? 1);

// Compressed once here at the highest levels, instead of on every request.
const assets = path.join(outDir, 'client', 'assets');
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

// Read by the server at start (src/server/modules/web/build-mode.ts); only client/ is served.
mkdirSync(path.join(outDir, '.vite'), { recursive: true });
writeFileSync(
  path.join(outDir, '.vite', 'shop-build.json'),
  `${JSON.stringify({ mode, builtAt: new Date().toISOString() })}\n`,
);
if (mode !== 'production')
  console.warn(
    `Built for ${mode} (NODE_ENV=${process.env.NODE_ENV}): a production start (NODE_ENV=production) refuses this build.`,
  );
