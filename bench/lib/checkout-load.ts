/**
 * Checkout load: many checkouts opened at once through one or more shop instances that talk to a
 * local fake Stripe API (src/server/test/fake-stripe.ts, webhooks signed with the Stripe SDK's
 * own helper), each paid by a signed `checkout.session.completed` delivered twice (half of them
 * both at once, to different instances when there are several). Then the proof, read from the
 * database itself: exactly one order per checkout and no other, every total equal to
 * `priceCart` (src/shared/pricing.ts) for the cart that was sent, every discount code used by at
 * most one order and refused afterwards. `runDiscountRace`: one single-use code in many checkouts
 * at once gives one checkout and one discounted order.
 *
 *   const stripe = await startFakeStripe();
 *   const shops = [await startServer({ env: checkoutEnv(stripe, admin) })];
 *   const run = await runCheckouts(shops.map((s) => s.url), stripe, admin, { checkouts: 200 });
 *   ... stop the shops (PGlite is one process's) ...
 *   const rows = await verifyCheckouts(run, target);
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as MSG from '../../src/shared/messages';
import { priceCart, type DiscountTerms } from '../../src/shared/pricing';
import type { FakeStripe } from '../../src/server/test/fake-stripe';
import { call, clientIp, createShoppers, expectCall, mapLimit, type Shopper } from './http';
import { percentile } from './load';
import type { Row } from './report';
import { openBenchDatabase, type BenchDatabase } from './seed-products';
import { TEST_ADDRESS } from '../../src/server/test/factories/addresses';

export interface AdminCredentials {
  email: string;
  password: string;
}

export function newAdmin(): AdminCredentials {
  return {
    email: `bench-admin-${randomBytes(3).toString('hex')}@bench.example`,
    password: `Bench${randomBytes(8).toString('hex')}9`,
  };
}

/**
 * Shop settings for checkout load: Stripe pointed at the fake (or, with null, the demo checkout),
 * an admin, and the dev mailbox (NODE_ENV=test) to read the admin's mailed sign-in token.
 */
export function checkoutEnv(stripe: FakeStripe | null, admin: AdminCredentials): Record<string, string> {
  return {
    NODE_ENV: 'test',
    ...(stripe
      ? { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url }
      : {}),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PASSWORD_HASH_COST: '12',
  };
}

export interface CatalogueProduct {
  id: string;
  name: string;
  type: string;
  age: string;
  price: number;
}

export interface Code extends DiscountTerms {
  code: string;
}

export interface PlannedCheckout {
  index: number;
  lines: { product_id: string; qty: number }[];
  email: string;
  shopper: Shopper | null;
  code: Code | null;
  expectedTotalPence: number;
  sessionId?: string;
}

export interface CheckoutRun {
  planned: PlannedCheckout[];
  codes: Code[];
  createMs: number[];
  webhookMs: number[];
  createWallMs: number;
  payWallMs: number;
  failures: string[];
  webhookAnswers: Map<number, number>;
  stripeTotalsEqual: number;
  reuseRefused: number;
  reuseTried: number;
  instances: number;
}

/** A small seeded random generator (mulberry32), so every run makes the same carts. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Admin sign-in in two steps: password → verification token + mail; mailed token + verification token → session. */
export async function adminSession(baseUrl: string, admin: AdminCredentials): Promise<string> {
  const login = await expectCall<{ admin?: boolean; token: string }>(200, `${baseUrl}/api/login`, {
    body: admin,
    ip: clientIp(1),
  });
  if (!login.admin) throw new Error('the bench admin did not sign in as an admin');
  const mails = await expectCall<{ text: string }[]>(
    200,
    `${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(admin.email)}`,
  );
  const mailed = /verify_admin=true&token=([^\s&]+)/.exec(mails[0]?.text ?? '')?.[1];
  if (!mailed) throw new Error('no admin verification mail in the outbox');
  const session = await expectCall<{ token: string }>(200, `${baseUrl}/api/admin/verify_admin?token=${mailed}`, {
    token: login.token,
  });
  return session.token;
}

const pence = (pounds: number) => Math.round(pounds * 100);

