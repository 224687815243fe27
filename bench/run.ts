/**
 * npm run bench [-- <scenario> ...] [-- --write-report]
 *
 * Builds the web app (dist/web-bench), then runs the scenarios in order: first those on a shared
 * shop started on a fresh embedded database with the demo catalogue (NODE_ENV=production), then
 * those that start their own shops (generated catalogues of 1,000 to 100,000 books, PostgreSQL,
 * the fake Stripe, two instances). Prints each scenario's table as it ends and all of them at the
 * end, writes JSON to bench/results/, and with --write-report rewrites the figures section of
 * docs/performance.md. Exits non-zero when a correctness check fails (a row marked `must`);
 * a missed performance target is listed but does not fail the run. Not part of npm test.
 *
 * BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 50),
 * BENCH_SIZES (default 1000,10000,100000), BENCH_CHECKOUTS (default 200), BENCH_SHOP_PRODUCTS
 * (default 1000), BENCH_SEARCH_ROUNDS (default 10), BENCH_PRINT_ORDERS (default 200),
 * BENCH_DATABASE_URL (PostgreSQL server where bench_<random> databases are made and dropped;
 * default postgres://postgres@127.0.0.1:5432/test).
 * The load generator runs on the same cores as the server, so compare ratios, not absolutes.
 */
import os from 'node:os';
import path from 'node:path';
import { disposeCatalogues } from './lib/catalogues';
import { describeMachine, machineLines, writePerformanceDoc } from './lib/performance-doc';
import { catalogueSizesScenario, listingScenario, searchScenario } from './scenarios/catalogue';
import { browsingScenario, checkoutScenario, discountRaceScenario, scaleOutScenario } from './scenarios/shopping';
import { homeHtmlScenario } from './scenarios/home-html';
import { homeJsScenario, lighthouseScenario } from './scenarios/web';
import { printBurstScenario } from './scenarios/print';
import { dashboardScenario } from './scenarios/dashboard';
import { pageFloodScenario } from './scenarios/page-flood';
import { importScenario } from './scenarios/import';
import { speedScenario } from './scenarios/speed';
import { refundRaceScenario } from './scenarios/refunds';
import { compareWithBare, type CompareOptions } from './lib/rows';
import { printTable, writeResults, type Row } from './lib/report';
import { ensureWebBuild, fetchBytes, ROOT, startServer, type StartedServer } from './lib/server';

export interface BenchContext {
  /** The shared shop on the demo catalogue (only for scenarios without `ownServer`). */
  readonly shop: StartedServer;
  distDir: string;
}

export interface Scenario {
  name: string;
  description: string;
  /** Starts its own servers: the shared demo-catalogue shop is not needed for it. */
  ownServer?: boolean;
  run(ctx: BenchContext): Promise<Row[]>;
}

/** A route of the shop against a bare node:http server answering the same bytes. */
export function versusBare(
  name: string,
  routePath: string,
  description: string,
  options: CompareOptions = {},
): Scenario {
  return {
    name,
    description,
    run: ({ shop }) => compareWithBare(name, shop.url, routePath, options),
  };
}

