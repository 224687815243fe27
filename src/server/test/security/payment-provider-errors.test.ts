/**
 * The payment provider's own error text never reaches the browser: Stripe's messages name
 * parameters, ids and key prefixes. Whatever Stripe answers (through the real SDK against the
 * local fake Stripe), the shopper gets our sentence (MSG.paymentRefused / MSG.paymentUnavailable)
 * and the log gets Stripe's error. Before this, a refusal answered "The payment provider refused
 * the checkout: <Stripe's message>".
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { paymentProviders } from '../../adapters/payments/provider';
import { stripePaymentProvider } from '../../adapters/payments/stripe';
import { startFakeStripe, type FakeStripe } from '../fake-stripe';
import { createDiscountCode } from '../factories/discounts';
import { createProduct, type ProductFixture } from '../factories/products';
import { createTestApp, type TestApp } from '../harness';

let t: TestApp;
let stripe: FakeStripe;
let book: ProductFixture;
const logLines: string[] = [];

/** Stripe's words, which must stay out of every answer. */
const STRIPE_TEXT =
  'No such coupon: coupon_9fZx; a similar object exists in live mode, but a test mode key (sk_test_4eC39HqLyjWDarjtT1zdp7dc) was used';

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://shop.example', LOG_LEVEL: 'warn' },
    deps: { payments: paymentProviders(stripePaymentProvider(stripe.providerOptions)) },
    logStream: { write: (line) => void logLines.push(line) },
    beforeReady: (app) => {
      // A provider error that reaches the error handler unwrapped (a future call made without the adapter).
      app.get('/api/walk/stripe-error', { config: { access: 'public' } }, async () => {
        throw new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', message: STRIPE_TEXT });
      });
    },
  });
  book = await createProduct(t.deps.database.db, { name: 'Provider Mazes', pricePence: 799 });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const checkout = (discountCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/create_checkout_session',
    payload: {
      cartItems: [{ product_id: book.id, qty: 1 }],
      user_id: null,
      user_email: 'buyer@example.com',
      shipping_cost: 3.83,
      currency: 'GBP',
      ...(discountCode ? { discount_code: discountCode } : {}),
    },
  });

/** Runs `call` while the fake Stripe answers every request with this error. */
async function failing<T>(
  status: number,
  error: { type: string; message: string; code?: string },
  call: () => Promise<T>,
): Promise<T> {
  stripe.failWith({ status, error });
  try {
    return await call();
  } finally {
    stripe.failWith(null);
  }
}

describe('when Stripe answers an error', () => {
  it.each([
    [
      'refuses the checkout (invalid request, 400)',
      400,
      { type: 'invalid_request_error', message: STRIPE_TEXT, code: 'resource_missing' },
      400,
      MSG.paymentRefused,
    ],
    [
      'refuses the key (authentication, 401)',
      401,
      { type: 'authentication_error', message: `Invalid API Key provided: ${STRIPE_TEXT}` },
      503,
      MSG.paymentUnavailable,
    ],
    ['limits the rate (429)', 429, { type: 'rate_limit_error', message: STRIPE_TEXT }, 503, MSG.paymentUnavailable],
    [
      'fails itself (500, after the SDK retries)',
      500,
      { type: 'api_error', message: STRIPE_TEXT },
      503,
      MSG.paymentUnavailable,
    ],
  ] as const)(
    'that %s: the shopper gets our words, the log gets Stripe’s',
    async (_name, status, error, answerStatus, message) => {
      logLines.length = 0;
      const res = await failing(status, error, checkout);
      expect(res.statusCode, res.body).toBe(answerStatus);
      expect(res.json()).toEqual({ message });
      expect(res.body).not.toMatch(/coupon_9fZx|sk_test|Stripe|API Key/i);
      expect(logLines.join('\n')).toContain('coupon_9fZx');
    },
  );

  it('on the discount coupon (the first call) as on the session: our words', async () => {
    const code = await createDiscountCode(t.deps.database.db, { percentage: 10 });
    const res = await failing(400, { type: 'invalid_request_error', message: STRIPE_TEXT }, () => checkout(code.code));
    expect(stripe.requests.at(-1)!.path).toBe('/v1/coupons');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.paymentRefused });
  });

  it('that reaches the error handler unwrapped: our words too', async () => {
    logLines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/walk/stripe-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.paymentRefused });
    expect(logLines.join('\n')).toContain('coupon_9fZx');
  });

  it('and then answers normally: the checkout opens', async () => {
    const res = await checkout();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });
});
