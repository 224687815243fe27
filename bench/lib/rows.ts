/** Table rows for load results, shared by the scenarios. */
import http, { type IncomingHttpHeaders } from 'node:http';
import { startBareServer } from './bare';
import { measure, type LoadOptions, type LoadResult } from './load';
import type { Row } from './report';

const ms = (value: number) => Math.round(value * 100) / 100;

export function loadRows(scenario: string, label: string, result: LoadResult): Row[] {
  const rows: Row[] = [
    { scenario, metric: `${label} throughput`, value: Math.round(result.reqPerSec), unit: 'req/s' },
    { scenario, metric: `${label} latency p50`, value: ms(result.p50Ms), unit: 'ms' },
    { scenario, metric: `${label} latency p95`, value: ms(result.p95Ms), unit: 'ms' },
    { scenario, metric: `${label} latency p99`, value: ms(result.p99Ms), unit: 'ms' },
  ];
  if (result.non2xx || result.errors || result.timeouts) {
    rows.push({
      scenario,
      metric: `${label} failed answers`,
      value: result.non2xx + result.errors + result.timeouts,
      unit: 'count',
      note: `NOT 2xx: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests}`,
    });
  }
  return rows;
}

export interface CompareOptions extends LoadOptions {
  /** Label prefix for the metrics, e.g. 'gzip'. */
  label?: string;
  /** The least shop / bare ratio (%) that meets the target. */
  targetPercent?: number;
}

/**
 * A route of a running shop against a bare node:http server answering exactly the same bytes,
 * status and content headers (gzip included when the request asks for it).
 */
export async function compareWithBare(
  scenario: string,
  baseUrl: string,
  routePath: string,
  options: CompareOptions = {},
): Promise<Row[]> {
  const prefix = options.label ? `${options.label} ` : '';
  const response = await rawGet(`${baseUrl}${routePath}`, options.headers ?? {});
  const body = response.body;
  const encoding = response.headers['content-encoding'];
  const ok = response.status >= 200 && response.status < 300;
  const app = await measure(`${baseUrl}${routePath}`, options);
  const headers: Record<string, string> = {
    'content-type': String(response.headers['content-type'] ?? 'application/json'),
  };
  if (typeof encoding === 'string') headers['content-encoding'] = encoding;
  const bare = await startBareServer(body, headers, response.status);
  let baseline: LoadResult;
  try {
    baseline = await measure(`${bare.url}${routePath}`, options);
  } finally {
    await bare.stop();
  }
  const ratio = Math.round((app.reqPerSec / baseline.reqPerSec) * 1000) / 10;
  return [
    {
      scenario,
      metric: `${prefix}answer`,
      value: response.status,
      unit: 'status',
      note: ok
        ? `${body.length.toLocaleString('en-GB')} bytes${encoding ? ` (${encoding})` : ''}`
        : 'NOT 2xx: the figures below are not for a working route',
      pass: ok,
      must: true,
    },
    ...loadRows(scenario, `${prefix}shop`, app),
    ...loadRows(scenario, `${prefix}bare node:http`, baseline).filter((row) => !row.metric.includes('failed')),
    {
      scenario,
      metric: `${prefix}shop / bare`,
      value: ratio,
      unit: '%',
      ...(options.targetPercent !== undefined
        ? { target: `≥ ${options.targetPercent} %`, pass: ratio >= options.targetPercent }
        : {}),
    },
  ];
}

/** Status, headers and the body bytes exactly as sent (no decoding), through node:http. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