export const scenarios: Scenario[] = [
  {
    name: 'start',
    description: 'time from spawn to healthy on an empty database (migrations + demo seed)',
    async run({ shop }) {
      return [
        {
          scenario: 'start',
          metric: 'first start to healthy',
          value: shop.startMs,
          unit: 'ms',
          note: 'includes migrating and seeding the demo catalogue',
        },
      ];
    },
  },
  versusBare('get_products', '/api/server/get_products', 'the whole catalogue, the hottest read', {
    targetPercent: 50,
  }),
  {
    name: 'image_variant',
    description: 'a cached WebP cover variant',
    async run(ctx) {
      const products = await fetchBytes(`${ctx.shop.url}/api/server/get_products`);
      const list =
        products.status === 200 ? (JSON.parse(products.body.toString()) as Array<{ imageUrls?: string[] }>) : [];
      const url = list.find((p) => p.imageUrls?.length)?.imageUrls?.[0];
      if (!url)
        return [
          {
            scenario: 'image_variant',
            metric: 'skipped',
            value: 0,
            unit: '',
            note: 'no product with an image URL from get_products yet',
          },
        ];
      return versusBare('image_variant', url, '').run(ctx);
    },
  },
  homeJsScenario,
  lighthouseScenario,
  catalogueSizesScenario,
  searchScenario,
  listingScenario,
  homeHtmlScenario,
  browsingScenario,
  checkoutScenario,
  discountRaceScenario,
  scaleOutScenario,
  printBurstScenario,
  dashboardScenario,
  pageFloodScenario,
  importScenario,
  speedScenario,
  refundRaceScenario,
];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const writeReport = args.includes('--write-report');
  const wanted = args.filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length) {
    console.error(`Unknown scenario: ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  // Scenarios on the shared demo-catalogue shop first; then those that start their own servers.
  const selected = (wanted.length ? scenarios.filter((s) => wanted.includes(s.name)) : scenarios).sort(
    (a, b) => Number(a.ownServer ?? false) - Number(b.ownServer ?? false),
  );
  const machine = await describeMachine();
  console.log(machineLines(machine).join('\n'));
  const started = Date.now();
  const distDir = ensureWebBuild();
  let shop: StartedServer | null = null;
  const ctx: BenchContext = {
    distDir,
    get shop(): StartedServer {
      if (!shop) throw new Error('the shared shop is not running (scenario marked ownServer?)');
      return shop;
    },
  };
  const rows: Row[] = [];
  try {
    for (const scenario of selected) {
      if (!scenario.ownServer && !shop) {
        console.log('Starting the shop on a fresh embedded database with the demo catalogue...');
        shop = await startServer({ env: { WEB_DIST_DIR: distDir, LOG_LEVEL: 'warn' } });
        console.log(`Shop healthy at ${shop.url} after ${shop.startMs} ms`);
      }
      if (scenario.ownServer && shop) {
        await shop.stop();
        shop = null;
      }
      const t0 = Date.now();
      console.log(`- ${scenario.name}: ${scenario.description}`);
      try {
        const produced = await scenario.run(ctx);
        rows.push(...produced);
        printTable(produced);
      } catch (error) {
        console.error(`  ${scenario.name} failed:`, error);
        rows.push({
          scenario: scenario.name,
          metric: 'scenario ran to the end',
          value: 0,
          unit: '',
          pass: false,
          must: true,
          note: String(error instanceof Error ? error.message : error)
            .split('\n')[0]!
            .slice(0, 200),
        });
      }
      console.log(`  (${scenario.name}: ${Math.round((Date.now() - t0) / 1000)} s)`);
    }
  } finally {
    if (shop) await (shop as StartedServer).stop();
    await disposeCatalogues();
  }
  machine.endLoadAverage = os.loadavg();
  machine.durationS = Math.round((Date.now() - started) / 1000);
  console.log('\nAll figures:');
  printTable(rows);
  const file = writeResults(path.join(ROOT, 'bench/results'), rows, {
    machine,
    scenarios: selected.map((s) => s.name),
  });
  console.log(`Results written to ${path.relative(ROOT, file)}`);
  if (writeReport) {
    const doc = writePerformanceDoc(
      rows,
      machine,
      selected.map((s) => s.name),
    );
    console.log(`Figures written to ${path.relative(ROOT, doc)}`);
  }
  const missed = rows.filter((row) => row.pass === false && !row.must);
  const broken = rows.filter((row) => row.pass === false && row.must);
  if (missed.length)
    console.log(
      `Targets missed (${missed.length}):\n${missed.map((r) => `  - ${r.scenario}: ${r.metric} = ${r.value} ${r.unit} (target ${r.target ?? ''})`).join('\n')}`,
    );
  if (broken.length) {
    console.error(
      `\nBENCH FAILED: ${broken.length} correctness check(s) did not hold:\n${broken.map((r) => `  - ${r.scenario}: ${r.metric} = ${r.value} ${r.unit}${r.note ? ` (${r.note})` : ''}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`\nAll correctness checks held (${rows.filter((r) => r.must).length}). ${machine.durationS} s in all.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/run.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
