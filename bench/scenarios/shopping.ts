/**
 * Shoppers under load: the browsing mix (home page, catalogue, search, product page, cart) and
 * concurrent checkouts through a fake Stripe, on PGlite and on PostgreSQL, and both on two shop
 * instances sharing one PostgreSQL database (scale-out). The catalogue: BENCH_SHOP_PRODUCTS
 * generated books (default 1,000).
 */
import { startFakeStripe, type FakeStripe } from '../../src/server/test/fake-stripe';
import { BENCH_ENV, catalogue, type DbKind } from '../lib/catalogues';
import {
  checkoutEnv,
  newAdmin,
  runCheckouts,
  runDiscountRace,
  verifyCheckouts,
  verifyDiscountRace,
  type AdminCredentials,
} from '../lib/checkout-load';
import { call, createShoppers, expectCall, type Shopper } from '../lib/http';
import { runMix, type MixResult, type MixStep } from '../lib/mix';
import { SEARCH_QUERIES, searchPath } from '../lib/queries';
import type { Row } from '../lib/report';
import type { BenchDatabase } from '../lib/seed-products';
import { startServer, type StartedServer } from '../lib/server';
import type { BenchContext, Scenario } from '../run';

const shopProducts = () => Number(process.env.BENCH_SHOP_PRODUCTS ?? 1000);
const checkoutCount = () => Number(process.env.BENCH_CHECKOUTS ?? 200);
const round2 = (value: number) => Math.round(value * 100) / 100;

interface Listed {
  id: string;
  name: string;
}

/** One shopper's loop: the pages and calls a visit makes, in order. */
export function browsingSteps(products: Listed[], shoppers: Shopper[]): MixStep[] {
  const indexOf = new Map(shoppers.map((s, i) => [s.id, i]));
  const productFor = (shopper: Shopper, n: number) =>
    products[((indexOf.get(shopper.id) ?? 0) * 31 + n * 7) % products.length]!;
  const query = (shopper: Shopper, n: number) =>
    SEARCH_QUERIES[((indexOf.get(shopper.id) ?? 0) + n) % SEARCH_QUERIES.length]!.text;
  return [
    { kind: 'home page (HTML)', make: () => ({ path: '/' }) },
    { kind: 'get_products', make: () => ({ path: '/api/server/get_products' }) },
    { kind: 'search (typing)', make: (s, n) => ({ path: searchPath(query(s, n).slice(0, 3)) }) },
    { kind: 'search', make: (s, n) => ({ path: searchPath(query(s, n)) }) },
    { kind: 'product page (HTML)', make: (s, n) => ({ path: `/item/${encodeURIComponent(productFor(s, n).name)}` }) },
    {
      kind: 'get_product',
      make: (s, n) => ({ path: `/api/server/get_product?name=${encodeURIComponent(productFor(s, n).name)}` }),
    },
    {
      kind: 'update_cart',
      method: 'POST',
      auth: true,
      // A basket of at most 5 books per shopper, quantities changing.
      make: (s, n) => ({
        path: '/api/server/update_cart',
        body: {
          user_id: s.id,
          product_id: products[((indexOf.get(s.id) ?? 0) * 5 + (n % 5)) % products.length]!.id,
          qty: 1 + (n % 3),
        },
      }),
    },
    { kind: 'get_cart_products', auth: true, make: (s) => ({ path: `/api/server/get_cart_products/${s.id}` }) },
  ];
}

function mixRows(scenario: string, result: MixResult): Row[] {
  const failed = result.total.non2xx + result.errors + result.timeouts;
  return [
    {
      scenario,
      metric: 'shoppers (connections)',
      value: result.connections,
      unit: 'count',
      note: `${result.durationS} s measured`,
    },
    { scenario, metric: 'throughput, all calls', value: Math.round(result.total.reqPerSec), unit: 'req/s' },
    { scenario, metric: 'latency p50', value: round2(result.total.p50Ms), unit: 'ms' },
    { scenario, metric: 'latency p95', value: round2(result.total.p95Ms), unit: 'ms' },
    { scenario, metric: 'latency p99', value: round2(result.total.p99Ms), unit: 'ms' },
    {
      scenario,
      metric: 'failed answers (non-2xx, errors, timeouts)',
      value: failed,
      unit: 'count',
      target: '= 0',
      pass: failed === 0,
      must: true,
      note: failed
        ? `${result.total.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ${result.failures[0] ?? ''}`
        : `of ${result.total.requests.toLocaleString('en-GB')}`,
    },
    ...result.kinds.map((k) => ({
      scenario,
      metric: `  ${k.kind}: p50 / p95 / p99`,
      value: round2(k.p95Ms),
      unit: 'ms (p95)',
      note: `${round2(k.p50Ms)} / ${round2(k.p95Ms)} / ${round2(k.p99Ms)} ms, ${Math.round(k.reqPerSec)} req/s${k.non2xx ? `, ${k.non2xx} non-2xx` : ''}`,
    })),
  ];
}

