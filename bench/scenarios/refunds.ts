/**
 * refund_race (issue 26, decision 138): 100 paid orders, then 400 refund requests at once, four
 * per order, each asking for the whole of what the order paid. The order row is locked and the
 * remainder checked in the refund's transaction, so exactly one request per order may succeed
 * (201) and the three others are refused (409); no order may end with more refunded than it paid.
 * The shop is the app built in the bench's process (buildApp, as main.ts builds it, the demo
 * payment provider, which refunds at once), listening on a port and driven over HTTP with the
 * owner's session; the orders are written by the API tests' factories. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { createPaidOrder } from '../../src/server/test/factories/orders';
import { createProduct } from '../../src/server/test/factories/products';
import { createUser } from '../../src/server/test/factories/users';
import { catalogue, type DbKind } from '../lib/catalogues';
import { call } from '../lib/http';
import { percentile } from '../lib/load';
import type { Row } from '../lib/report';
import type { Scenario } from '../run';
import { startBenchShop } from './print';

const ORDERS = Number(process.env.BENCH_REFUND_ORDERS ?? 100);
const PER_ORDER = 4;

interface Answer {
  orderId: string;
  status: number;
  ms: number;
}

async function raceOn(kind: DbKind): Promise<Row[]> {
  const scenario = `refund race ${kind}`;
  const cat = await catalogue(kind, 10, 'refund-race');
  if (!cat)
    return [
      { scenario, metric: 'not run', value: NaN, unit: '', note: 'PostgreSQL not reachable (BENCH_DATABASE_URL)' },
    ];
  const shop = await startBenchShop(cat.dataDir, { ...cat.env, PRINT_PARTNER: 'manual' });
  try {
    const db = shop.app.ctx.database.db;
    const owner = await createUser(shop.app, { role: 'admin' });
    const book = await createProduct(db, { name: 'Refund Race Maze Book', pricePence: 799 });
    const orders: { orderId: string; totalPence: number }[] = [];
    for (let i = 0; i < ORDERS; i += 1)
      orders.push(
        await createPaidOrder(shop.app, {
          email: `race-${i}@bench.example`,
          items: [{ product: book, qty: 1 + (i % 3) }],
        }),
      );

    const started = performance.now();
    const answers: Answer[] = await Promise.all(
      orders.flatMap(({ orderId, totalPence }) =>
        Array.from({ length: PER_ORDER }, async () => {
          const sent = performance.now();
          const answer = await call(`${shop.url}/api/admin/orders/${orderId}/refunds`, {
            body: { amount: totalPence / 100, reason: 'other', notify: false },
            token: owner.token,
          });
          return { orderId, status: answer.status, ms: performance.now() - sent };
        }),
      ),
    );
    const wallMs = performance.now() - started;

    const made = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409).length;
    const other = answers.filter((answer) => answer.status !== 201 && answer.status !== 409);
    const winners = new Map<string, number>();
    for (const answer of made) winners.set(answer.orderId, (winners.get(answer.orderId) ?? 0) + 1);
    const overRefunded = (
      (await db.execute(
        sql`select count(*)::int as n from (
              select o.id from orders o join refunds r on r.order_id = o.id
              where r.state in ('pending', 'succeeded') and o.email like 'race-%@bench.example'
              group by o.id, o.total_pence having sum(r.amount_pence) > o.total_pence) as over`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    const times = Float64Array.from(answers.map((answer) => answer.ms)).sort();
    const ms = (value: number) => Math.round(value);
    const statuses = [...new Set(other.map((answer) => answer.status))].join(', ');
    return [
      {
        scenario,
        metric: 'refunds made (201)',
        value: made.length,
        unit: 'count',
        target: `= ${ORDERS}`,
        pass: made.length === ORDERS && winners.size === ORDERS && [...winners.values()].every((n) => n === 1),
        must: true,
        note: `one per order: ${winners.size} orders refunded`,
      },
      {
        scenario,
        metric: 'refused (409)',
        value: refused,
        unit: 'count',
        target: `= ${ORDERS * (PER_ORDER - 1)}`,
        pass: refused === ORDERS * (PER_ORDER - 1) && other.length === 0,
        must: true,
        note: other.length ? `${other.length} other answers (${statuses})` : 'every other request said why',
      },
      {
        scenario,
        metric: 'orders refunded more than they paid',
        value: overRefunded,
        unit: 'count',
        target: '= 0',
        pass: overRefunded === 0,
        must: true,
      },
      { scenario, metric: 'answer p50', value: ms(percentile(times, 50)), unit: 'ms' },
      { scenario, metric: 'answer p95', value: ms(percentile(times, 95)), unit: 'ms' },
      { scenario, metric: 'answer max', value: ms(times[times.length - 1] ?? NaN), unit: 'ms' },
      {
        scenario,
        metric: `${ORDERS * PER_ORDER} requests at once: wall time`,
        value: ms(wallMs),
        unit: 'ms',
        note: 'the demo provider refunds at once; Stripe adds its own round trip',
      },
    ];
  } finally {
    await shop.app.close();
    await shop.deps.database.close();
  }
}

export const refundRaceScenario: Scenario = {
  name: 'refund_race',
  description: `${ORDERS} paid orders, ${ORDERS * PER_ORDER} refund requests at once (${PER_ORDER} per order, each for the whole amount): exactly ${ORDERS} succeed, none over-refunded, answer p50/p95 (PGlite and PostgreSQL)`,
  ownServer: true,
  async run() {
    return [...(await raceOn('pglite')), ...(await raceOn('postgres'))];
  },
};
