/**
 * What a phone downloads and how Lighthouse rates it, on the shared demo-catalogue shop: the
 * home page's JavaScript (static from index.html, and as Chromium really loads it, against the
 * 130 kB budget), no admin chunk on shopper pages, Lighthouse's four scores on / and a product page.
 */
import path from 'node:path';
import { expectCall } from '../lib/http';
import { LIGHTHOUSE_CATEGORIES, runLighthouse, type Category, type LighthouseRun } from '../lib/lighthouse';
import { adminChunks, scriptsLoadedBy } from '../lib/browser';
import type { Row } from '../lib/report';
import { homePageJsSize } from '../lib/web-size';
import type { Scenario } from '../run';

export const HOME_JS_BUDGET_KB = 130;
const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function productPath(baseUrl: string): Promise<string> {
  const products = await expectCall<{ name: string }[]>(200, `${baseUrl}/api/server/get_products`);
  if (!products[0]) throw new Error('the shop has no products');
  return `/item/${encodeURIComponent(products[0].name)}`;
}

export const homeJsScenario: Scenario = {
  name: 'home_js',
  description: `gzipped JS the home page loads (index.html, and in Chromium at 390 px), budget ${HOME_JS_BUDGET_KB} kB; no admin chunk on shopper pages`,
  async run({ distDir, shop }) {
    const { total, files } = homePageJsSize(distDir);
    const rows: Row[] = [
      { scenario: 'home_js', metric: 'index.html scripts + modulepreloads, gzipped', value: kB(total.gzipBytes), unit: 'kB', note: `${files.length} files, ${Math.round(total.bytes / 1024)} kB before gzip` },
      ...files.map((f) => ({ scenario: 'home_js', metric: `  ${path.basename(f.file)}`, value: kB(f.gzipBytes), unit: 'kB' })),
    ];
    const admin = adminChunks(distDir);
    for (const [label, pagePath] of [['home page', '/'], ['product page', await productPath(shop.url)]] as const) {
      const loaded = await scriptsLoadedBy(`${shop.url}${pagePath}`, distDir);
      const sum = loaded.reduce((s, f) => s + f.gzipBytes, 0);
      const adminLoaded = loaded.filter((f) => admin.has(f.file.replace(/^\//, '')));
      rows.push(
        { scenario: 'home_js', metric: `${label} in Chromium: all JS, gzipped`, value: kB(sum), unit: 'kB', ...(pagePath === '/' ? { target: `≤ ${HOME_JS_BUDGET_KB} kB`, pass: kB(sum) <= HOME_JS_BUDGET_KB } : {}), note: `${loaded.length} files: ${loaded.map((f) => `${path.basename(f.file)} ${kB(f.gzipBytes)}`).join(', ')}` },
        { scenario: 'home_js', metric: `${label} in Chromium: admin chunks loaded`, value: adminLoaded.length, unit: 'count', target: '= 0', pass: adminLoaded.length === 0, must: true, note: adminLoaded.length ? adminLoaded.map((f) => f.file).join(', ') : `${admin.size} admin chunks in the build, none loaded` },
      );
    }
    return rows;
  },
};

const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
/** Lighthouse runs per page; the median run (by performance score) is reported, as Lighthouse advises. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

export const lighthouseScenario: Scenario = {
  name: 'lighthouse',
  description: `Lighthouse mobile preset on / and a product page, median of ${LIGHTHOUSE_RUNS} runs: performance, accessibility, best practices, SEO`,
  async run({ shop }) {
    const rows: Row[] = [];
    for (const [label, pagePath] of [['home', '/'], ['product page', await productPath(shop.url)]] as const) {
      const scenario = `lighthouse ${label}`;
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await runLighthouse(`${shop.url}${pagePath}`));
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const result = runs[Math.floor((runs.length - 1) / 2)]!;
      const retries = runs.reduce((sum, run) => sum + run.retries, 0);
      rows.push({ scenario, metric: 'performance, every run', value: NaN, unit: '', note: `${runs.map((run) => run.scores.performance).join(', ')}${retries ? ` (${retries} run(s) retried: Lighthouse could not record the trace)` : ''}` });
      for (const category of LIGHTHOUSE_CATEGORIES) {
        const target = TARGETS[category];
        rows.push({ scenario, metric: category, value: result.scores[category], unit: 'score', target: target === 100 ? '= 100' : `≥ ${target}`, pass: result.scores[category] >= target });
      }
      for (const [metric, value] of Object.entries(result.metrics)) rows.push({ scenario, metric: `  ${metric}`, value, unit: metric.includes('x1000') ? '' : 'ms' });
      for (const failing of result.failing) rows.push({ scenario, metric: '  audit below full score', value: NaN, unit: '', note: failing });
    }
    return rows;
  },
};
