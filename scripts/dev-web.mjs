/**
 * `npm run dev`'s web half (decision 114): builds the web app again whenever src/web or src/shared
 * changes (scripts/build-web.mjs, into dist/web), and the server, started by `tsx watch` with the
 * build's server bundle included, restarts on the new bundle. No hot module replacement: a change
 * shows after the rebuild (a few seconds) and a reload of the page.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';

const WATCHED = ['src/web', 'src/shared'];
let timer = null;
let building = false;
let again = false;

function build() {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/build-web.mjs', '--quiet'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  child.on('exit', (code) => {
    building = false;
    console.log(code === 0 ? `web rebuilt in ${Date.now() - started} ms` : `web build failed (exit ${code})`);
    if (again) {
      again = false;
      build();
    }
  });
}

for (const dir of WATCHED) {
  watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(build, 300);
  });
}
console.log(`watching ${WATCHED.join(', ')} for the web build`);
