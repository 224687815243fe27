/**
 * A tiny local stand-in for the Stripe API, for tests: the real SDK is pointed at it with
 * `new Stripe(key, { host, port, protocol: 'http' })` (our adapter does that from `apiUrl`).
 * It implements what the checkout uses (coupons, checkout sessions and their expiry, refunds, idempotency keys) with
 * Stripe's arithmetic: amount_total = Σ unit_amount × quantity − coupon.amount_off (never below 0: a
 * coupon comes off the line items only) + the shipping option's fixed amount. Webhook events
 * are signed with the SDK's own test-header helper.
 *
 *   const stripe = await startFakeStripe();
 *   createTestApp({ deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)) } });
 *   const { payload, signature } = stripe.completedEvent(sessionId);
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  providerOptions: { secretKey: string; webhookSecret: string; apiUrl: string };
  sessions: Map<string, Json>;
  coupons: Map<string, Json>;
  /** Refunds made (POST /v1/refunds), by id; `payments` the paid amount of each payment intent a completed event named. */
  refunds: Map<string, Json>;
  payments: Map<string, number>;
  /** Refunds are made at once but answered only once the returned function is called (Stripe slow to answer). */
  holdRefundAnswers(): () => void;
  /** The status new refunds answer (succeeded unless told). */
  refundStatus(status: 'succeeded' | 'pending' | 'failed'): void;
  /** Every request: method, path, parsed form body and idempotency key. */
  requests: { method: string; path: string; body: Json; idempotencyKey: string | undefined }[];
  /** Until called again with null, every request answers Stripe's error shape with this status, type and message. */
  failWith(failure: { status: number; error: { type: string; message: string; code?: string } } | null): void;
  /** While true, refunds are made but answered with a 500 (the answer lost on the way): a retry with the key replays the refund. */
  loseRefundAnswers(lose: boolean): void;
  /** A checkout.session.completed event for a session, paid; `override` changes the session object. */
  completedEvent(
    sessionId: string,
    override?: Json,
    eventId?: string,
  ): { payload: string; signature: string; eventId: string };
  event(type: string, object: Json, eventId?: string): { payload: string; signature: string; eventId: string };
  sign(payload: string, secret?: string): string;
  close(): Promise<void>;
}