function termsFor(i: number): Omit<DiscountTerms, 'percentage'> {
  switch (i % 4) {
    case 1:
      return { types: ['Puzzle'], ages: [] };
    case 2:
      return { types: [], ages: ['Kids'] };
    case 3:
      return { types: ['Colouring', 'Journal'], ages: ['Adults', ''] };
    default:
      return { types: [], ages: [] };
  }
}

/** Plans the carts (1 to 4 books, 1 to 5 of each), one in five by a signed-in shopper, the first `codes` with a discount code that applies. */
export function planCheckouts(
  products: CatalogueProduct[],
  codes: Code[],
  shoppers: Shopper[],
  n: number,
): PlannedCheckout[] {
  const next = random(20260522);
  const pick = () => products[Math.floor(next() * products.length)]!;
  return Array.from({ length: n }, (_, index) => {
    const code = codes[index] ?? null;
    const chosen = new Map<string, CatalogueProduct>();
    if (code) {
      const eligible = products.filter(
        (p) =>
          (code.types.length === 0 || code.types.includes(p.type)) &&
          (code.ages.length === 0 || code.ages.includes(p.age)),
      );
      const first = eligible[Math.floor(next() * eligible.length)]!;
      chosen.set(first.id, first);
    }
    const count = 1 + Math.floor(next() * 4);
    while (chosen.size < count) {
      const p = pick();
      chosen.set(p.id, p);
    }
    const lines = [...chosen.values()].map((p) => ({ product: p, qty: 1 + Math.floor(next() * 5) }));
    const shopper = index % 5 === 0 ? (shoppers[(index / 5) % shoppers.length] ?? null) : null;
    const expected = priceCart(
      lines.map((l) => ({ unitPence: pence(l.product.price), qty: l.qty, type: l.product.type, age: l.product.age })),
      code,
    );
    return {
      index,
      lines: lines.map((l) => ({ product_id: l.product.id, qty: l.qty })),
      email: shopper?.email ?? `buyer-${index}@bench.example`,
      shopper,
      code,
      expectedTotalPence: expected.totalPence,
    };
  });
}

