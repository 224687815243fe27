/**
 * What a phone downloads and how Lighthouse rates it. home_js (on the shared demo-catalogue shop):
 * the home page's JavaScript as the server-rendered page links it (modulepreloads and the imports
 * of React Router's inline start-up script), as React Router's manifest lists it for root + shell +
 * home, and as Chromium really loads it, against the 130 kB budget; no admin chunk on shopper
 * pages. lighthouse (its own shop on the largest BENCH_SIZES catalogue, 100,000 books by default):
 * Lighthouse's four scores on /, a filtered view, a search results page and a product page.
 */
import path from 'node:path';
import { expectCall } from '../lib/http';
import { LIGHTHOUSE_CATEGORIES, runLighthouse, type Category, type LighthouseRun } from '../lib/lighthouse';
import { adminChunks, scriptsLoadedBy } from '../lib/browser';
import type { Row } from '../lib/report';
import {
  clientDir,
  homePageScripts,
  routeManifest,
  routeModulesJs,
  scriptSizes,
  withStaticImports,
} from '../lib/web-size';
import type { Scenario } from '../run';
import { benchSizes, shopOnCatalogue } from './catalogue';

export const HOME_JS_BUDGET_KB = 130;
const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** A product page's address: the first book of the listing's first page. */
export async function productPath(baseUrl: string): Promise<string> {
  const listing = await expectCall<{ products: { name: string }[] }>(200, `${baseUrl}/api/catalogue/products`);
  if (!listing.products[0]) throw new Error('the shop has no products');
  return `/item/${encodeURIComponent(listing.products[0].name)}`;
}

/** The home page's route chain in React Router's manifest (src/web/routes.ts). */
const HOME_ROUTES = ['root', 'routes/shell', 'routes/home'] as const;

