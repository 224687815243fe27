/**
 * A local stand-in for BookVault's v3 order API, for tests: node:http on 127.0.0.1, a port of its
 * own. It speaks the protocol of docs/partners/bookvault.md, written out here on its own (not
 * from the adapter's file), so a test fails when the adapter drifts from the description:
 *
 * - `Authorization: basic <key>` on every call (401 otherwise);
 * - POST /Order?payMethod=Draft|Saved|Credit checks the required fields (Addressee, Address1,
 *   Town, County, Postcode, Country.ISO_Code, Email; lines with ISBN and a whole Quantity; a
 *   customs declaration outside GB) and answers 400 with error-level Messages when one is
 *   missing; a line whose ISBN is not in its catalogue gets an ErrorCode, the order is kept as a
 *   Draft with CriticalError; with `requirePayment` the order is kept Active with a PaymentLink;
 * - one order per DocRef: a second POST with a DocRef it holds (not cancelled) is refused with
 *   400 and an error message (`duplicateDocRef: 'refuse'`, the default) or answered with the
 *   order it holds (`'answer-existing'`);
 * - GET /Order?PodRef= answers the order with its Progress and Tracking; DELETE /Order?PodRef=
 *   cancels it until it is printing (then 400).
 * PodRefs are numbers, as public integrations show them.
 *
 * A test scripts its faults per call, in order: `failNext` (turned away: 503 with Retry-After by
 * default, nothing recorded), `gatewayNext` (the order is recorded, then a gateway answers 502 or
 * another 5xx with its own page), `hangNext` (never answers; the order is recorded unless told
 * not to), `dropNext` (reads the request, records the order, closes the connection without an
 * answer), `answerNext` (any status and body).
 * For load and crash tests: `delayMs` (a slow partner: every answer waits, the work is done on
 * arrival), `failRate` (a share of calls turned away at random, from a seed, nothing recorded),
 * `onCall` (sees each call once it is carried out, before its answer: a test can kill the shop
 * mid-call) and `extraApiKeys` (keys of other shops it also accepts; `calls` tell them apart).
 *
 *   const bv = await startFakeBookVault();
 *   const partner = bookVaultPrintPartner({ apiKey: bv.apiKey, apiUrl: bv.url, payMethod: 'Saved', dispatchService: 'CheapestTracked' });
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface FakeBookVaultCall {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON body, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
}

export interface FakeTracking {
  TrackingNumber: string;
  CombinedURL: string;
  ServName: string;
}

export interface FakeOrder {
  podRef: number;
  docRef: string;
  /** BookVault's order status: Draft, Active, Cancelled (or anything a test sets). */
  status: string;
  /** Progress.Status: Received, SentToPrint, Dispatched, Delivered (or anything a test sets). */
  progress: string;
  tracking: FakeTracking | null;
  payMethod: string;
  body: Json;
  lines: { ISBN: string; Quantity: number; ErrorCode: string }[];
  paymentLink: string | null;
  productionCost: number;
  dispatchCost: number;
}

type Scripted =
  | { kind: 'fail'; status: number }
  | { kind: 'gateway'; status: number }
  | { kind: 'hang'; record: boolean }
  | { kind: 'drop' }
  | { kind: 'answer'; status: number; body: unknown; headers: Record<string, string> };

export interface FakeBookVaultOptions {
  apiKey?: string;
  /** The ISBNs its library holds; a line with another is refused. */
  isbns?: string[];
  /** What a second POST with a DocRef it holds gets. */
  duplicateDocRef?: 'refuse' | 'answer-existing';
  /** Every answer waits this long (ms); see `FakeBookVault.delayMs`. */
  delayMs?: number;
  /** Other keys it accepts besides `apiKey` (several shops, each with its own key). */
  extraApiKeys?: string[];
}

