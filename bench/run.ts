/**
 * npm run bench [-- <scenario> ...]
 *
 * Starts the built shop on a fresh embedded database with the demo catalogue (a temp DATA_DIR,
 * a free port, NODE_ENV=production) and runs each scenario against it, printing one table and
 * writing JSON to bench/results/. Not part of npm test. Scenarios are a list: add yours below.
 *
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 50).
 * The load generator runs on the same cores as the server, so compare ratios, not absolutes.
 */
import path from 'node:path';
import { startBareServer } from './lib/bare';
import { measure, type LoadResult } from './lib/load';
import { printTable, writeResults, type Row } from './lib/report';
import { ensureWebBuild, fetchBytes, ROOT, startServer, type StartedServer } from './lib/server';
import { homePageJsSize } from './lib/web-size';

export interface BenchContext {
  shop: StartedServer;
  distDir: string;
}

export interface Scenario {
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<Row[]>;
}

function loadRows(scenario: string, label: string, result: LoadResult): Row[] {
  const rows: Row[] = [
    { scenario, metric: `${label} throughput`, value: Math.round(result.reqPerSec), unit: 'req/s' },
    { scenario, metric: `${label} latency p50`, value: result.p50Ms, unit: 'ms' },
    { scenario, metric: `${label} latency p95`, value: result.p95Ms, unit: 'ms' },
    { scenario, metric: `${label} latency p99`, value: result.p99Ms, unit: 'ms' },
  ];
  if (result.non2xx || result.errors || result.timeouts) {
    rows.push({
      scenario,
      metric: `${label} failed answers`,
      value: result.non2xx + result.errors + result.timeouts,
      unit: 'count',
      note: `NOT 2xx: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests}`,
    });
  }
  return rows;
}

/** A route of the shop against a bare node:http server answering the same bytes. */
export function versusBare(name: string, routePath: string, description: string): Scenario {
  return {
    name,
    description,
    async run({ shop }) {
      const probe = await fetchBytes(`${shop.url}${routePath}`);
      const routeNote = probe.status >= 200 && probe.status < 300 ? `${probe.body.length} bytes` : `the route answers ${probe.status}: figures below are NOT for a working route`;
      const app = await measure(`${shop.url}${routePath}`);
      const bare = await startBareServer(probe.body, { 'content-type': probe.headers.get('content-type') ?? 'application/json' }, probe.status);
      let baseline: LoadResult;
      try {
        baseline = await measure(`${bare.url}${routePath}`);
      } finally {
        await bare.stop();
      }
      return [
        { scenario: name, metric: 'answer', value: probe.status, unit: 'status', note: routeNote },
        ...loadRows(name, 'shop', app),
        ...loadRows(name, 'bare node:http', baseline).filter((row) => !row.metric.includes('failed')),
        { scenario: name, metric: 'shop / bare', value: Math.round((app.reqPerSec / baseline.reqPerSec) * 1000) / 10, unit: '%', note: 'the figure to watch' },
      ];
    },
  };
}

export const scenarios: Scenario[] = [
  {
    name: 'start',
    description: 'time from spawn to healthy on an empty database (migrations + demo seed)',
    async run({ shop }) {
      return [{ scenario: 'start', metric: 'first start to healthy', value: shop.startMs, unit: 'ms', note: 'includes migrating and seeding the demo catalogue' }];
    },
  },
  versusBare('get_products', '/api/server/get_products', 'the whole catalogue, the hottest read'),
  {
    name: 'image_variant',
    description: 'a cached WebP cover variant',
    async run(ctx) {
      const products = await fetchBytes(`${ctx.shop.url}/api/server/get_products`);
      const list = products.status === 200 ? (JSON.parse(products.body.toString()) as Array<{ imageUrls?: string[] }>) : [];
      const url = list.find((p) => p.imageUrls?.length)?.imageUrls?.[0];
      if (!url) return [{ scenario: 'image_variant', metric: 'skipped', value: 0, unit: '', note: 'no product with an image URL from get_products yet' }];
      return versusBare('image_variant', url, '').run(ctx);
    },
  },
  {
    name: 'home_js',
    description: 'gzipped JS the home page loads (entry script + modulepreloads)',
    async run({ distDir }) {
      const { total, files } = homePageJsSize(distDir);
      return [
        { scenario: 'home_js', metric: 'JS gzipped', value: Math.round((total.gzipBytes / 1024) * 10) / 10, unit: 'kB', note: `${files.length} files, ${Math.round(total.bytes / 1024)} kB before gzip` },
        ...files.map((f) => ({ scenario: 'home_js', metric: `  ${path.basename(f.file)}`, value: Math.round((f.gzipBytes / 1024) * 10) / 10, unit: 'kB' })),
      ];
    },
  },
];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length) {
    console.error(`Unknown scenario: ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const selected = wanted.length ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios;
  const distDir = ensureWebBuild();
  console.log('Starting the shop on a fresh embedded database with the demo catalogue...');
  const shop = await startServer({ env: { WEB_DIST_DIR: distDir } });
  console.log(`Shop healthy at ${shop.url} after ${shop.startMs} ms`);
  const rows: Row[] = [];
  try {
    for (const scenario of selected) {
      console.log(`- ${scenario.name}: ${scenario.description}`);
      rows.push(...(await scenario.run({ shop, distDir })));
    }
  } finally {
    await shop.stop();
  }
  printTable(rows);
  const file = writeResults(path.join(ROOT, 'bench/results'), rows);
  console.log(`Results written to ${path.relative(ROOT, file)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/run.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
