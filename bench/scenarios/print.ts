/**
 * print_burst (issue #15, "Measured"): 200 orders paid at once on the demo checkout reach the
 * print partner exactly once each while the partner fails 10 % of calls. The partner is the fake
 * BookVault (src/server/test/fake-bookvault.ts) in the bench's process, answering 503 at random
 * from a fixed seed; the shop is the app built in the bench's process (buildApp, the same code
 * main.ts runs, listening on a port and driven over HTTP), because the print worker's retry base
 * (PrintWorkerOptions.retryBaseMs, 30 s in production) is an option of buildApp and not a setting:
 * here it is 50 ms, so the run ends in seconds. On PGlite and on PostgreSQL, 1,000 generated books
 * whose ids the fake holds as ISBNs.
 *
 * Read afterwards from the database and from the fake: every order's job submitted with the
 * partner's reference, the partner holding exactly one order per order id (the correctness
 * checks); the time from payment (the order's created_at) to the accepted submission (the job's
 * submitted_at) at p50/p95/p99/max, and the partner calls made (POSTs, and how many were retries).
 */
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { AppDeps } from '../../src/server/context';
import { createDeps } from '../../src/server/deps';
import { TEST_ADDRESS } from '../../src/server/test/factories/addresses';
import { startFakeBookVault, type FakeBookVault } from '../../src/server/test/fake-bookvault';
import { BENCH_ENV, catalogue, type DbKind } from '../lib/catalogues';
import { call, clientIp, expectCall, mapLimit } from '../lib/http';
import { percentile } from '../lib/load';
import type { Row } from '../lib/report';
import type { Scenario } from '../run';

const orderCount = () => Number(process.env.BENCH_PRINT_ORDERS ?? 200);
const shopProducts = () => Number(process.env.BENCH_SHOP_PRODUCTS ?? 1000);
/** The share of the partner's calls answered 503, and the seed that picks them. */
const FAILURE_RATE = 0.1;
const FAILURE_SEED = 20261126;
/** The print worker's first retry delay (doubling each time). */
const RETRY_BASE_MS = 50;
const SETTLE_TIMEOUT_MS = 180_000;

interface Listed {
  id: string;
}

interface Burst {
  orderIds: string[];
  payFailures: string[];
  payWallMs: number;
  settleWallMs: number;
  settled: boolean;
}

/**
 * A shop as main.ts builds it (production settings, the demo checkout), in the bench's process and
 * listening on a free port; `env` adds to the settings (the print partner, say), `options` to buildApp.
 */
export async function startBenchShop(
  dataDir: string,
  env: Record<string, string>,
  options: Parameters<typeof buildApp>[2] = {},
): Promise<{ app: App; deps: AppDeps; url: string }> {
  const config = loadConfig({
    ...BENCH_ENV,
    NODE_ENV: 'production',
    DEMO_PAYMENTS: 'true',
    PUBLIC_URL: 'http://127.0.0.1',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...env,
  });
  const deps = await createDeps(config);
  const app = await buildApp(config, deps, options);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, deps, url };
}

/** The print burst's shop: BookVault at the fake, no status polls, no cancel window, a short retry base. */
const startShop = (dataDir: string, env: Record<string, string>, bv: FakeBookVault) =>
  startBenchShop(
    dataDir,
    {
      PRINT_PARTNER: 'bookvault',
      BOOKVAULT_API_KEY: bv.apiKey,
      BOOKVAULT_API_URL: bv.url,
      // Only submissions are measured: no status polls during the run.
      PRINT_PARTNER_POLL_SECONDS: '3600',
      // No cancel window (decision 137): paid orders are sent at once, which is what is measured.
      PRINT_HOLD_MINUTES: '0',
      ...env,
    },
    { printWorker: { retryBaseMs: RETRY_BASE_MS } },
  );

