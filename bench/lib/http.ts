/**
 * JSON calls to a running shop for the bench's own set-up and checks (not for load): the answer's
 * status and parsed body, and a bearer token and client address when given. Each simulated person
 * gets their own client address (`X-Forwarded-For`, read by a shop started with TRUST_PROXY=true),
 * as a shop behind a reverse proxy sees many shoppers, so per-address rate limits apply per person.
 */
export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallAnswer<T = unknown> {
  status: number;
  body: T;
  text: string;
}

export async function call<T = unknown>(url: string, options: CallOptions = {}): Promise<CallAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const response = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: body as T, text };
}

/** Like `call`, but throws with the answer when the status is not the expected one. */
export async function expectCall<T = unknown>(expected: number, url: string, options: CallOptions = {}): Promise<T> {
  const answer = await call<T>(url, options);
  if (answer.status !== expected)
    throw new Error(
      `${options.method ?? (options.body === undefined ? 'GET' : 'POST')} ${url} answered ${answer.status}, expected ${expected}: ${answer.text.slice(0, 300)}`,
    );
  return answer.body;
}

/** A distinct documentation-range address per simulated person (198.18.0.0/15 is for benchmarks). */
export function clientIp(n: number): string {
  return `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface Shopper {
  id: string;
  email: string;
  token: string;
  ip: string;
}

/** Signs up n customers through POST /api/create_account, each from its own address. */
export async function createShoppers(baseUrl: string, n: number, tag: string): Promise<Shopper[]> {
  return mapLimit(
    Array.from({ length: n }, (_, i) => i),
    4,
    async (i) => {
      const ip = clientIp(10_000 + i);
      const email = `shopper-${tag}-${i}@bench.example`;
      const account = await expectCall<{ id: string; token: string }>(201, `${baseUrl}/api/create_account`, {
        body: { email, password: `bench${i}pass1` },
        ip,
      });
      return { id: account.id, email, token: account.token, ip };
    },
  );
}