async function browse(scenario: string, urls: string[]): Promise<Row[]> {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const shoppers = await createShoppers(
    urls[0]!,
    connections,
    `${scenario.replace(/\W+/g, '-')}-${Date.now().toString(36)}`,
  );
  const products = await expectCall<Listed[]>(200, `${urls[0]}/api/server/get_products`);
  const result = await runMix(urls, browsingSteps(products, shoppers), shoppers, { connections });
  return mixRows(scenario, result);
}

async function shopsOn(
  kind: DbKind,
  purpose: string,
  count: number,
  ctx: BenchContext,
  env: Record<string, string> = {},
): Promise<{ shops: StartedServer[]; target: { dataDir: string } | { url: string } } | null> {
  const cat = await catalogue(kind, shopProducts(), purpose);
  if (!cat) return null;
  const shops: StartedServer[] = [];
  for (let i = 0; i < count; i++) {
    // Each instance its own DATA_DIR (nothing shared but the database); PGlite can only have one.
    const dataDir = i === 0 ? cat.dataDir : undefined;
    shops.push(
      await startServer({
        dataDir,
        env: { ...BENCH_ENV, WEB_DIST_DIR: ctx.distDir, PASSWORD_HASH_COST: '12', ...cat.env, ...env },
      }),
    );
  }
  return { shops, target: cat.kind === 'pglite' ? { dataDir: cat.dataDir } : { url: cat.env.DATABASE_URL! } };
}

const notRun = (scenario: string): Row[] => [
  { scenario, metric: 'not run', value: NaN, unit: '', note: 'PostgreSQL not reachable (BENCH_DATABASE_URL)' },
];

export const browsingScenario: Scenario = {
  name: 'browsing',
  description:
    'many signed-in shoppers on home, catalogue, search, product pages and cart calls, on PGlite and PostgreSQL',
  ownServer: true,
  async run(ctx) {
    const rows: Row[] = [];
    for (const kind of ['pglite', 'postgres'] as const) {
      const scenario = `browsing ${kind}`;
      const started = await shopsOn(kind, 'browsing', 1, ctx);
      if (!started) {
        rows.push(...notRun(scenario));
        continue;
      }
      try {
        rows.push(
          ...(await browse(
            scenario,
            started.shops.map((s) => s.url),
          )),
        );
      } finally {
        for (const shop of started.shops) await shop.stop();
      }
    }
    return rows;
  },
};

interface CheckoutShops<R> {
  scenario: string;
  kind: DbKind;
  instances: number;
  purpose: string;
  /** Stripe through the fake Stripe API, or the demo checkout. */
  payments: 'stripe' | 'demo';
  work(urls: string[], stripe: FakeStripe | null, admin: AdminCredentials): Promise<R>;
  /** Reads the database after the shops stopped (PGlite is one process's). */
  verify(result: R, target: BenchDatabase): Promise<Row[]>;
}

/** Starts checkout shops (an admin, and Stripe pointed at a fake or the demo checkout), runs the work, stops them, checks the database. */
async function onCheckoutShops<R>(ctx: BenchContext, run: CheckoutShops<R>): Promise<Row[]> {
  const stripe = run.payments === 'stripe' ? await startFakeStripe() : null;
  const admin = newAdmin();
  try {
    const started = await shopsOn(run.kind, run.purpose, run.instances, ctx, checkoutEnv(stripe, admin));
    if (!started) return notRun(run.scenario);
    let result: R;
    try {
      result = await run.work(
        started.shops.map((s) => s.url),
        stripe,
        admin,
      );
    } finally {
      for (const shop of started.shops) await shop.stop();
    }
    return await run.verify(result, started.target);
  } finally {
    await stripe?.close();
  }
}

