/**
 * Catalogue size scenarios: get_products against a bare node:http server at 1,000, 10,000 and
 * 100,000 products, search latency and throughput, and the paged listing's first page, at the same
 * sizes on PGlite and PostgreSQL. Sizes: BENCH_SIZES (default 1000,10000,100000).
 */
import { gzipSync } from 'node:zlib';
import { catalogue, BENCH_ENV, type DbKind } from '../lib/catalogues';
import { clientIp, type Shopper } from '../lib/http';
import { percentile } from '../lib/load';
import { runMix } from '../lib/mix';
import { SEARCH_QUERIES, searchPath } from '../lib/queries';
import type { Row } from '../lib/report';
import { compareWithBare } from '../lib/rows';
import { startServer, type StartedServer } from '../lib/server';
import type { BenchContext, Scenario } from '../run';

export const benchSizes = (): number[] =>
  (process.env.BENCH_SIZES ?? '1000,10000,100000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

const sizeLabel = (n: number) => n.toLocaleString('en-GB');

/** Starts a shop on the catalogue of `size` on `kind`; null (with a row saying so) when PostgreSQL is not there. */
export async function shopOnCatalogue(
  scenario: string,
  kind: DbKind,
  size: number,
  ctx: BenchContext,
  purpose = 'read',
  env: Record<string, string> = {},
): Promise<{ shop: StartedServer; rows: Row[] } | { shop: null; rows: Row[] }> {
  const cat = await catalogue(kind, size, purpose);
  if (!cat)
    return {
      shop: null,
      rows: [
        {
          scenario,
          metric: `${kind} ${sizeLabel(size)}`,
          value: NaN,
          unit: '',
          note: 'not run: PostgreSQL not reachable (BENCH_DATABASE_URL)',
        },
      ],
    };
  const shop = await startServer({
    dataDir: cat.dataDir,
    env: { ...BENCH_ENV, WEB_DIST_DIR: ctx.distDir, ...cat.env, ...env },
  });
  const rows: Row[] = [];
  if (cat.seedMs)
    rows.push({
      scenario,
      metric: `${kind} ${sizeLabel(size)}: seed products`,
      value: cat.seedMs,
      unit: 'ms',
      note: 'generated in the database, before the shop starts',
    });
  return { shop, rows };
}

/** Time from the first get_products after a start (the catalogue read from the database and its JSON made) to the answer. */
async function coldCatalogueMs(baseUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/server/get_products`, { headers: { 'accept-encoding': 'gzip' } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`get_products answered ${response.status}`);
  return performance.now() - started;
}

export const catalogueSizesScenario: Scenario = {
  name: 'catalogue_sizes',
  description: 'get_products (plain and gzip) against a bare node:http server at each catalogue size, on PGlite',
  ownServer: true,
  async run(ctx) {
    const rows: Row[] = [];
    for (const size of benchSizes()) {
      const scenario = `get_products ${sizeLabel(size)}`;
      const { shop, rows: setup } = await shopOnCatalogue(scenario, 'pglite', size, ctx);
      rows.push(...setup);
      if (!shop) continue;
      try {
        rows.push({
          scenario,
          metric: 'first read after start (cache miss)',
          value: Math.round(await coldCatalogueMs(shop.url)),
          unit: 'ms',
          note: 'database read + JSON + gzip, once per catalogue change',
        });
        // Megabytes per answer from 10,000 books: 10 connections, so the load generator (on the same
        // cores) is not what times out. Plain JSON at 100,000 is tens of MB: gzip only, as browsers ask.
        const connections = size >= 10_000 ? 10 : undefined;
        if (size <= 10_000)
          rows.push(
            ...(await compareWithBare(scenario, shop.url, '/api/server/get_products', {
              targetPercent: 50,
              connections,
            })),
          );
        rows.push(
          ...(await compareWithBare(scenario, shop.url, '/api/server/get_products', {
            label: 'gzip',
            headers: { 'accept-encoding': 'gzip' },
            connections,
            targetPercent: 50,
          })),
        );
      } finally {
        await shop.stop();
      }
    }
    return rows;
  },
};

/** Each query of the mix, `rounds` times, one after another from one client: the latency a person typing sees. */
async function sequentialSearch(
  baseUrl: string,
  rounds: number,
): Promise<{ all: number[]; byKind: Map<string, number[]>; failures: number }> {
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  let failures = 0;
  for (const query of SEARCH_QUERIES) await (await fetch(`${baseUrl}${searchPath(query.text)}`)).arrayBuffer();
  for (let round = 0; round < rounds; round++) {
    for (const query of SEARCH_QUERIES) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${searchPath(query.text)}`);
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) failures += 1;
      all.push(elapsed);
      byKind.set(query.kind, [...(byKind.get(query.kind) ?? []), elapsed]);
    }
  }
  return { all, byKind, failures };
}