export async function runCheckouts(
  baseUrls: string[],
  stripe: FakeStripe,
  admin: AdminCredentials,
  options: { checkouts: number; codes?: number; concurrency?: number },
): Promise<CheckoutRun> {
  const first = baseUrls[0]!;
  const adminToken = await adminSession(first, admin);
  const products = await expectCall<CatalogueProduct[]>(200, `${first}/api/server/get_products`);
  if (products.length === 0) throw new Error('no products to buy');

  const codeCount = options.codes ?? Math.floor(options.checkouts / 4);
  const codes = await mapLimit(
    Array.from({ length: codeCount }, (_, i) => i),
    8,
    async (i) => {
      const terms = termsFor(i);
      const percentage = 5 + ((i * 7) % 46);
      const sent = await expectCall<{ code: string; percentage: number; types: string[]; ages: string[] }>(
        200,
        `${baseUrls[i % baseUrls.length]}/api/admin/send-discount-code`,
        {
          body: { percentage, ...terms, email: `buyer-${i}@bench.example` },
          token: adminToken,
        },
      );
      return { code: sent.code, percentage: sent.percentage, types: sent.types, ages: sent.ages };
    },
  );
  const shoppers = await createShoppers(
    first,
    Math.ceil(options.checkouts / 5),
    `checkout-${randomBytes(3).toString('hex')}`,
  );
  const planned = planCheckouts(products, codes, shoppers, options.checkouts);
  const failures: string[] = [];
  const fail = (message: string) => {
    if (failures.length < 20) failures.push(message);
  };
  const concurrency = options.concurrency ?? options.checkouts;

  // 1. Every checkout opened at once (each from its own address, as through a reverse proxy).
  const createMs: number[] = [];
  let started = performance.now();
  await mapLimit(planned, concurrency, async (checkout) => {
    const t0 = performance.now();
    const answer = await call<{ sessionId?: string; message?: string }>(
      `${baseUrls[checkout.index % baseUrls.length]}/api/checkout/create_checkout_session`,
      {
        body: {
          cartItems: checkout.lines.map((l) => ({ ...l, price: 0.01 })),
          user_id: checkout.shopper?.id ?? null,
          user_email: checkout.email,
          shipping_cost: 0,
          currency: 'GBP',
          ...(checkout.code ? { discount_code: checkout.code.code } : {}),
        },
        token: checkout.shopper?.token,
        ip: clientIp(20_000 + checkout.index),
      },
    );
    createMs.push(performance.now() - t0);
    if (answer.status !== 200 || !answer.body.sessionId)
      return fail(`checkout ${checkout.index}: create answered ${answer.status} ${answer.text.slice(0, 200)}`);
    checkout.sessionId = answer.body.sessionId;
  });
  const createWallMs = performance.now() - started;

  let stripeTotalsEqual = 0;
  for (const checkout of planned) {
    const session = checkout.sessionId ? stripe.sessions.get(checkout.sessionId) : undefined;
    if (session && session.amount_total === checkout.expectedTotalPence + 0) stripeTotalsEqual += 1;
    else if (session)
      fail(
        `checkout ${checkout.index}: Stripe would charge ${String(session.amount_total)}, pricing says ${checkout.expectedTotalPence}`,
      );
  }

  // 2. Every payment event delivered twice: even checkouts both at once (to two instances when
  //    there are two), odd ones one after the other; all checkouts at the same time.
  const webhookMs: number[] = [];
  const webhookAnswers = new Map<number, number>();
  const deliver = async (baseUrl: string, payload: string, signature: string) => {
    const t0 = performance.now();
    const answer = await call(`${baseUrl}/api/checkout/webhook`, {
      body: payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
    webhookMs.push(performance.now() - t0);
    webhookAnswers.set(answer.status, (webhookAnswers.get(answer.status) ?? 0) + 1);
    return answer;
  };
  started = performance.now();
  await mapLimit(
    planned.filter((c) => c.sessionId),
    concurrency,
    async (checkout) => {
      const { payload, signature } = stripe.completedEvent(checkout.sessionId!);
      const a = baseUrls[checkout.index % baseUrls.length]!;
      const b = baseUrls[(checkout.index + 1) % baseUrls.length]!;
      const answers =
        checkout.index % 2 === 0
          ? await Promise.all([deliver(a, payload, signature), deliver(b, payload, signature)])
          : [await deliver(a, payload, signature), await deliver(b, payload, signature)];
      for (const answer of answers)
        if (answer.status !== 200)
          fail(`checkout ${checkout.index}: webhook answered ${answer.status} ${answer.text.slice(0, 200)}`);
    },
  );
  const payWallMs = performance.now() - started;

  // 3. A used code is refused at the next checkout.
  const reused = planned.filter((c) => c.code && c.sessionId).slice(0, 10);
  let reuseRefused = 0;
  for (const checkout of reused) {
    const answer = await call<{ message?: string }>(`${first}/api/checkout/create_checkout_session`, {
      body: {
        cartItems: checkout.lines,
        user_id: null,
        user_email: 'again@bench.example',
        currency: 'GBP',
        discount_code: checkout.code!.code,
      },
      ip: clientIp(40_000 + checkout.index),
    });
    if (answer.status === 400) reuseRefused += 1;
    else fail(`code ${checkout.code!.code} used again: answered ${answer.status}`);
  }

  return {
    planned,
    codes,
    createMs,
    webhookMs,
    createWallMs,
    payWallMs,
    failures,
    webhookAnswers,
    stripeTotalsEqual,
    reuseRefused,
    reuseTried: reused.length,
    instances: baseUrls.length,
  };
}

interface OrderRow {
  id: string;
  checkout_session_id: string;
  total_pence: number;
  discount_code: string | null;
  email: string;
}

/** Reads the database (after the shops stopped, for PGlite) and checks every promise; one row per check. */
export async function verifyCheckouts(scenario: string, run: CheckoutRun, target: BenchDatabase): Promise<Row[]> {
  const database = await openBenchDatabase(target);
  let orders: OrderRow[];
  let items: { order_id: string; product_id: string; quantity: number }[];
  let codeUses: { code: string; used_by_order_id: string | null }[];
  let events: number;
  try {
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    orders = await rowsOf<OrderRow>(
      sql`select id::text, checkout_session_id, total_pence, discount_code, email from orders`,
    );
    items = await rowsOf(sql`select order_id::text, product_id, quantity from order_items`);
    codeUses = await rowsOf(sql`select code, used_by_order_id::text from discount_codes`);
    events = Number((await rowsOf<{ n: number }>(sql`select count(*)::int as n from processed_payment_events`))[0]!.n);
  } finally {
    await database.close();
  }
  const n = run.planned.length;
  const bySession = new Map<string, OrderRow[]>();
  for (const order of orders)
    bySession.set(order.checkout_session_id, [...(bySession.get(order.checkout_session_id) ?? []), order]);
  const itemsByOrder = new Map<string, Map<string, number>>();
  for (const item of items) {
    const lines = itemsByOrder.get(item.order_id) ?? new Map<string, number>();
    lines.set(item.product_id, item.quantity);
    itemsByOrder.set(item.order_id, lines);
  }
  let exactlyOne = 0;
  let totalsEqual = 0;
  let itemsEqual = 0;
  const problems: string[] = [...run.failures];
  for (const checkout of run.planned) {
    const found = checkout.sessionId ? (bySession.get(checkout.sessionId) ?? []) : [];
    if (found.length === 1) exactlyOne += 1;
    else problems.push(`checkout ${checkout.index}: ${found.length} orders`);
    const order = found[0];
    if (!order) continue;
    if (order.total_pence === checkout.expectedTotalPence) totalsEqual += 1;
    else
      problems.push(
        `checkout ${checkout.index}: order total ${order.total_pence}, priceCart says ${checkout.expectedTotalPence}`,
      );
    const lines = itemsByOrder.get(order.id) ?? new Map();
    if (lines.size === checkout.lines.length && checkout.lines.every((l) => lines.get(l.product_id) === l.qty))
      itemsEqual += 1;
    else problems.push(`checkout ${checkout.index}: order items differ from the cart`);
  }
  const orderIds = new Set(orders.map((o) => o.id));
  const ordersPerCode = new Map<string, number>();
  for (const order of orders)
    if (order.discount_code) ordersPerCode.set(order.discount_code, (ordersPerCode.get(order.discount_code) ?? 0) + 1);
  const usedCodes = run.codes.filter((c) => run.planned.some((p) => p.code?.code === c.code && p.sessionId));
  const codesUsedOnce = usedCodes.filter((c) => {
    const use = codeUses.find((u) => u.code === c.code);
    return ordersPerCode.get(c.code) === 1 && use?.used_by_order_id && orderIds.has(use.used_by_order_id);
  }).length;
  const overused = [...ordersPerCode.values()].filter((count) => count > 1).length;

  const createSorted = Float64Array.from(run.createMs).sort();
  const webhookSorted = Float64Array.from(run.webhookMs).sort();
  const where = run.instances > 1 ? ` across ${run.instances} instances` : '';
  const rows: Row[] = [
    {
      scenario,
      metric: 'checkouts opened at once',
      value: run.planned.filter((c) => c.sessionId).length,
      unit: 'count',
      target: `= ${n}`,
      pass: run.planned.every((c) => c.sessionId),
      must: true,
      note: `${run.codes.length} with a discount code, ${run.planned.filter((c) => c.shopper).length} signed in${where}`,
    },
    {
      scenario,
      metric: 'orders in the database',
      value: orders.length,
      unit: 'count',
      target: `= ${n}`,
      pass: orders.length === n,
      must: true,
    },
    {
      scenario,
      metric: 'checkouts with exactly one order',
      value: exactlyOne,
      unit: 'count',
      target: `= ${n}`,
      pass: exactlyOne === n,
      must: true,
      note: 'each paid event delivered twice, half of them at once',
    },
    {
      scenario,
      metric: 'order totals equal to priceCart',
      value: totalsEqual,
      unit: 'count',
      target: `= ${n}`,
      pass: totalsEqual === n,
      must: true,
    },
    {
      scenario,
      metric: 'Stripe amounts equal to priceCart',
      value: run.stripeTotalsEqual,
      unit: 'count',
      target: `= ${n}`,
      pass: run.stripeTotalsEqual === n,
      must: true,
    },
    {
      scenario,
      metric: 'order items equal to the cart',
      value: itemsEqual,
      unit: 'count',
      target: `= ${n}`,
      pass: itemsEqual === n,
      must: true,
    },
    {
      scenario,
      metric: 'discount codes used by exactly one order',
      value: codesUsedOnce,
      unit: 'count',
      target: `= ${usedCodes.length}`,
      pass: codesUsedOnce === usedCodes.length && overused === 0,
      must: true,
      note: overused ? `${overused} code(s) on more than one order` : 'none on two orders',
    },
    {
      scenario,
      metric: 'used codes refused at a new checkout',
      value: run.reuseRefused,
      unit: 'count',
      target: `= ${run.reuseTried}`,
      pass: run.reuseRefused === run.reuseTried,
      must: true,
    },
    {
      scenario,
      metric: 'payment events recorded',
      value: events,
      unit: 'count',
      target: `= ${n}`,
      pass: events === n,
      must: true,
      note: `webhook answers: ${[...run.webhookAnswers].map(([status, count]) => `${count} answered ${status}`).join(', ')}`,
    },
    {
      scenario,
      metric: 'open checkouts: wall time',
      value: Math.round(run.createWallMs),
      unit: 'ms',
      note: `${Math.round((n / run.createWallMs) * 1000)} checkouts/s`,
    },
    { scenario, metric: 'open checkout latency p50', value: Math.round(percentile(createSorted, 50)), unit: 'ms' },
    { scenario, metric: 'open checkout latency p95', value: Math.round(percentile(createSorted, 95)), unit: 'ms' },
    { scenario, metric: 'open checkout latency p99', value: Math.round(percentile(createSorted, 99)), unit: 'ms' },
    {
      scenario,
      metric: 'pay (2 webhooks each): wall time',
      value: Math.round(run.payWallMs),
      unit: 'ms',
      note: `${Math.round((n / run.payWallMs) * 1000)} orders/s`,
    },
    { scenario, metric: 'webhook latency p50', value: Math.round(percentile(webhookSorted, 50)), unit: 'ms' },
    { scenario, metric: 'webhook latency p95', value: Math.round(percentile(webhookSorted, 95)), unit: 'ms' },
    { scenario, metric: 'webhook latency p99', value: Math.round(percentile(webhookSorted, 99)), unit: 'ms' },
  ];
  if (problems.length) {
    console.error(
      `  ${scenario}: ${problems.length} problem(s), first ones:\n${problems
        .slice(0, 10)
        .map((p) => `    - ${p}`)
        .join('\n')}`,
    );
  }
  return rows;
}

// ---- one single-use code, many checkouts at once (docs/decisions/036) ---------------------------

export interface DiscountRace {
  provider: 'stripe' | 'demo';
  code: string;
  attempts: number;
  /** Session ids of the checkouts the shop opened. */
  opened: string[];
  /** Refusals that named the hold (MSG.discountCodeHeld), and any other answers. */
  refusedHeld: number;
  otherAnswers: string[];
  /** Paid answers (webhook or the demo's Pay) that were not 200. */
  payFailures: string[];
  openWallMs: number;
  payWallMs: number;
}

/**
 * `attempts` checkouts of one book with one 99 % code, opened at once from different addresses,
 * then every opened one paid at once (Stripe: its signed completed event delivered twice at once;
 * demo: Pay twice at once). The promise: one checkout opened, every other refused before payment
 * naming the hold, one discounted order (checked in the database by `verifyDiscountRace`).
 */
export async function runDiscountRace(
  baseUrl: string,
  stripe: FakeStripe | null,
  admin: AdminCredentials,
  attempts = 20,
): Promise<DiscountRace> {
  const adminToken = await adminSession(baseUrl, admin);
  const [book] = await expectCall<CatalogueProduct[]>(200, `${baseUrl}/api/server/get_products`);
  if (!book) throw new Error('no products to buy');
  const { code } = await expectCall<{ code: string }>(200, `${baseUrl}/api/admin/send-discount-code`, {
    body: { percentage: 99, types: [], ages: [], email: 'race@bench.example' },
    token: adminToken,
  });

  let started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, i) =>
      call<{ sessionId?: string; message?: string }>(`${baseUrl}/api/checkout/create_checkout_session`, {
        body: {
          cartItems: [{ product_id: book.id, qty: 1 }],
          user_id: null,
          user_email: `race-${i}@bench.example`,
          currency: 'GBP',
          discount_code: code,
        },
        ip: clientIp(60_000 + i),
      }),
    ),
  );
  const openWallMs = performance.now() - started;
  const opened = answers.flatMap((a) => (a.status === 200 && a.body.sessionId ? [a.body.sessionId] : []));
  const refusedHeld = answers.filter((a) => a.status === 400 && a.body.message === MSG.discountCodeHeld).length;
  const otherAnswers = answers
    .filter((a) => a.status !== 200 && !(a.status === 400 && a.body.message === MSG.discountCodeHeld))
    .map((a) => `${a.status} ${a.text.slice(0, 120)}`);

  started = performance.now();
  const payFailures: string[] = [];
  await Promise.all(
    opened.flatMap((sessionId) => {
      const event = stripe?.completedEvent(sessionId);
      const pay = () =>
        event
          ? call(`${baseUrl}/api/checkout/webhook`, {
              body: event.payload,
              headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
            })
          : call(`${baseUrl}/api/checkout/demo/${sessionId}/pay`, { body: { address: TEST_ADDRESS } });
      return [pay(), pay()].map(async (paid) => {
        const answer = await paid;
        if (answer.status !== 200) payFailures.push(`${answer.status} ${answer.text.slice(0, 120)}`);
      });
    }),
  );
  const payWallMs = performance.now() - started;
  return {
    provider: stripe ? 'stripe' : 'demo',
    code,
    attempts,
    opened,
    refusedHeld,
    otherAnswers,
    payFailures,
    openWallMs,
    payWallMs,
  };
}

