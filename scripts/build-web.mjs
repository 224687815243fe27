/**
 * Builds the web app: the browser bundle into the output folder (default dist/web, or the first
 * argument, or WEB_DIST_DIR), with brotli and gzip copies of its text assets that the server
 * sends to browsers that accept them, and the server renderer (src/web/entry-server.tsx) into
 * its ssr/ subfolder, which the server loads and never serves (decision 090).
 *
 *   node scripts/build-web.mjs [outDir] [--quiet]
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const args = process.argv.slice(2);
const outArg = args.find((arg) => !arg.startsWith('--'));
const outDir = path.resolve(outArg ?? process.env.WEB_DIST_DIR ?? 'dist/web');
const logLevel = args.includes('--quiet') ? 'warn' : 'info';

await build({ logLevel, build: { outDir, emptyOutDir: true, manifest: true } });
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