const sorted = (values: number[]) => Float64Array.from(values).sort();
const round2 = (value: number) => Math.round(value * 100) / 100;

export const searchScenario: Scenario = {
  name: 'search',
  description:
    'search latency (one shopper typing) and throughput (10 at once) at each catalogue size, on PGlite and PostgreSQL',
  ownServer: true,
  async run(ctx) {
    const rows: Row[] = [];
    const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 10);
    const searchers: Shopper[] = Array.from({ length: 10 }, (_, i) => ({
      id: '',
      email: '',
      token: '',
      ip: clientIp(i),
    }));
    for (const kind of ['pglite', 'postgres'] as const) {
      for (const size of benchSizes()) {
        const scenario = `search ${kind} ${sizeLabel(size)}`;
        const { shop, rows: setup } = await shopOnCatalogue(scenario, kind, size, ctx);
        rows.push(...setup);
        if (!shop) continue;
        try {
          const latency = await sequentialSearch(shop.url, rounds);
          const all = sorted(latency.all);
          const target =
            kind === 'pglite' && size === 10_000 ? { target: '≤ 20 ms', pass: percentile(all, 95) <= 20 } : {};
          rows.push(
            {
              scenario,
              metric: 'one shopper: latency p50',
              value: round2(percentile(all, 50)),
              unit: 'ms',
              note: `${all.length} searches, ${SEARCH_QUERIES.length} queries × ${rounds}`,
            },
            { scenario, metric: 'one shopper: latency p95', value: round2(percentile(all, 95)), unit: 'ms', ...target },
            { scenario, metric: 'one shopper: latency p99', value: round2(percentile(all, 99)), unit: 'ms' },
          );
          for (const [queryKind, values] of latency.byKind) {
            rows.push({
              scenario,
              metric: `  ${queryKind} p95`,
              value: round2(percentile(sorted(values), 95)),
              unit: 'ms',
            });
          }
          rows.push({
            scenario,
            metric: 'one shopper: failed answers',
            value: latency.failures,
            unit: 'count',
            pass: latency.failures === 0,
            must: true,
          });
          const load = await runMix(
            [shop.url],
            [
              {
                kind: 'search',
                make: (_s, n) => ({ path: searchPath(SEARCH_QUERIES[n % SEARCH_QUERIES.length]!.text) }),
              },
            ],
            searchers,
            { connections: 10 },
          );
          rows.push(
            { scenario, metric: '10 at once: throughput', value: Math.round(load.total.reqPerSec), unit: 'req/s' },
            { scenario, metric: '10 at once: latency p50', value: round2(load.total.p50Ms), unit: 'ms' },
            { scenario, metric: '10 at once: latency p95', value: round2(load.total.p95Ms), unit: 'ms' },
            { scenario, metric: '10 at once: latency p99', value: round2(load.total.p99Ms), unit: 'ms' },
            {
              scenario,
              metric: '10 at once: failed answers',
              value: load.total.non2xx + load.errors + load.timeouts,
              unit: 'count',
              pass: load.total.non2xx + load.errors + load.timeouts === 0,
              must: true,
              note: load.failures[0],
            },
          );
        } finally {
          await shop.stop();
        }
      }
    }
    return rows;
  },
};

/** The listing's first page as the home page asks for it, and in the other sorts and a filtered view. */
const LISTING_PATHS = [
  { kind: 'first page (shop order)', path: '/api/catalogue/products' },
  { kind: 'price low to high', path: '/api/catalogue/products?sort=price-asc' },
  { kind: 'price high to low', path: '/api/catalogue/products?sort=price-desc' },
  { kind: 'Puzzle, Kids, at most £8', path: '/api/catalogue/products?type=Puzzle&age=Kids&max_price=8' },
] as const;

/** The time of one request and its answer's bytes. */
async function timedGet(url: string): Promise<{ ms: number; status: number; bytes: Buffer }> {
  const started = performance.now();
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, bytes };
}