/** Reads the database (after the shop stopped, for PGlite): the rows of the race's promise. */
export async function verifyDiscountRace(scenario: string, race: DiscountRace, target: BenchDatabase): Promise<Row[]> {
  const database = await openBenchDatabase(target);
  let discounted: { id: string }[];
  let sessions: number;
  let usedBy: string | null;
  try {
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    discounted = await rowsOf(sql`select id::text from orders where discount_code = ${race.code}`);
    sessions = (
      await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from checkout_sessions where discount_code = ${race.code}`,
      )
    )[0]!.n;
    usedBy =
      (
        await rowsOf<{ id: string | null }>(
          sql`select used_by_order_id::text as id from discount_codes where code = ${race.code}`,
        )
      )[0]?.id ?? null;
  } finally {
    await database.close();
  }
  const others = race.attempts - 1;
  const problems = [
    ...race.otherAnswers.map((a) => `checkout answered ${a}`),
    ...race.payFailures.map((a) => `payment answered ${a}`),
  ];
  if (problems.length)
    console.error(
      `  ${scenario}: ${problems.length} problem(s), first ones:\n${problems
        .slice(0, 10)
        .map((p) => `    - ${p}`)
        .join('\n')}`,
    );
  const note =
    race.provider === 'stripe' ? 'each paid event delivered twice at once' : 'each Pay pressed twice at once';
  return [
    {
      scenario,
      metric: `checkouts opened with one code (of ${race.attempts} at once)`,
      value: race.opened.length,
      unit: 'count',
      target: '= 1',
      pass: race.opened.length === 1,
      must: true,
    },
    {
      scenario,
      metric: 'refused before payment: code held',
      value: race.refusedHeld,
      unit: 'count',
      target: `= ${others}`,
      pass: race.refusedHeld === others,
      must: true,
      note: race.otherAnswers.length ? `other answers: ${race.otherAnswers[0]}` : 'nothing else answered',
    },
    {
      scenario,
      metric: 'checkout sessions written with the code',
      value: sessions,
      unit: 'count',
      target: '= 1',
      pass: sessions === 1,
      must: true,
    },
    {
      scenario,
      metric: 'discounted orders in the database',
      value: discounted.length,
      unit: 'count',
      target: '= 1',
      pass: discounted.length === 1 && race.payFailures.length === 0,
      must: true,
      note,
    },
    {
      scenario,
      metric: 'code marked used by that order',
      value: Number(usedBy !== null && usedBy === discounted[0]?.id),
      unit: 'yes',
      target: '= 1',
      pass: usedBy !== null && usedBy === discounted[0]?.id,
      must: true,
    },
    {
      scenario,
      metric: 'open checkouts: wall time',
      value: Math.round(race.openWallMs),
      unit: 'ms',
      note: `${race.attempts} at once`,
    },
    { scenario, metric: 'pay: wall time', value: Math.round(race.payWallMs), unit: 'ms' },
  ];
}