/** The delivery address a completed session carries (when the session collects one), as Stripe shapes it. */
export const STRIPE_TEST_SHIPPING = {
  name: 'Ann Reader',
  address: {
    line1: '14 Orchard Row',
    line2: 'Flat 2',
    city: 'York',
    state: 'North Yorkshire',
    postal_code: 'YO1 7HH',
    country: 'GB',
  },
};
export const STRIPE_TEST_PHONE = '+441904555123';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Parses Stripe's form encoding (`line_items[0][price_data][unit_amount]=799`) into objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.match(/[^[\]]+/g) ?? [];
    let node: Json = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake';
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sdk = new Stripe(secretKey);
  const sessions = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const payments = new Map<string, number>();
  let newRefundStatus: 'succeeded' | 'pending' | 'failed' = 'succeeded';
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: FakeStripe['requests'] = [];
  let failure: { status: number; body: Json } | null = null;

  const handle = (method: string, path: string, body: Json, query: URLSearchParams): { status: number; body: Json } => {
    if (method === 'POST' && path === '/v1/coupons') {
      const amountOff = Number(body.amount_off);
      if (!Number.isInteger(amountOff) || amountOff <= 0) return error(400, 'amount_off must be a positive integer');
      const coupon = {
        id: id('coupon'),
        object: 'coupon',
        amount_off: amountOff,
        currency: body.currency,
        duration: body.duration,
        name: body.name,
        max_redemptions: Number(body.max_redemptions),
        metadata: body.metadata ?? {},
      };
      coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (body.line_items as Json[] | undefined) ?? [];
      if (lineItems.length === 0) return error(400, 'line_items is required');
      let subtotal = 0;
      for (const line of lineItems) {
        const unit = Number((line.price_data as Json).unit_amount);
        const qty = Number(line.quantity);
        if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(qty) || qty < 1)
          return error(400, 'bad line item');
        subtotal += unit * qty;
      }
      const discounts = (body.discounts as Json[] | undefined) ?? [];
      let amountOff = 0;
      for (const discount of discounts) {
        const coupon = coupons.get(String(discount.coupon));
        if (!coupon) return error(400, `No such coupon: ${String(discount.coupon)}`);
        amountOff += Number(coupon.amount_off);
      }
      const shippingOptions = (body.shipping_options as Json[] | undefined) ?? [];
      if (shippingOptions.length > 5) return error(400, 'at most 5 shipping_options');
      const rate = shippingOptions[0]?.shipping_rate_data as Json | undefined;
      const shipping = rate ? Number((rate.fixed_amount as Json).amount) : 0;
      if (!Number.isInteger(shipping) || shipping < 0) return error(400, 'bad shipping_rate_data.fixed_amount.amount');
      const sessionId = id('cs');
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        currency: body.currency ?? 'gbp',
        amount_subtotal: subtotal,
        amount_total: Math.max(0, subtotal - amountOff) + shipping,
        total_details: { amount_discount: Math.min(subtotal, amountOff), amount_shipping: shipping, amount_tax: 0 },
        shipping_options_sent: shippingOptions,
        client_reference_id: body.client_reference_id ?? null,
        customer_email: body.customer_email ?? null,
        customer_details: null,
        collected_information: null,
        shipping_address_collection: body.shipping_address_collection ?? null,
        phone_number_collection: body.phone_number_collection ?? { enabled: false },
        payment_intent: null,
        metadata: body.metadata ?? {},
        line_items_sent: lineItems,
        discounts_sent: discounts,
        payment_status: 'unpaid',
        status: 'open',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at),
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      // Stripe: several partial refunds up to the amount charged; more is refused.
      const intent = String(body.payment_intent ?? '');
      const paid = payments.get(intent);
      if (paid === undefined) return error(404, `No such payment_intent: '${intent}'`);
      const done = [...refunds.values()]
        .filter((refund) => refund.payment_intent === intent && refund.status !== 'failed')
        .reduce((sum, refund) => sum + Number(refund.amount), 0);
      const amount = body.amount === undefined ? paid - done : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0) return error(400, 'amount must be a positive integer');
      if (done + amount > paid)
        return error(400, `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`);
      const refund: Json = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: 'gbp',
        payment_intent: intent,
        charge: `ch_for_${intent}`,
        status: newRefundStatus,
        failure_reason: newRefundStatus === 'failed' ? 'expired_or_canceled_card' : null,
        metadata: body.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(String(refund.id), refund);
      return { status: 200, body: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = query.get('payment_intent');
      const data = [...refunds.values()].filter((refund) => intent === null || refund.payment_intent === intent);
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return error(404, 'No such checkout session');
      // Stripe: "A Checkout Session can be expired when it is in one of these statuses: open".
      if (session.status !== 'open')
        return error(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of ${String(session.status)}.`,
        );
      const expired = { ...session, status: 'expired' };
      sessions.set(expire[1]!, expired);
      return { status: 200, body: expired };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      return session ? { status: 200, body: session } : error(404, 'No such checkout session');
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  };

  let refundGate: Promise<void> | null = null;
  let losingRefundAnswers = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      const [path = '/', search = ''] = (req.url ?? '/').split('?');
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path, body, idempotencyKey: key });
      const cacheKey = key && !failure ? `${req.method} ${path} ${key}` : null;
      const answer =
        failure ??
        ((cacheKey && idempotent.get(cacheKey)) ||
          handle(req.method ?? 'GET', path, body, new URLSearchParams(search)));
      if (cacheKey && !idempotent.has(cacheKey)) idempotent.set(cacheKey, answer);
      // A lost answer: the refund is made (and its key keeps it), but the caller hears Stripe's 500.
      const lost = losingRefundAnswers && req.method === 'POST' && path === '/v1/refunds';
      const sent = lost ? { status: 500, body: { error: { type: 'api_error', message: 'lost' } } } : answer;
      const send = () => {
        res.writeHead(sent.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(sent.body));
      };
      // A held refund is made at once but answered only when released (its event can come first).
      if (refundGate && req.method === 'POST' && path === '/v1/refunds') void refundGate.then(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sign = (payload: string, secret = webhookSecret) => sdk.webhooks.generateTestHeaderString({ payload, secret });
  const event = (type: string, object: Json, eventId = id('evt')) => {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    return { payload, signature: sign(payload), eventId };
  };

  return {
    url,
    secretKey,
    webhookSecret,
    providerOptions: { secretKey, webhookSecret, apiUrl: url },
    sessions,
    coupons,
    refunds,
    payments,
    holdRefundAnswers() {
      let release!: () => void;
      refundGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        refundGate = null;
        release();
      };
    },
    refundStatus(status) {
      newRefundStatus = status;
    },
    requests,
    sign,
    event,
    loseRefundAnswers(lose) {
      losingRefundAnswers = lose;
    },
    failWith(next) {
      failure = next ? { status: next.status, body: { error: next.error } } : null;
    },
    completedEvent(sessionId, override = {}, eventId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
      const email = (session.customer_email as string | null) ?? 'buyer@example.com';
      // What the shopper typed on Stripe's page: the address (when the session asked for one) under
      // collected_information, as the API version the SDK pins shapes it, and the phone number.
      const collects = session.shipping_address_collection !== null;
      const phone = (session.phone_number_collection as Json).enabled === 'true' ? STRIPE_TEST_PHONE : null;
      const paid = {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi'),
        customer_details: { email, name: STRIPE_TEST_SHIPPING.name, phone },
        collected_information: collects ? { shipping_details: STRIPE_TEST_SHIPPING } : null,
        ...override,
      };
      sessions.set(sessionId, paid);
      payments.set(String(paid.payment_intent), Number((paid as Json).amount_total));
      return event('checkout.session.completed', paid, eventId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function error(status: number, message: string) {
  return { status, body: { error: { type: 'invalid_request_error', message } } };
}
