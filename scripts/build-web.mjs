/**
 * Builds the web app: the browser bundle into the output folder (default dist/web, or the first
 * argument, or WEB_DIST_DIR), with brotli and gzip copies of its text assets that the server
 * sends to browsers that accept them, and the server renderer (src/web/entry-server.tsx) into
 * its ssr/ subfolder, which the server loads and never serves (decision 090). It records the mode
 * it built in (production, or development when NODE_ENV=development) in .vite/shop-build.json, so
 * that a production start refuses a development build with what to run instead (decision 096).
 *
 *   node scripts/build-web.mjs [outDir] [--quiet]
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const args = process.argv.slice(2);
const outArg = args.find((arg) => !arg.startsWith('--'));
const outDir = path.resolve(outArg ?? process.env.WEB_DIST_DIR ?? 'dist/web');
const logLevel = args.includes('--quiet') ? 'warn' : 'info';

/** Vite builds for development when NODE_ENV=development is set, whatever the build's own mode. */
let mode = 'production';
const recordMode = { name: 'shop-record-mode', configResolved: (config) => void (mode = config.isProduction ? 'production' : 'development') };

await build({ logLevel, plugins: [recordMode], build: { outDir, emptyOutDir: true, manifest: true } });
// Compressed once here at the highest levels, instead of on every request.
const assets = path.join(outDir, 'assets');
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const bytes = readFileSync(file);
  if (bytes.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

await build({
  logLevel: 'warn',
  build: { ssr: path.resolve('src/web/entry-server.tsx'), outDir: path.join(outDir, 'ssr'), emptyOutDir: true, copyPublicDir: false },
});

// Read by the server at start (src/server/modules/web/build-mode.ts); .vite/ is never served.
mkdirSync(path.join(outDir, '.vite'), { recursive: true });
writeFileSync(path.join(outDir, '.vite', 'shop-build.json'), `${JSON.stringify({ mode, builtAt: new Date().toISOString() })}\n`);
if (mode !== 'production') console.warn(`Built for ${mode} (NODE_ENV=${process.env.NODE_ENV}): a production start (NODE_ENV=production) refuses this build.`);
