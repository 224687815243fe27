/**
 * The page flood (issue 32, finding 2; decision 131). 50 shoppers, each from their own address,
 * browse server-rendered pages the shop keeps (home and filtered views, search results, book
 * pages), first quietly, then while a flooder asks for fresh addresses as fast as 16 connections
 * allow: junk parameters on a kept page (`/?sort=price-asc&z=…`), a fresh search, and a fresh price
 * limit asked ten pages deep (rendered at the deepest the server renders, MAX_HOME_PAGES), each in
 * turn. The flood comes once from one client address (its budget per client answers 429) and once from a fresh address for every request (only the process's cap on
 * renders at once and waiting holds it). Reports the shoppers' p95 against the quiet run (target
 * within 2×), their failed answers (must be none), what the flood was answered, and the shop's
 * resident memory against what the floods may add (decision 161: PAGE_CACHE_MAX_BYTES, the answers
 * kept per fresh address and V8's garbage before a full collection). The shop runs with its default limits.
 */
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { BENCH_ENV, catalogue } from '../lib/catalogues';
import { clientIp, expectCall, type Shopper } from '../lib/http';
import { runMix, type MixResult, type MixStep } from '../lib/mix';
import type { Row } from '../lib/report';
import { startServer, type StartedServer } from '../lib/server';
import type { Scenario } from '../run';

const FLOOD_CONNECTIONS = 16;
const SHOPPERS = 50;
/** The kept pages' budget the shop runs with (PAGE_CACHE_MAX_BYTES). */
const CACHE_BYTES = 32 * 1024 * 1024;
/**
 * What the floods may add besides the pages kept (decision 161): the answers kept per fresh
 * filter and search (bounded by count, 32 MiB), and the garbage V8 lets build up before its next
 * full collection (128 MiB: it reached 110 to 140 MB over the shop's 160 MB of live heap, however
 * long the flood).
 */
const BEYOND_PAGES_BYTES = 160 * 1024 * 1024;
const BOOKS_BROWSED = 200;
const VIEWS = [
  '/',
  '/?sort=price-asc',
  '/?type=Puzzle',
  '/?age=Kids&sort=price-desc',
  '/?page=2',
  '/?type=Journal&max_price=12',
  '/search?q=garden',
  '/search?q=dinosaurs',
  '/search?q=mystery%20riddles',
  '/about',
];
const round2 = (value: number) => Math.round(value * 100) / 100;
const MB = 1024 * 1024;

/** The addresses the shoppers browse: views of the grid and search, and BOOKS_BROWSED book pages. */
function shopperAddresses(books: { name: string }[]): string[] {
  return [...VIEWS, ...books.slice(0, BOOKS_BROWSED).map((book) => `/item/${encodeURIComponent(book.name)}`)];
}

function shopperSteps(addresses: string[]): MixStep[] {
  const views = addresses.filter((address) => !address.startsWith('/item/'));
  const books = addresses.filter((address) => address.startsWith('/item/'));
  const at = (list: string[], shopper: Shopper, n: number) => list[(Number(shopper.id) * 7 + n * 3) % list.length]!;
  return [
    { kind: 'home, views, search (HTML)', make: (s, n) => ({ path: at(views, s, n) }) },
    { kind: 'book page (HTML)', make: (s, n) => ({ path: at(books, s, n) }) },
  ];
}

interface Flood {
  requests: number;
  statuses: Map<number, number>;
}