export const homeJsScenario: Scenario = {
  name: 'home_js',
  description: `gzipped JS the home page loads (as its rendered HTML links it, per React Router's manifest, and in Chromium at 390 px), budget ${HOME_JS_BUDGET_KB} kB; no admin chunk on shopper pages`,
  async run({ distDir, shop }) {
    const client = clientDir(distDir);
    const page = await fetch(`${shop.url}/`);
    if (!page.ok) throw new Error(`GET / answered ${page.status}`);
    const linked = scriptSizes(client, withStaticImports(client, homePageScripts(await page.text())));
    const listed = scriptSizes(client, routeModulesJs(routeManifest(client), HOME_ROUTES));
    const rows: Row[] = [
      {
        scenario: 'home_js',
        metric: 'rendered / : modulepreloads + inline module imports + their static imports, gzipped',
        value: kB(linked.total.gzipBytes),
        unit: 'kB',
        target: `≤ ${HOME_JS_BUDGET_KB} kB`,
        pass: kB(linked.total.gzipBytes) <= HOME_JS_BUDGET_KB,
        note: `${linked.files.length} files, ${Math.round(linked.total.bytes / 1024)} kB before gzip`,
      },
      ...linked.files.map((f) => ({
        scenario: 'home_js',
        metric: `  ${path.basename(f.file)}`,
        value: kB(f.gzipBytes),
        unit: 'kB',
      })),
      {
        scenario: 'home_js',
        metric: `manifest: entry + ${HOME_ROUTES.join(' + ')}, gzipped`,
        value: kB(listed.total.gzipBytes),
        unit: 'kB',
        note: `${listed.files.length} files (React Router's assets/manifest-*.js included)`,
      },
    ];
    const admin = adminChunks(distDir);
    for (const [label, pagePath] of [
      ['home page', '/'],
      ['product page', await productPath(shop.url)],
    ] as const) {
      const loaded = await scriptsLoadedBy(`${shop.url}${pagePath}`, distDir);
      const sum = loaded.reduce((s, f) => s + f.gzipBytes, 0);
      const adminLoaded = loaded.filter((f) => admin.has(f.file.replace(/^\//, '')));
      rows.push(
        {
          scenario: 'home_js',
          metric: `${label} in Chromium: all JS, gzipped`,
          value: kB(sum),
          unit: 'kB',
          ...(pagePath === '/' ? { target: `≤ ${HOME_JS_BUDGET_KB} kB`, pass: kB(sum) <= HOME_JS_BUDGET_KB } : {}),
          note: `${loaded.length} files: ${loaded.map((f) => `${path.basename(f.file)} ${kB(f.gzipBytes)}`).join(', ')}`,
        },
        {
          scenario: 'home_js',
          metric: `${label} in Chromium: admin chunks loaded`,
          value: adminLoaded.length,
          unit: 'count',
          target: '= 0',
          pass: adminLoaded.length === 0,
          must: true,
          note: adminLoaded.length
            ? adminLoaded.map((f) => f.file).join(', ')
            : `${admin.size} admin chunks in the build, none loaded`,
        },
      );
    }
    if (admin.size === 0)
      rows.push({
        scenario: 'home_js',
        metric: 'admin chunks found in the build',
        value: 0,
        unit: 'count',
        target: '> 0',
        pass: false,
        must: true,
        note: 'the admin check found no admin chunk: it would pass whatever the page loads',
      });
    return rows;
  },
};

const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Lighthouse runs per page; each score and metric is the median of the runs, as Lighthouse advises. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const median = (values: number[]) => {
  const ordered = [...values].sort((a, b) => a - b);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 ? ordered[middle]! : (ordered[middle - 1]! + ordered[middle]!) / 2;
};

/** The pages Lighthouse rates: the plain home page, a filtered view, search results and a product page. */
async function lighthousePages(baseUrl: string): Promise<(readonly [string, string])[]> {
  return [
    ['home', '/'],
    ['filtered home', '/?type=Puzzle&sort=price-asc'],
    ['search results', '/search?q=puzzle'],
    ['product page', await productPath(baseUrl)],
  ];
}

export const lighthouseScenario: Scenario = {
  name: 'lighthouse',
  description: `Lighthouse mobile preset on /, a filtered view, /search?q=puzzle and a product page at the largest catalogue size (BENCH_SIZES), median of ${LIGHTHOUSE_RUNS} runs: performance, accessibility, best practices, SEO`,
  ownServer: true,
  async run(ctx) {
    const size = Math.max(...benchSizes());
    const sizeLabel = size.toLocaleString('en-GB');
    const { shop, rows } = await shopOnCatalogue(`lighthouse ${sizeLabel}`, 'pglite', size, ctx);
    if (!shop) return rows;
    try {
      for (const [label, pagePath] of await lighthousePages(shop.url)) {
        const scenario = `lighthouse ${sizeLabel} ${label}`;
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await runLighthouse(`${shop.url}${pagePath}`));
        const retries = runs.reduce((sum, run) => sum + run.retries, 0);
        rows.push({
          scenario,
          metric: 'page',
          value: NaN,
          unit: '',
          note: `${pagePath}; performance in each run: ${runs.map((run) => run.scores.performance).join(', ')}${retries ? ` (${retries} run(s) retried: Lighthouse could not record the trace)` : ''}`,
        });
        for (const category of LIGHTHOUSE_CATEGORIES) {
          const target = TARGETS[category];
          const value = median(runs.map((run) => run.scores[category]));
          rows.push({
            scenario,
            metric: `${category} (median)`,
            value,
            unit: 'score',
            target: target === 100 ? '= 100' : `≥ ${target}`,
            pass: value >= target,
          });
        }
        for (const metric of Object.keys(runs[0]!.metrics))
          rows.push({
            scenario,
            metric: `  ${metric} (median)`,
            value: median(runs.map((run) => run.metrics[metric]!)),
            unit: metric.includes('x1000') ? '' : 'ms',
          });
        // The audits that cost points in the run of median performance.
        const middle = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[
          Math.floor((runs.length - 1) / 2)
        ]!;
        for (const failing of middle.failing)
          rows.push({ scenario, metric: '  audit below full score', value: NaN, unit: '', note: failing });
      }
    } finally {
      await shop.stop();
    }
    return rows;
  },
};