export interface FakeBookVault {
  url: string;
  apiKey: string;
  isbns: Set<string>;
  /** Every order, by PodRef (as text). */
  orders: Map<string, FakeOrder>;
  /** Every request that arrived, in order (scripted faults included). */
  calls: FakeBookVaultCall[];
  duplicateDocRef: 'refuse' | 'answer-existing';
  /** Calls made, of one method (and path) or all. */
  callCount(method?: string, path?: string): number;
  /** The order it holds for a DocRef (the live one, else the last cancelled one). */
  orderFor(docRef: string): FakeOrder | undefined;
  /**
   * The next `count` calls are turned away: answered `status` (503 by default) and nothing is
   * recorded. A 503 or 429 says when to come back (`Retry-After: 0`), as a server declining a call does.
   */
  failNext(count: number, status?: number): void;
  /**
   * The next `count` calls are carried out (a POST's order is held), then a gateway in front
   * answers `status` (502 by default) with its own HTML page instead of BookVault's answer.
   */
  gatewayNext(count: number, status?: number): void;
  /** The next `count` calls never answer; a POST is still recorded unless `record` is false. */
  hangNext(count: number, options?: { record?: boolean }): void;
  /** The next `count` calls are read and carried out, then the connection is closed without an answer. */
  dropNext(count: number): void;
  /** The next call answers this, whatever it asked. */
  answerNext(status: number, body: unknown, headers?: Record<string, string>): void;
  /**
   * How long every answer waits (ms, 0 by default): the call is carried out when it arrives (a
   * POST's order is held at once) and answered after the delay, as a slow partner would.
   */
  delayMs: number;
  /** Called with each call once it is carried out, before it is answered (null: nothing). */
  onCall: ((call: FakeBookVaultCall) => void) | null;
  /**
   * From now on, each call that nothing is scripted for is turned away as by `failNext` (`status`,
   * 503 by default) with probability `rate`, from a seeded generator (the same calls fail in every
   * run); nothing is recorded for it. `failRate(0)` stops it.
   */
  failRate(rate: number, options?: { seed?: number; status?: number }): void;
  /** Calls answered with a failure by `failRate`. */
  readonly failedAtRandom: number;
  /** From now on, placed orders wait for payment: Active with a PaymentLink. */
  requirePayment(on: boolean): void;
  /** Moves an order on, as the printer would: printing, dispatched (with tracking), delivered. */
  advance(podRef: string | number, to: 'printing' | 'dispatched' | 'delivered', tracking?: Partial<FakeTracking>): void;
  /** Sets an order's raw names (for statuses the adapter does not know). */
  setStatus(podRef: string | number, names: { status?: string; progress?: string }): void;
  close(): Promise<void>;
}

const TOO_LATE_TO_CANCEL = new Set(['SentToPrint', 'Dispatched', 'Delivered']);
const DEFAULT_ISBNS = ['9781234567897', '9780000000002', 'BV-1001', 'BV-1002', 'BV-1003'];

const errorMessage = (Code: string, Text: string) => ({ Level: 'Error', Code, Text });

/** A small seeded generator (mulberry32): numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The required fields the body lacks, as BookVault would name them. */
function missingFields(body: Json): string[] {
  const missing: string[] = [];
  const address = (body.Address ?? {}) as Json;
  const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (!text(body.DocRef)) missing.push('DocRef');
  for (const field of ['Addressee', 'Address1', 'Town', 'County', 'Postcode', 'Email']) {
    if (!text(address[field])) missing.push(`Address.${field}`);
  }
  if (!text((address.Country as Json | undefined)?.ISO_Code)) missing.push('Address.Country.ISO_Code');
  const lines = body.OrderLines;
  if (!Array.isArray(lines) || lines.length === 0) missing.push('OrderLines');
  else {
    lines.forEach((line: Json, index) => {
      if (!text(line?.ISBN)) missing.push(`OrderLines[${index}].ISBN`);
      if (!Number.isInteger(line?.Quantity) || (line.Quantity as number) < 1)
        missing.push(`OrderLines[${index}].Quantity`);
    });
  }
  return missing;
}

