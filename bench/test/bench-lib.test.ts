/**
 * Unit tests of the bench's own pure parts: `npm run bench:test` (node:test through tsx; not part
 * of npm test, like the bench itself).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { priceCart } from '../../src/shared/pricing';
import { adminChunks } from '../lib/browser';
import { planCheckouts, type CatalogueProduct, type Code } from '../lib/checkout-load';
import { clientIp, mapLimit } from '../lib/http';
import { percentile } from '../lib/load';
import { FIGURES_END, FIGURES_START, writePerformanceDoc, type Machine } from '../lib/performance-doc';
import { benchProduct, FIRST_WORDS, SECOND_WORDS } from '../lib/seed-products';
import { homePageScripts, routeManifest, routeModulesJs, withStaticImports } from '../lib/web-size';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'bench-test-'));

describe('percentile', () => {
  it('answers the nearest-rank value of ascending values', () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentile(values, 50), 51);
    assert.equal(percentile(values, 95), 96);
    assert.equal(percentile(values, 99), 100);
    assert.equal(percentile([7], 99), 7);
  });
  it('answers NaN for no values, so an empty run never shows as 0 ms', () => {
    assert.ok(Number.isNaN(percentile([], 50)));
  });
});

describe('benchProduct', () => {
  it('makes unique ids and names, prices within the demo range, all types and ages', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => benchProduct(i + 1));
    assert.equal(new Set(rows.map((r) => r.id)).size, rows.length);
    assert.equal(new Set(rows.map((r) => r.name)).size, rows.length);
    assert.ok(rows.every((r) => r.pricePence >= 399 && r.pricePence <= 1499));
    assert.deepEqual(new Set(rows.map((r) => r.type)), new Set(['Activity', 'Puzzle', 'Colouring', 'Journal']));
    assert.deepEqual(new Set(rows.map((r) => r.age)), new Set(['Kids', 'Adults', '']));
  });
  it('only uses plain words, so the seeding SQL needs no escaping', () => {
    for (const word of [...FIRST_WORDS, ...SECOND_WORDS]) assert.match(word, /^[A-Za-z]+$/);
  });
  it('is the same row every time', () => {
    assert.deepEqual(benchProduct(777), benchProduct(777));
    assert.equal(benchProduct(777).name, 'The Clever Wordsearch Puzzle Book No. 000777');
  });
});

describe('planCheckouts', () => {
  const products: CatalogueProduct[] = Array.from({ length: 60 }, (_, i) => {
    const p = benchProduct(i + 1);
    return { id: p.id, name: p.name, type: p.type, age: p.age, price: p.pricePence / 100 };
  });
  const codes: Code[] = [
    { code: 'ALL10', percentage: 10, types: [], ages: [] },
    { code: 'PUZ25', percentage: 25, types: ['Puzzle'], ages: [] },
    { code: 'KIDS7', percentage: 7, types: [], ages: ['Kids'] },
    { code: 'CJ33', percentage: 33, types: ['Colouring', 'Journal'], ages: ['Adults', ''] },
  ];
  const shoppers = [{ id: 'u1', email: 'u1@bench.example', token: 't', ip: '198.18.0.1' }];
  const plan = planCheckouts(products, codes, shoppers, 40);

  it('gives each code to one checkout whose cart holds a book the code applies to', () => {
    for (const [i, code] of codes.entries()) {
      const checkout = plan[i]!;
      assert.equal(checkout.code?.code, code.code);
      const eligible = checkout.lines.some((line) => {
        const p = products.find((x) => x.id === line.product_id)!;
        return (
          (code.types.length === 0 || code.types.includes(p.type)) &&
          (code.ages.length === 0 || code.ages.includes(p.age))
        );
      });
      assert.ok(eligible, `${code.code} applies to nothing in its cart`);
    }
    assert.ok(plan.slice(codes.length).every((c) => c.code === null));
  });
  it('makes carts of 1 to 4 different books, 1 to 5 of each', () => {
    for (const checkout of plan) {
      assert.ok(checkout.lines.length >= 1 && checkout.lines.length <= 4);
      assert.equal(new Set(checkout.lines.map((l) => l.product_id)).size, checkout.lines.length);
      assert.ok(checkout.lines.every((l) => Number.isInteger(l.qty) && l.qty >= 1 && l.qty <= 5));
    }
  });
  it('expects exactly what priceCart gives from the catalogue prices', () => {
    for (const checkout of plan) {
      const lines = checkout.lines.map((l) => {
        const p = products.find((x) => x.id === l.product_id)!;
        return { unitPence: Math.round(p.price * 100), qty: l.qty, type: p.type, age: p.age };
      });
      assert.equal(checkout.expectedTotalPence, priceCart(lines, checkout.code).totalPence);
    }
  });
  it('makes the same carts on every run, one in five signed in', () => {
    assert.deepEqual(
      planCheckouts(products, codes, shoppers, 40).map((c) => c.lines),
      plan.map((c) => c.lines),
    );
    assert.equal(plan.filter((c) => c.shopper).length, 8);
  });
});

describe('adminChunks', () => {
  it("finds chunks of modules in a feature's admin/ folder and chunks only they import, not shared ones or the feature's shopper pages", () => {
    const dist = temp();
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'main.tsx': {
          file: 'assets/index-1.js',
          src: 'main.tsx',
          isEntry: true,
          imports: ['_shared.js'],
          dynamicImports: ['features/orders/admin/OrdersPage.tsx', 'features/orders/OrderHistory.tsx'],
        },
        'features/orders/admin/OrdersPage.tsx': {
          file: 'assets/OrdersPage-2.js',
          src: 'features/orders/admin/OrdersPage.tsx',
          imports: ['_shared.js', '_table.js'],
        },
        'features/orders/OrderHistory.tsx': {
          file: 'assets/OrderHistory-5.js',
          src: 'features/orders/OrderHistory.tsx',
          imports: ['_shared.js'],
        },
        '_table.js': { file: 'assets/table-3.js' },
        '_shared.js': { file: 'assets/shared-4.js' },
      }),
    );
    try {
      assert.deepEqual([...adminChunks(dist)].sort(), ['assets/OrdersPage-2.js', 'assets/table-3.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
  it("without a Vite manifest, takes the admin routes' files no shopper route loads from React Router's manifest, and the chart library", () => {
    const dist = routerBuild();
    try {
      assert.deepEqual([...adminChunks(dist)].sort(), [
        'assets/admin-table-10.js',
        'assets/layout-client-loader-9.js',
        'assets/layout-main-8.js',
        'assets/uPlot-11.js',
      ]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
  it('reads the route modules of a Vite manifest under client/ as admin code', () => {
    const dist = temp();
    mkdirSync(path.join(dist, 'client/.vite'), { recursive: true });
    writeFileSync(
      path.join(dist, 'client/.vite/manifest.json'),
      JSON.stringify({
        'src/web/routes/admin/home.tsx': {
          file: 'assets/home-1.js',
          src: 'src/web/routes/admin/home.tsx',
          imports: ['_shared.js'],
        },
        'src/web/routes/home.tsx': {
          file: 'assets/home-2.js',
          src: 'src/web/routes/home.tsx',
          imports: ['_shared.js'],
        },
        '_shared.js': { file: 'assets/shared-3.js' },
      }),
    );
    try {
      assert.deepEqual([...adminChunks(dist)], ['assets/home-1.js']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('homePageScripts', () => {
  it('lists the modulepreloads and the imports of the inline module script React Router renders, not external or classic scripts', () => {
    const html =
      '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="stylesheet" href="/assets/root.css"/>' +
      '<script>window.__reactRouterContext = {};</script>' +
      '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\nimport * as route1 from "/assets/home-4.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-2.js");</script>' +
      '<script src="https://example.com/x.js" type="module"></script><script type="module" src="/assets/extra-5.js"></script>';
    assert.deepEqual(homePageScripts(html), [
      '/assets/manifest-1.js',
      '/assets/entry.client-2.js',
      '/assets/root-3.js',
      '/assets/home-4.js',
      '/assets/extra-5.js',
    ]);
  });
});

describe('withStaticImports', () => {
  it('adds what the files import statically, recursively, but not their import() nor what is not in the build', () => {
    const client = temp();
    mkdirSync(path.join(client, 'assets'), { recursive: true });
    writeFileSync(
      path.join(client, 'assets', 'root-1.js'),
      'import{a as e}from"./framework-2.js";import"./shell-3.js";const l=()=>import("./admin-4.js");',
    );
    writeFileSync(path.join(client, 'assets', 'framework-2.js'), 'export const a=1;');
    writeFileSync(path.join(client, 'assets', 'shell-3.js'), 'import{a}from"./framework-2.js";export{a as b};');
    writeFileSync(path.join(client, 'assets', 'admin-4.js'), 'export const x=1;');
    try {
      assert.deepEqual(withStaticImports(client, ['/assets/root-1.js']), [
        '/assets/root-1.js',
        '/assets/framework-2.js',
        '/assets/shell-3.js',
      ]);
    } finally {
      rmSync(client, { recursive: true, force: true });
    }
  });
});

/** A client build with React Router's manifest: a shopper home route and an admin route, sharing a chunk. */
function routerBuild(): string {
  const dist = temp();
  mkdirSync(path.join(dist, 'client/assets'), { recursive: true });
  const manifest = {
    entry: { module: '/assets/entry.client-1.js', imports: ['/assets/react-2.js'], css: [] },
    routes: {
      root: { id: 'root', path: '', module: '/assets/root-3.js', imports: ['/assets/react-2.js', '/assets/api-4.js'] },
      'routes/shell': {
        id: 'routes/shell',
        parentId: 'root',
        module: '/assets/shell-5.js',
        imports: ['/assets/api-4.js'],
      },
      'routes/home': {
        id: 'routes/home',
        parentId: 'routes/shell',
        index: true,
        module: '/assets/home-6.js',
        imports: ['/assets/grid-7.js'],
      },
      'routes/admin/layout': {
        id: 'routes/admin/layout',
        parentId: 'routes/shell',
        module: '/assets/layout-main-8.js',
        clientLoaderModule: '/assets/layout-client-loader-9.js',
        imports: ['/assets/api-4.js', '/assets/grid-7.js', '/assets/admin-table-10.js'],
      },
    },
  };
  writeFileSync(
    path.join(dist, 'client/assets/manifest-abc.js'),
    `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
  );
  writeFileSync(path.join(dist, 'client/assets/uPlot-11.js'), '');
  return dist;
}

describe('routeModulesJs', () => {
  it("lists the manifest, the entry and each route's module and imports once", () => {
    const dist = routerBuild();
    try {
      assert.deepEqual(
        routeModulesJs(routeManifest(path.join(dist, 'client')), ['root', 'routes/shell', 'routes/home']),
        [
          '/assets/manifest-abc.js',
          '/assets/entry.client-1.js',
          '/assets/react-2.js',
          '/assets/root-3.js',
          '/assets/api-4.js',
          '/assets/shell-5.js',
          '/assets/home-6.js',
          '/assets/grid-7.js',
        ],
      );
      assert.throws(
        () => routeModulesJs(routeManifest(path.join(dist, 'client')), ['routes/nowhere']),
        /not in the React Router manifest/,
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('writePerformanceDoc', () => {
  const machine: Machine = {
    date: '2026-01-01T00:00:00Z',
    cpus: 2,
    cpuModel: 'cpu',
    memoryGiB: 4,
    node: 'v20',
    os: 'Linux',
    postgres: '15',
    commit: 'abc',
    startLoadAverage: [0.1, 0.1, 0.1],
    settings: {},
  };
  const rows = [{ scenario: 'search', metric: 'p95 | all', value: 12.345, unit: 'ms', target: '≤ 20 ms', pass: true }];

  it('replaces only the figures between the markers and keeps the prose around them', () => {
    const dir = temp();
    const file = path.join(dir, 'performance.md');
    writeFileSync(
      file,
      `# Performance\n\nProse before.\n\n${FIGURES_START}\nold figures\n${FIGURES_END}\n\nProse after.\n`,
    );
    try {
      writePerformanceDoc(rows, machine, ['search'], file);
      const text = readFileSync(file, 'utf8');
      assert.ok(text.startsWith('# Performance\n\nProse before.\n\n'));
      assert.ok(text.endsWith('\n\nProse after.\n'));
      assert.ok(!text.includes('old figures'));
      assert.ok(text.includes('| p95 \\| all | 12.35 | ms | ≤ 20 ms | pass |  |'));
      assert.ok(!text.includes('was busy'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('appends a figures section when the file has none, and says when the machine was busy', () => {
    const dir = temp();
    const file = path.join(dir, 'performance.md');
    writeFileSync(file, '# Performance\n');
    try {
      writePerformanceDoc(rows, { ...machine, startLoadAverage: [6, 5, 4] }, ['search'], file);
      const text = readFileSync(file, 'utf8');
      assert.ok(text.includes(`## Figures\n\n${FIGURES_START}`));
      assert.ok(text.includes('The machine was busy'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('http helpers', () => {
  it('gives a different client address to each of 60,000 people', () => {
    const ips = new Set(Array.from({ length: 60_000 }, (_, i) => clientIp(i)));
    assert.equal(ips.size, 60_000);
  });
  it('mapLimit keeps the order of results and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (value) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, value));
      running -= 1;
      return value * 10;
    });
    assert.deepEqual(out, [50, 10, 40, 20, 30]);
    assert.equal(most, 2);
  });
});