/** Fresh addresses as fast as the connections allow, from one client address or a new one each time. */
function flood(url: string, from: 'one client' | 'many clients', durationS: number): Promise<Flood> {
  const statuses = new Map<number, number>();
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: FLOOD_CONNECTIONS,
        duration: durationS,
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => {
              n += 1;
              const junk = `${n.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
              const paths = [
                `/?sort=price-asc&z=${junk}`,
                `/search?q=${junk}`,
                `/?max_price=${10 + (n % 100_000) / 100}&page=10`,
              ];
              const ip = from === 'one client' ? '198.19.255.1' : `198.19.${(n >> 8) % 250}.${(n % 250) + 1}`;
              return {
                ...request,
                method: 'GET',
                path: paths[n % paths.length]!,
                headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': ip },
              };
            },
            onResponse: (status: number) => {
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ requests: result.requests.total, statuses })),
    );
  });
}

/** The highest resident memory of the shop while `work` runs, sampled every 200 ms. */
async function peakRss<T>(shop: StartedServer, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = shop.rssBytes();
  const timer = setInterval(() => (peak = Math.max(peak, shop.rssBytes())), 200);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

const failedOf = (result: MixResult) => result.total.non2xx + result.errors + result.timeouts;

export const pageFloodScenario: Scenario = {
  name: 'page_flood',
  description: `${SHOPPERS} shoppers on kept pages while ${FLOOD_CONNECTIONS} connections ask for fresh page addresses (one client, then many): shoppers' p95 against a quiet run, memory against the page budget`,
  ownServer: true,
  async run(ctx) {
    const size = Number(process.env.BENCH_SHOP_PRODUCTS ?? 2000);
    const cat = await catalogue('pglite', size, 'page-flood');
    if (!cat) return [{ scenario: 'page flood', metric: 'not run', value: NaN, unit: '', note: 'no catalogue' }];
    // The shop's own limits (decision 131: the defaults of config.ts), not the bench's lifted ones.
    const limits = {
      PAGE_CACHE_MAX_BYTES: String(CACHE_BYTES),
      PAGE_RENDERS_PER_CLIENT_PER_MINUTE: '60',
      PAGE_RENDER_TIME_SHARE: '15',
    };
    const shop = await startServer({
      dataDir: cat.dataDir,
      env: { ...BENCH_ENV, WEB_DIST_DIR: ctx.distDir, ...cat.env, ...limits },
    });
    const scenario = `page flood pglite ${size.toLocaleString('en-GB')} books`;
    try {
      const books = await expectCall<{ name: string }[]>(200, `${shop.url}/api/server/get_products`);
      const addresses = shopperAddresses(books);
      // Every address the shoppers browse is rendered once, each from its own address, so it is
      // kept; one after another they take all the time, so the share answers 503 at times: wait
      // as its Retry-After says, as a crawler would.
      let refused = 0;
      for (const [i, address] of addresses.entries()) {
        for (;;) {
          const answer = await fetch(`${shop.url}${address}`, { headers: { 'x-forwarded-for': clientIp(1000 + i) } });
          await answer.arrayBuffer();
          if (answer.status === 200) break;
          if (answer.status !== 503) throw new Error(`${address} answered ${answer.status} while warming up`);
          refused += 1;
          await delay(Number(answer.headers.get('retry-after') ?? 1) * 1000);
        }
      }
      const shoppers: Shopper[] = Array.from({ length: SHOPPERS }, (_, i) => ({
        id: String(i),
        email: '',
        token: '',
        ip: clientIp(i),
      }));
      const steps = shopperSteps(addresses);
      const rssKept = shop.rssBytes();
      const quiet = await runMix([shop.url], steps, shoppers, { connections: SHOPPERS });
      const rows: Row[] = [
        {
          scenario,
          metric: 'warm-up: addresses rendered one after another',
          value: addresses.length,
          unit: 'count',
          note: `${refused} answers 503 (the renders' share of time), each waited out as its Retry-After said`,
        },
        {
          scenario,
          metric: 'shoppers, quiet: p50 / p95',
          value: round2(quiet.total.p95Ms),
          unit: 'ms (p95)',
          note: `${round2(quiet.total.p50Ms)} / ${round2(quiet.total.p95Ms)} ms, ${Math.round(quiet.total.reqPerSec)} req/s`,
        },
        {
          scenario,
          metric: 'shoppers, quiet: failed answers',
          value: failedOf(quiet),
          unit: 'count',
          target: '= 0',
          pass: failedOf(quiet) === 0,
          must: true,
          note: quiet.failures[0] ?? `of ${quiet.total.requests}`,
        },
      ];
      let peak = rssKept;
      for (const from of ['one client', 'many clients'] as const) {
        const durationS = Number(process.env.BENCH_DURATION ?? 10);
        const warmupS = Number(process.env.BENCH_WARMUP ?? 2);
        const { result, peak: seen } = await peakRss(shop, () =>
          Promise.all([
            runMix([shop.url], steps, shoppers, { connections: SHOPPERS }),
            flood(shop.url, from, durationS + warmupS),
          ]),
        );
        peak = Math.max(peak, seen);
        const [browsing, flooded] = result;
        const ratio = browsing.total.p95Ms / Math.max(quiet.total.p95Ms, 0.01);
        const answered = [...flooded.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ');
        rows.push(
          {
            scenario,
            metric: `shoppers, flood from ${from}: p50 / p95`,
            value: round2(browsing.total.p95Ms),
            unit: 'ms (p95)',
            note: `${round2(browsing.total.p50Ms)} / ${round2(browsing.total.p95Ms)} ms, ${Math.round(browsing.total.reqPerSec)} req/s`,
          },
          {
            scenario,
            metric: `shoppers' p95, flood from ${from} ÷ quiet`,
            value: round2(ratio),
            unit: '×',
            target: '≤ 2',
            pass: ratio <= 2,
          },
          {
            scenario,
            metric: `shoppers, flood from ${from}: failed answers`,
            value: failedOf(browsing),
            unit: 'count',
            target: '= 0',
            pass: failedOf(browsing) === 0,
            must: true,
            note: browsing.failures[0] ?? `of ${browsing.total.requests}`,
          },
          { scenario, metric: `flood from ${from}: requests`, value: flooded.requests, unit: 'count', note: answered },
        );
      }
      rows.push(
        { scenario, metric: 'shop memory (RSS) with the kept pages', value: Math.round(rssKept / MB), unit: 'MB' },
        {
          scenario,
          metric: 'shop memory (RSS), peak under the floods, growth',
          value: Math.round((peak - rssKept) / MB),
          unit: 'MB',
          target: `≤ ${(CACHE_BYTES + BEYOND_PAGES_BYTES) / MB} (pages ${CACHE_BYTES / MB} + answers and V8 ${BEYOND_PAGES_BYTES / MB}, decision 161)`,
          pass: peak - rssKept <= CACHE_BYTES + BEYOND_PAGES_BYTES,
          note: `peak ${Math.round(peak / MB)} MB; ${peak - rssKept <= CACHE_BYTES ? 'within' : 'past'} the page budget alone (${CACHE_BYTES / MB} MiB)`,
        },
      );
      return rows;
    } finally {
      await shop.stop();
    }
  },
};
