/**
 * Start the real shop (src/server/main.ts through tsx) on a free port and a DATA_DIR of its own,
 * as `npm start` would run it, and stop it afterwards.
 *
 *   const shop = await startServer({ env: { SEED_DEMO: 'true' } });
 *   ... shop.url ...
 *   await shop.stop();
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The web build the bench serves: WEB_DIST_DIR when set (used as it is, built once if missing), or
 * a fresh build (scripts/build-web.mjs, decision 114: <dist>/client, served, with React Router's
 * manifest; <dist>/server/index.js, the renderer) into dist/web-bench, so figures are never for a
 * stale build (BENCH_REUSE_BUILD=1 keeps an existing one). The manifest tells which chunks are admin code.
 */
export function ensureWebBuild(): string {
  const given = process.env.WEB_DIST_DIR;
  const dist = path.resolve(ROOT, given ?? 'dist/web-bench');
  const reuse = given !== undefined || process.env.BENCH_REUSE_BUILD === '1';
  if (!reuse || !existsSync(path.join(dist, 'server/index.js')) || !existsSync(path.join(dist, 'client/assets'))) {
    console.log(`Building the web app into ${path.relative(ROOT, dist)} (scripts/build-web.mjs)...`);
    const built = spawnSync('node', ['scripts/build-web.mjs', dist, '--quiet'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  return dist;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
}

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  /** Milliseconds from spawn to a healthy /api/health (includes migrating and seeding). */
  startMs: number;
  /** The resident memory of the shop's processes (tsx and the server it runs), in bytes. */
  rssBytes(): number;
  stop(): Promise<void>;
}

/** Resident bytes of a process and its descendants (Linux /proc; 0 elsewhere). */
function treeRss(pid: number): number {
  try {
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
    return children.reduce((sum, child) => sum + treeRss(child), rss);
  } catch {
    return 0;
  }
}

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/health`, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(2000, () => request.destroy());
  });
}

export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; timeoutMs?: number; keepDataDir?: boolean } = {},
): Promise<StartedServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_PAYMENTS: 'true',
      JWT_SECRET: 'bench-only-secret-not-for-production-0123456789',
      PUBLIC_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The bench's shoppers are programs, each far faster than a person: no budget per client
      // for page renders and no share of time (decision 131) unless a scenario sets them (the
      // page flood does).
      PAGE_RENDERS_PER_CLIENT_PER_MINUTE: '1000000',
      PAGE_RENDER_TIME_SHARE: '100',
      // One process unless a scenario asks for more (decision 156), so figures compare across runs.
      WEB_CONCURRENCY: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // With several processes the shop is ready once the primary says they all listen.
  const processes = Number(options.env?.WEB_CONCURRENCY ?? 1);
  let allListening = processes <= 1;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('shop processes listen')) allListening = true;
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited while starting (code ${child.exitCode}):\n${stderr}`);
    if (allListening && (await healthy(url))) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The shop did not become healthy in time:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const startMs = Date.now() - started;

  return {
    url,
    port,
    dataDir,
    startMs,
    rssBytes: () => (child.pid === undefined ? 0 : treeRss(child.pid)),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.keepDataDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET a path of a running server: status, headers and body bytes. */
export async function fetchBytes(url: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}