export const listingScenario: Scenario = {
  name: 'listing',
  description:
    'the paged listing (GET /api/catalogue/products): its first page and a second page with 50 shoppers at once, one shopper in each sort and a filtered view, and its size, at each catalogue size, on PGlite and PostgreSQL',
  ownServer: true,
  async run(ctx) {
    const rows: Row[] = [];
    const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 10) * 2;
    const shoppers: Shopper[] = Array.from({ length: 50 }, (_, i) => ({
      id: '',
      email: '',
      token: '',
      ip: clientIp(i),
    }));
    for (const kind of ['pglite', 'postgres'] as const) {
      for (const size of benchSizes()) {
        const scenario = `listing ${kind} ${sizeLabel(size)}`;
        const { shop, rows: setup } = await shopOnCatalogue(scenario, kind, size, ctx);
        rows.push(...setup);
        if (!shop) continue;
        try {
          // The first answer after a start also makes the facet summary (once per catalogue change).
          const first = await timedGet(`${shop.url}${LISTING_PATHS[0].path}`);
          const page =
            first.status === 200
              ? (JSON.parse(first.bytes.toString()) as { products: unknown[]; total: number })
              : null;
          rows.push(
            {
              scenario,
              metric: 'first answer after start',
              value: round2(first.ms),
              unit: 'ms',
              note: 'includes counting the facets once (GROUP BY type, age, price)',
            },
            {
              scenario,
              metric: 'first page answers 24 books of all',
              value: page?.products.length ?? 0,
              unit: 'books',
              pass: page?.products.length === Math.min(24, size) && page.total === size,
              must: true,
              note: `total ${page?.total ?? '–'}`,
            },
            { scenario, metric: 'first page size', value: round2(first.bytes.length / 1024), unit: 'kB', note: 'JSON' },
            {
              scenario,
              metric: 'first page size gzipped',
              value: round2(gzipSync(first.bytes).length / 1024),
              unit: 'kB',
              target: '≤ 20 kB',
              pass: gzipSync(first.bytes).length <= 20 * 1024,
              note: 'sent so when the client accepts gzip',
            },
          );
          // Second pages (read from the database every time; first pages are kept in memory until a change).
          const secondPaths: { kind: string; path: string }[] = [];
          for (const { kind: queryKind, path } of LISTING_PATHS) {
            const answer = await timedGet(`${shop.url}${path}`);
            const next =
              answer.status === 200
                ? (JSON.parse(answer.bytes.toString()) as { next_cursor: string | null }).next_cursor
                : null;
            if (next)
              secondPaths.push({
                kind: `${queryKind}, second page (database)`,
                path: `${path}${path.includes('?') ? '&' : '?'}cursor=${next}`,
              });
          }
          let failures = 0;
          for (const { kind: queryKind, path } of [...LISTING_PATHS, ...secondPaths]) {
            for (let i = 0; i < 5; i++) await timedGet(`${shop.url}${path}`); // warm-up
            const times: number[] = [];
            for (let i = 0; i < rounds; i++) {
              const answer = await timedGet(`${shop.url}${path}`);
              if (answer.status !== 200) failures += 1;
              times.push(answer.ms);
            }
            rows.push({
              scenario,
              metric: `one shopper: ${queryKind} p95`,
              value: round2(percentile(sorted(times), 95)),
              unit: 'ms',
              note: `${rounds} requests`,
            });
          }
          rows.push({
            scenario,
            metric: 'one shopper: failed answers',
            value: failures,
            unit: 'count',
            pass: failures === 0,
            must: true,
          });
          const targetMs = size === 100_000 ? (kind === 'postgres' ? 10 : 20) : undefined;
          const loads = [
            { label: 'first page', path: LISTING_PATHS[0].path, targetMs },
            ...(secondPaths[0]
              ? [{ label: 'second page (database)', path: secondPaths[0].path, targetMs: undefined }]
              : []),
          ];
          for (const { label, path, targetMs: target } of loads) {
            const load = await runMix([shop.url], [{ kind: 'listing', make: () => ({ path }) }], shoppers, {
              connections: 50,
            });
            const failed = load.total.non2xx + load.errors + load.timeouts;
            rows.push(
              {
                scenario,
                metric: `50 at once, ${label}: throughput`,
                value: Math.round(load.total.reqPerSec),
                unit: 'req/s',
              },
              { scenario, metric: `50 at once, ${label}: latency p50`, value: round2(load.total.p50Ms), unit: 'ms' },
              {
                scenario,
                metric: `50 at once, ${label}: latency p95`,
                value: round2(load.total.p95Ms),
                unit: 'ms',
                ...(target ? { target: `≤ ${target} ms`, pass: load.total.p95Ms <= target } : {}),
              },
              { scenario, metric: `50 at once, ${label}: latency p99`, value: round2(load.total.p99Ms), unit: 'ms' },
              {
                scenario,
                metric: `50 at once, ${label}: failed answers`,
                value: failed,
                unit: 'count',
                pass: failed === 0,
                must: true,
                note: load.failures[0],
              },
            );
          }
        } finally {
          await shop.stop();
        }
      }
    }
    return rows;
  },
};