export async function startFakeBookVault(options: FakeBookVaultOptions = {}): Promise<FakeBookVault> {
  const apiKey = options.apiKey ?? 'bv_test_fake_key';
  const isbns = new Set(options.isbns ?? DEFAULT_ISBNS);
  const orders = new Map<string, FakeOrder>();
  const calls: FakeBookVaultCall[] = [];
  const script: Scripted[] = [];
  let nextPodRef = 500_001;
  let paymentRequired = false;
  let duplicateMode = options.duplicateDocRef ?? 'refuse';
  const acceptedKeys = new Set([apiKey, ...(options.extraApiKeys ?? [])]);
  let delayMs = options.delayMs ?? 0;
  let onCall: ((call: FakeBookVaultCall) => void) | null = null;
  let randomFailures: { rate: number; status: number; next: () => number } | null = null;
  let failedAtRandom = 0;
  const timers = new Set<NodeJS.Timeout>();

  const orderView = (order: FakeOrder) => ({
    PodRef: order.podRef,
    DocRef: order.docRef,
    Status: order.status,
    CriticalError: order.lines.some((line) => line.ErrorCode !== 'OK'),
    Messages: [] as unknown[],
    OrderLines: order.lines,
    OrderCost: {
      ProductionCost: order.productionCost,
      DispatchCost: order.dispatchCost,
      GrandTotal: Math.round((order.productionCost + order.dispatchCost) * 100) / 100,
      ...(order.paymentLink ? { PaymentLink: order.paymentLink } : {}),
    },
    Partner: { CurrencyID: 'GBP' },
    Address: order.body.Address,
    Progress: {
      Status: order.progress,
      IsDispatched: order.progress === 'Dispatched' || order.progress === 'Delivered',
    },
    Tracking: order.tracking ? { Tracked: true, ...order.tracking, ServDetail: 'Tracked 48' } : null,
  });

  const liveOrderFor = (docRef: string) =>
    [...orders.values()].find((order) => order.docRef === docRef && order.status !== 'Cancelled');

  function placeOrder(query: Record<string, string>, body: unknown): { status: number; body: unknown } {
    const payMethod = query.payMethod ?? '';
    if (!['Draft', 'Saved', 'Credit'].includes(payMethod)) {
      return {
        status: 400,
        body: {
          Messages: [errorMessage('InvalidPayMethod', `payMethod must be Draft, Saved or Credit, not "${payMethod}".`)],
        },
      };
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return {
        status: 400,
        body: { Messages: [errorMessage('InvalidBody', 'The request body must be an order in JSON.')] },
      };
    }
    const order = body as Json;
    const missing = missingFields(order);
    if (missing.length > 0) {
      return {
        status: 400,
        body: { Messages: missing.map((field) => errorMessage('MissingField', `${field} is required.`)) },
      };
    }
    const address = order.Address as Json;
    const country = String((address.Country as Json).ISO_Code);
    if (country !== 'GB' && !order.CustomsDeclaration) {
      return {
        status: 400,
        body: {
          Messages: [errorMessage('CustomsRequired', `A customs declaration is required for orders to ${country}.`)],
        },
      };
    }
    const existing = liveOrderFor(String(order.DocRef));
    if (existing) {
      if (duplicateMode === 'answer-existing') return { status: 200, body: orderView(existing) };
      return {
        status: 400,
        body: {
          Messages: [errorMessage('DuplicateDocRef', `An order with DocRef ${String(order.DocRef)} already exists.`)],
        },
      };
    }
    const lines = (order.OrderLines as Json[]).map((line) => ({
      ISBN: String(line.ISBN),
      Quantity: line.Quantity as number,
      ErrorCode: isbns.has(String(line.ISBN)) ? 'OK' : 'ISBNNotFound',
    }));
    const copies = lines.reduce((sum, line) => sum + line.Quantity, 0);
    const podRef = nextPodRef++;
    const refused = lines.some((line) => line.ErrorCode !== 'OK');
    const draft = refused || payMethod === 'Draft' || order.Status === 'Draft';
    const created: FakeOrder = {
      podRef,
      docRef: String(order.DocRef),
      status: draft ? 'Draft' : 'Active',
      progress: 'Received',
      tracking: null,
      payMethod,
      body: order,
      lines,
      paymentLink: paymentRequired && !draft ? `https://bookvault.example/pay/${podRef}` : null,
      productionCost: Math.round(copies * 3.75 * 100) / 100,
      dispatchCost: country === 'GB' ? 2.99 : 7.5,
    };
    orders.set(String(podRef), created);
    return { status: 200, body: orderView(created) };
  }

  function handle(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): { status: number; body: unknown } {
    if (path !== '/Order')
      return { status: 404, body: { Message: `No HTTP resource was found that matches ${method} ${path}.` } };
    if (method === 'POST') return placeOrder(query, body);
    const order = query.PodRef ? orders.get(query.PodRef) : undefined;
    if (method === 'GET' || method === 'DELETE') {
      if (!order) return { status: 404, body: { Message: `Order ${query.PodRef ?? ''} was not found.` } };
      if (method === 'GET') return { status: 200, body: orderView(order) };
      if (TOO_LATE_TO_CANCEL.has(order.progress)) {
        return {
          status: 400,
          body: {
            Messages: [errorMessage('CannotCancel', 'The order is in production and can no longer be cancelled.')],
          },
        };
      }
      order.status = 'Cancelled';
      return { status: 200, body: { PodRef: order.podRef, Status: order.status } };
    }
    return { status: 405, body: { Message: `The requested resource does not support ${method}.` } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const query = Object.fromEntries(url.searchParams);
      const authorization = req.headers.authorization;
      const call: FakeBookVaultCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query,
        authorization,
        contentType: req.headers['content-type'],
        body,
      };
      calls.push(call);

      const next = script.shift();
      const write = (answer: { status: number; body: unknown }, headers: Record<string, string>) => {
        if (res.destroyed) return; // the caller went away while the answer waited
        const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json',
          ...headers,
        });
        res.end(payload);
      };
      const send = (answer: { status: number; body: unknown }, headers: Record<string, string> = {}) => {
        onCall?.(call);
        if (delayMs <= 0) return write(answer, headers);
        const timer = setTimeout(() => {
          timers.delete(timer);
          write(answer, headers);
        }, delayMs);
        timers.add(timer);
      };
      // Turned away before anything is done: a 503 or 429 says when to come back.
      const turnAway = (status: number) =>
        send(
          { status, body: { Message: 'An error has occurred.' } },
          status === 503 || status === 429 ? { 'retry-after': '0' } : {},
        );
      if (next?.kind === 'fail') return turnAway(next.status);
      if (next?.kind === 'answer') return send(next, next.headers);
      if (!next && randomFailures && randomFailures.next() < randomFailures.rate) {
        failedAtRandom += 1;
        return turnAway(randomFailures.status);
      }

      // The documented header: the scheme `basic` (any case) and the key itself.
      const [scheme, credential] = (authorization ?? '').split(' ');
      const answer =
        scheme?.toLowerCase() === 'basic' && credential !== undefined && acceptedKeys.has(credential)
          ? next?.kind === 'hang' && !next.record
            ? null
            : handle(req.method ?? 'GET', url.pathname, query, body)
          : { status: 401, body: { Message: 'Authorization has been denied for this request.' } };

      if (next?.kind === 'hang' || next?.kind === 'drop') onCall?.(call);
      if (next?.kind === 'hang') return; // never answers; close() ends the socket
      if (next?.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      if (next?.kind === 'gateway')
        return send({
          status: next.status,
          body: `<html><body><h1>Error ${next.status}</h1><p>The gateway got no answer it could pass on.</p></body></html>`,
        });
      send(answer!);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const orderOf = (podRef: string | number) => {
    const order = orders.get(String(podRef));
    if (!order) throw new Error(`fake BookVault has no order ${podRef}`);
    return order;
  };

  return {
    url,
    apiKey,
    isbns,
    orders,
    calls,
    get duplicateDocRef() {
      return duplicateMode;
    },
    set duplicateDocRef(mode) {
      duplicateMode = mode;
    },
    callCount: (method, path) =>
      calls.filter((call) => (!method || call.method === method) && (!path || call.path === path)).length,
    orderFor: (docRef) =>
      liveOrderFor(docRef) ?? [...orders.values()].reverse().find((order) => order.docRef === docRef),
    failNext(count, status = 503) {
      for (let i = 0; i < count; i++) script.push({ kind: 'fail', status });
    },
    gatewayNext(count, status = 502) {
      for (let i = 0; i < count; i++) script.push({ kind: 'gateway', status });
    },
    hangNext(count, { record = true } = {}) {
      for (let i = 0; i < count; i++) script.push({ kind: 'hang', record });
    },
    dropNext(count) {
      for (let i = 0; i < count; i++) script.push({ kind: 'drop' });
    },
    answerNext(status, body, headers = {}) {
      script.push({ kind: 'answer', status, body, headers });
    },
    get delayMs() {
      return delayMs;
    },
    set delayMs(ms) {
      delayMs = ms;
    },
    get onCall() {
      return onCall;
    },
    set onCall(hook) {
      onCall = hook;
    },
    failRate(rate, { seed = 1, status = 503 } = {}) {
      randomFailures = rate > 0 ? { rate, status, next: seededRandom(seed) } : null;
    },
    get failedAtRandom() {
      return failedAtRandom;
    },
    requirePayment(on) {
      paymentRequired = on;
    },
    advance(podRef, to, tracking = {}) {
      const order = orderOf(podRef);
      if (to === 'printing') order.progress = 'SentToPrint';
      else if (to === 'delivered') order.progress = 'Delivered';
      else {
        order.progress = 'Dispatched';
        order.tracking = {
          TrackingNumber: `TT${order.podRef}GB`,
          CombinedURL: `https://tracking.example/royal-mail/TT${order.podRef}GB`,
          ServName: 'Royal Mail Tracked 48',
          ...tracking,
        };
      }
    },
    setStatus(podRef, names) {
      const order = orderOf(podRef);
      if (names.status !== undefined) order.status = names.status;
      if (names.progress !== undefined) order.progress = names.progress;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
