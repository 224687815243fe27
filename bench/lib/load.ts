/**
 * Load a URL with autocannon and answer requests per second and latency percentiles.
 *
 *   const r = await measure('http://127.0.0.1:3000/api/server/get_products', { durationS: 10 });
 *   r.reqPerSec, r.p50Ms, r.p95Ms, r.p99Ms, r.non2xx
 */
import autocannon, { type Result as AutocannonResult } from 'autocannon';

export interface LoadOptions {
  durationS?: number;
  connections?: number;
  pipelining?: number;
  headers?: Record<string, string>;
  /** Seconds of load first that are not measured (JIT, caches, connection set-up). */
  warmupS?: number;
}

export interface LoadResult {
  url: string;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean response body size in bytes. */
  bytesPerResponse: number;
}

export const defaultLoad = (): Required<Omit<LoadOptions, 'headers'>> => ({
  durationS: Number(process.env.BENCH_DURATION ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  pipelining: 1,
  warmupS: Number(process.env.BENCH_WARMUP ?? 2),
});

/** The p-th percentile of ascending values (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function run(
  url: string,
  options: Required<Omit<LoadOptions, 'headers'>> & { headers?: Record<string, string> },
  durationS: number,
  record: boolean,
) {
  const latencies: number[] = [];
  let bytes = 0;
  return new Promise<{ result: AutocannonResult; latencies: number[]; bytes: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        pipelining: options.pipelining,
        duration: durationS,
        headers: options.headers,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve({ result, latencies, bytes })),
    );
    if (record) {
      instance.on('response', (_client: unknown, _status: number, resBytes: number, responseTime: number) => {
        latencies.push(responseTime);
        bytes += resBytes;
      });
    }
  });
}

/** The options that are set (an explicit `undefined` keeps the default). */
export function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export async function measure(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const settings = { ...defaultLoad(), ...definedOnly(options) };
  if (settings.warmupS > 0) await run(url, settings, settings.warmupS, false);
  const { result, latencies, bytes } = await run(url, settings, settings.durationS, true);
  const sorted = Float64Array.from(latencies).sort();
  return {
    url,
    reqPerSec: result.requests.average,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
  };
}