const checkoutOn = (scenario: string, kind: DbKind, instances: number, ctx: BenchContext) =>
  onCheckoutShops(ctx, {
    scenario,
    kind,
    instances,
    purpose: `checkout-${instances}`,
    payments: 'stripe',
    work: (urls, stripe, admin) => runCheckouts(urls, stripe!, admin, { checkouts: checkoutCount() }),
    verify: (run, target) => verifyCheckouts(scenario, run, target),
  });

const discountRaceOn = (scenario: string, kind: DbKind, payments: 'stripe' | 'demo', ctx: BenchContext) =>
  onCheckoutShops(ctx, {
    scenario,
    kind,
    instances: 1,
    purpose: `discount-race-${payments}`,
    payments,
    work: (urls, stripe, admin) => runDiscountRace(urls[0]!, stripe, admin),
    verify: (race, target) => verifyDiscountRace(scenario, race, target),
  });

export const checkoutScenario: Scenario = {
  name: 'checkout',
  description: `concurrent checkouts through a fake Stripe, each webhook delivered twice: exactly one order each, totals to the penny, codes used once`,
  ownServer: true,
  async run(ctx) {
    return [
      ...(await checkoutOn('checkout pglite', 'pglite', 1, ctx)),
      ...(await checkoutOn('checkout postgres', 'postgres', 1, ctx)),
    ];
  },
};

export const discountRaceScenario: Scenario = {
  name: 'discount_race',
  description:
    'one single-use 99 % code in 20 checkouts at once, all paid at once: one checkout opened, 19 refused before payment, one discounted order (demo and Stripe, PGlite and PostgreSQL)',
  ownServer: true,
  async run(ctx) {
    const rows: Row[] = [];
    for (const kind of ['pglite', 'postgres'] as const) {
      for (const payments of ['demo', 'stripe'] as const)
        rows.push(...(await discountRaceOn(`discount race ${kind} ${payments}`, kind, payments, ctx)));
    }
    return rows;
  },
};

/** A cart written on one instance is read on the other, for a few shoppers. */
async function cartsAcrossInstances(scenario: string, urls: string[]): Promise<Row[]> {
  const shoppers = await createShoppers(urls[0]!, 10, `across-${Date.now().toString(36)}`);
  const products = await expectCall<Listed[]>(200, `${urls[0]}/api/server/get_products`);
  let same = 0;
  for (const [i, shopper] of shoppers.entries()) {
    const product = products[i % products.length]!;
    await expectCall(200, `${urls[0]}/api/server/update_cart`, {
      body: { user_id: shopper.id, product_id: product.id, qty: 2 + (i % 5) },
      token: shopper.token,
      ip: shopper.ip,
    });
    const read = await call<{ product_id: string; qty: number }[]>(`${urls[1]}/api/server/get_cart/${shopper.id}`, {
      token: shopper.token,
      ip: shopper.ip,
    });
    if (
      read.status === 200 &&
      read.body.length === 1 &&
      read.body[0]!.product_id === product.id &&
      read.body[0]!.qty === 2 + (i % 5)
    )
      same += 1;
  }
  return [
    {
      scenario,
      metric: 'carts written on one instance, read on the other',
      value: same,
      unit: 'count',
      target: `= ${shoppers.length}`,
      pass: same === shoppers.length,
      must: true,
    },
  ];
}

export const scaleOutScenario: Scenario = {
  name: 'scale_out',
  description: 'two shop instances on one PostgreSQL: the browsing mix split across both, checkouts split across both',
  ownServer: true,
  async run(ctx) {
    const rows: Row[] = [];
    const browsing = await shopsOn('postgres', 'scale-out-browsing', 2, ctx);
    if (!browsing) return notRun('scale-out');
    try {
      const urls = browsing.shops.map((s) => s.url);
      rows.push(...(await cartsAcrossInstances('scale-out carts', urls)));
      rows.push(...(await browse('scale-out browsing (2 instances)', urls)));
    } finally {
      for (const shop of browsing.shops) await shop.stop();
    }
    rows.push(...(await checkoutOn('scale-out checkout (2 instances)', 'postgres', 2, ctx)));
    return rows;
  },
};
