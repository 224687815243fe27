/**
 * A browsing mix: many concurrent connections, each walking through the same steps in a loop (home
 * page, catalogue, search as they type, a product page, its product call, a cart update, the cart);
 * each pass is one visit by the next shopper in turn, with that shopper's account and address. Measured with autocannon;
 * latency is recorded per step kind and overall, with every non-2xx answer counted.
 *
 *   const result = await runMix([shop.url], browsingSteps(catalogue), shoppers, { durationS: 10 });
 *
 * Several base URLs split the connections between instances (scale-out).
 */
import autocannon, { type Request } from 'autocannon';
import { defaultLoad, definedOnly, percentile, type LoadOptions } from './load';
import type { Shopper } from './http';

export interface MixStep {
  kind: string;
  method?: 'GET' | 'POST';
  /** The request for this shopper's n-th visit (one pass through the steps). */
  make(shopper: Shopper, n: number): { path: string; body?: unknown };
  /** Sends the shopper's session token. */
  auth?: boolean;
}

export interface KindStats {
  kind: string;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface MixResult {
  total: KindStats;
  kinds: KindStats[];
  /** Connection errors and timeouts (not answers). */
  errors: number;
  timeouts: number;
  connections: number;
  durationS: number;
  /** A few non-2xx answers, to show what went wrong. */
  failures: string[];
}

interface Recorder {
  latencies: Map<string, number[]>;
  non2xx: Map<string, number>;
  failures: string[];
}

function requestsFor(
  steps: MixStep[],
  shoppers: Shopper[],
  nextShopper: () => number,
  onAnswer: (kind: string, status: number, body: string) => void,
): Request[] {
  const visits: number[] = [];
  return steps.map((step) => ({
    method: step.method ?? 'GET',
    setupRequest: (_request, context) => {
      // autocannon gives each connection a fresh context at the start of every pass through the
      // steps: each pass is one visit, by the next shopper in turn (their n-th visit).
      if (context.shopper === undefined) {
        const index = nextShopper() % shoppers.length;
        visits[index] = (visits[index] ?? 0) + 1;
        context.shopper = index;
        context.visit = visits[index];
      }
      const shopper = shoppers[context.shopper as number]!;
      const { path, body } = step.make(shopper, context.visit as number);
      const headers: Record<string, string> = { 'accept-encoding': 'gzip', 'x-forwarded-for': shopper.ip };
      if (step.auth) headers.authorization = `Bearer ${shopper.token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return {
        method: step.method ?? 'GET',
        path,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      };
    },
    onResponse: (status, body) => onAnswer(step.kind, status, body),
  }));
}

async function runOnce(
  baseUrls: string[],
  steps: MixStep[],
  shoppers: Shopper[],
  connections: number,
  durationS: number,
  recorder: Recorder | null,
) {
  let shopperCounter = 0;
  const nextShopper = () => shopperCounter++;
  const runs = baseUrls.map((baseUrl, index) => {
    const share = Math.floor(connections / baseUrls.length) + (index < connections % baseUrls.length ? 1 : 0);
    let lastKind = '';
    const requests = requestsFor(steps, shoppers, nextShopper, (kind, status, body) => {
      lastKind = kind;
      if (!recorder || (status >= 200 && status < 300) || status === 304) return;
      recorder.non2xx.set(kind, (recorder.non2xx.get(kind) ?? 0) + 1);
      if (recorder.failures.length < 5) recorder.failures.push(`${kind} → ${status} ${body.slice(0, 160)}`);
    });
    return new Promise<{ errors: number; timeouts: number }>((resolve, reject) => {
      const instance = autocannon(
        { url: baseUrl, connections: Math.max(1, share), duration: durationS, requests, timeout: 10 },
        (error, result) => (error ? reject(error) : resolve({ errors: result.errors, timeouts: result.timeouts })),
      );
      if (recorder) {
        // autocannon calls the request's onResponse, then emits 'response' for the same answer, in one go.
        instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
          recorder.latencies.get(lastKind)?.push(responseTime);
        });
      }
    });
  });
  const outcomes = await Promise.all(runs);
  return outcomes.reduce((sum, o) => ({ errors: sum.errors + o.errors, timeouts: sum.timeouts + o.timeouts }), {
    errors: 0,
    timeouts: 0,
  });
}

function stats(kind: string, latencies: number[], non2xx: number, durationS: number): KindStats {
  const sorted = Float64Array.from(latencies).sort();
  return {
    kind,
    requests: latencies.length,
    reqPerSec: latencies.length / durationS,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    non2xx,
  };
}

export async function runMix(
  baseUrls: string[],
  steps: MixStep[],
  shoppers: Shopper[],
  options: LoadOptions = {},
): Promise<MixResult> {
  const settings = { ...defaultLoad(), ...definedOnly(options) };
  if (shoppers.length === 0) throw new Error('runMix needs at least one shopper');
  if (settings.warmupS > 0) await runOnce(baseUrls, steps, shoppers, settings.connections, settings.warmupS, null);
  const recorder: Recorder = { latencies: new Map(steps.map((s) => [s.kind, []])), non2xx: new Map(), failures: [] };
  const { errors, timeouts } = await runOnce(
    baseUrls,
    steps,
    shoppers,
    settings.connections,
    settings.durationS,
    recorder,
  );
  const kinds = [...recorder.latencies].map(([kind, latencies]) =>
    stats(kind, latencies, recorder.non2xx.get(kind) ?? 0, settings.durationS),
  );
  const all = [...recorder.latencies.values()].flat();
  const total = stats(
    'all',
    all,
    kinds.reduce((sum, k) => sum + k.non2xx, 0),
    settings.durationS,
  );
  return {
    total,
    kinds,
    errors,
    timeouts,
    connections: settings.connections,
    durationS: settings.durationS,
    failures: recorder.failures,
  };
}