const rowsOf = async <T>(app: App, query: ReturnType<typeof sql>) =>
  ((await app.ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Opens the checkouts, pays them all at once, and waits (bounded) until no print job is queued or being sent. */
async function burst(app: App, url: string, n: number): Promise<Burst> {
  const products = await expectCall<Listed[]>(200, `${url}/api/server/get_products`);
  if (products.length === 0) throw new Error('no products to buy');
  const sessions = await mapLimit(
    Array.from({ length: n }, (_, i) => i),
    8,
    async (i) => {
      // One to three books, one to three of each, spread over the catalogue.
      const cartItems = Array.from({ length: 1 + (i % 3) }, (_, k) => ({
        product_id: products[(i * 7 + k * 131) % products.length]!.id,
        qty: 1 + ((i + k) % 3),
      }));
      const opened = await expectCall<{ sessionId: string }>(200, `${url}/api/checkout/create_checkout_session`, {
        body: { cartItems, user_id: null, user_email: '', currency: 'GBP' },
        ip: clientIp(70_000 + i),
      });
      return opened.sessionId;
    },
  );

  const payFailures: string[] = [];
  const started = performance.now();
  const paid = await Promise.all(
    sessions.map(async (sessionId, i) => {
      const answer = await call<{ order_id?: string }>(`${url}/api/checkout/demo/${sessionId}/pay`, {
        body: { email: `print-${i}@bench.example`, address: TEST_ADDRESS },
        ip: clientIp(70_000 + i),
      });
      if (answer.status !== 200 || !answer.body.order_id)
        payFailures.push(`${answer.status} ${answer.text.slice(0, 160)}`);
      return answer.body.order_id ?? null;
    }),
  );
  const payWallMs = performance.now() - started;

  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let settled = false;
  while (Date.now() < deadline) {
    const [open] = await rowsOf<{ n: number }>(
      app,
      sql`select count(*)::int as n from print_jobs where state in ('queued', 'submitting')`,
    );
    if (open!.n === 0) {
      settled = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    orderIds: paid.filter((id): id is string => id !== null),
    payFailures,
    payWallMs,
    settleWallMs: performance.now() - started,
    settled,
  };
}

interface JobRow {
  order_id: string;
  state: string;
  attempts: number;
  partner_ref: string | null;
  problem: string | null;
  wait_ms: number | null;
  /** For a retried job: from the time its last retry was due to its accepted submission. */
  late_ms: number | null;
}

/** The promise (from the database and the fake) and the figures, one row each. */
function verify(scenario: string, n: number, run: Burst, jobs: JobRow[], bv: FakeBookVault): Row[] {
  const held = new Map<string, string[]>();
  for (const order of bv.orders.values())
    held.set(order.docRef, [...(held.get(order.docRef) ?? []), String(order.podRef)]);
  const posts = bv.calls.filter((c) => c.method === 'POST' && c.path === '/Order');
  const jobOf = new Map(jobs.map((job) => [job.order_id, job]));
  const problems: string[] = run.payFailures.map((failure) => `payment answered ${failure}`);
  if (!run.settled) problems.push(`print jobs still open after ${SETTLE_TIMEOUT_MS} ms`);
  let heldOnce = 0;
  let submitted = 0;
  for (const orderId of run.orderIds) {
    const refs = held.get(orderId) ?? [];
    if (refs.length === 1) heldOnce += 1;
    else problems.push(`order ${orderId}: the partner holds ${refs.length} orders for it`);
    const job = jobOf.get(orderId);
    if (job?.state === 'submitted' && refs.length === 1 && job.partner_ref === refs[0]) submitted += 1;
    else problems.push(`order ${orderId}: job ${job?.state ?? 'missing'} ${job?.problem ?? ''}`.trim());
  }
  const heldTwice = [...held.values()].filter((refs) => refs.length > 1).length;
  const strangers = [...held.keys()].filter((docRef) => !jobOf.has(docRef)).length;
  const waits = Float64Array.from(
    jobs.flatMap((job) => (job.state === 'submitted' && job.wait_ms !== null ? [job.wait_ms] : [])),
  ).sort();
  const retries = posts.length - new Set(posts.map((c) => String((c.body as { DocRef?: unknown }).DocRef))).size;
  const maxAttempts = Math.max(0, ...jobs.map((job) => job.attempts));
  const retried = jobs.filter((job) => job.attempts > 1).length;
  const slowest = jobs.reduce<JobRow | null>(
    (worst, job) => (job.wait_ms !== null && (worst?.wait_ms ?? -1) < job.wait_ms ? job : worst),
    null,
  );
  const late = Float64Array.from(jobs.flatMap((job) => (job.late_ms !== null ? [job.late_ms] : []))).sort();
  const otherCalls = bv.calls.length - posts.length;
  if (problems.length)
    console.error(
      `  ${scenario}: ${problems.length} problem(s), first ones:\n${problems
        .slice(0, 10)
        .map((p) => `    - ${p}`)
        .join('\n')}`,
    );
  const ms = (value: number) => Math.round(value);
  return [
    {
      scenario,
      metric: 'orders paid at once',
      value: run.orderIds.length,
      unit: 'count',
      target: `= ${n}`,
      pass: run.orderIds.length === n && run.payFailures.length === 0,
      must: true,
      note: 'demo checkout, every Pay sent at the same moment',
    },
    {
      scenario,
      metric: 'orders the partner holds exactly once',
      value: heldOnce,
      unit: 'count',
      target: `= ${n}`,
      pass: heldOnce === n && strangers === 0,
      must: true,
      note: strangers ? `${strangers} DocRef(s) that are no paid order` : 'one order per DocRef at the fake',
    },
    {
      scenario,
      metric: 'orders the partner holds twice or more',
      value: heldTwice,
      unit: 'count',
      target: '= 0',
      pass: heldTwice === 0,
      must: true,
    },
    {
      scenario,
      metric: "jobs submitted with the partner's reference",
      value: submitted,
      unit: 'count',
      target: `= ${n}`,
      pass: submitted === n && run.settled,
      must: true,
      note: 'none handed to the owner',
    },
    {
      scenario,
      metric: 'partner calls: POST /Order',
      value: posts.length,
      unit: 'count',
      note: `${otherCalls} other calls`,
    },
    {
      scenario,
      metric: '  of which retries',
      value: retries,
      unit: 'count',
      note: `${retried} orders retried, at most ${maxAttempts} tries for one`,
    },
    {
      scenario,
      metric: '  answered 503 by the partner',
      value: bv.failedAtRandom,
      unit: 'count',
      note: `${Math.round((bv.failedAtRandom / Math.max(1, bv.calls.length)) * 1000) / 10} % of calls (${FAILURE_RATE * 100} % asked, seed ${FAILURE_SEED})`,
    },
    {
      scenario,
      metric: 'payment → accepted submission p50',
      value: ms(percentile(waits, 50)),
      unit: 'ms',
      note: "the order's created_at to the job's submitted_at",
    },
    { scenario, metric: 'payment → accepted submission p95', value: ms(percentile(waits, 95)), unit: 'ms' },
    { scenario, metric: 'payment → accepted submission p99', value: ms(percentile(waits, 99)), unit: 'ms' },
    {
      scenario,
      metric: 'payment → accepted submission max',
      value: ms(waits.length ? waits[waits.length - 1]! : NaN),
      unit: 'ms',
      note: slowest ? `that order took ${slowest.attempts} tries` : '',
    },
    {
      scenario,
      metric: 'retry due → accepted, p50 / max',
      value: ms(late.length ? late[late.length - 1]! : NaN),
      unit: 'ms (max)',
      note: `p50 ${ms(percentile(late, 50))} ms over ${late.length} retried orders: a due retry waits behind the orders due before it (one call at a time), and once the queue is empty for the next pass (a payment's kick, or the sweep every 10 s)`,
    },
    {
      scenario,
      metric: `pay ${n} at once: wall time`,
      value: ms(run.payWallMs),
      unit: 'ms',
      note: `${Math.round((n / run.payWallMs) * 1000)} orders/s`,
    },
    {
      scenario,
      metric: 'first payment to last submission: wall time',
      value: ms(run.settleWallMs),
      unit: 'ms',
      note: `retry base ${RETRY_BASE_MS} ms; one worker, one call at a time`,
    },
  ];
}

async function printBurstOn(kind: DbKind): Promise<Row[]> {
  const scenario = `print burst ${kind}`;
  const n = orderCount();
  const cat = await catalogue(kind, shopProducts(), 'print-burst');
  if (!cat)
    return [
      { scenario, metric: 'not run', value: NaN, unit: '', note: 'PostgreSQL not reachable (BENCH_DATABASE_URL)' },
    ];
  const bv = await startFakeBookVault({ isbns: [] });
  let shop: Awaited<ReturnType<typeof startShop>> | null = null;
  try {
    shop = await startShop(cat.dataDir, cat.env, bv);
    for (const product of await expectCall<Listed[]>(200, `${shop.url}/api/server/get_products`))
      bv.isbns.add(product.id);
    bv.failRate(FAILURE_RATE, { seed: FAILURE_SEED });
    const run = await burst(shop.app, shop.url, n);
    const jobs = await rowsOf<JobRow>(
      shop.app,
      sql`select j.order_id::text, j.state, j.attempts, j.partner_ref, j.problem,
                 (extract(epoch from (j.submitted_at - o.created_at)) * 1000)::float8 as wait_ms,
                 case when j.attempts > 1 then (extract(epoch from (j.submitted_at - j.next_attempt_at)) * 1000)::float8 end as late_ms
          from print_jobs j join orders o on o.id = j.order_id`,
    );
    return verify(scenario, n, run, jobs, bv);
  } finally {
    if (shop) {
      await shop.app.close();
      await shop.deps.database.close();
    }
    await bv.close();
  }
}

export const printBurstScenario: Scenario = {
  name: 'print_burst',
  description: `${orderCount()} orders paid at once reach the fake BookVault exactly once each while it fails ${FAILURE_RATE * 100} % of calls (seeded): payment to accepted submission p50/p95, partner calls and retries (PGlite and PostgreSQL)`,
  ownServer: true,
  async run() {
    return [...(await printBurstOn('pglite')), ...(await printBurstOn('postgres'))];
  },
};
