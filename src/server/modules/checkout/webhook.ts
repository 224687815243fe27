/**
 * POST /api/checkout/webhook/<provider>: a payment provider's signed notifications (and
 * POST /api/checkout/webhook, Stripe's address since the first release, which README documents).
 * Its own encapsulated plugin, because the signature is computed over the exact bytes the provider
 * sent: this scope keeps the body as a raw Buffer (no JSON parsing, no re-serialising) and only
 * these routes see it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STRIPE_PROVIDER } from '../../adapters/payments/stripe';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { handlePaymentEvent } from './service';

export async function paymentWebhookPlugin(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const receive = async (request: FastifyRequest, providerName: string) => {
    const provider = ctx.payments.byName.get(providerName);
    if (!provider) throw badRequest(`Payment webhooks from ${providerName} are not enabled in this shop.`);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const event = await provider.verifyWebhook(raw, request.headers);
    request.log.info(
      { provider: provider.name, eventId: event.id, type: event.providerType, sessionId: event.sessionId },
      'payment event received',
    );
    await handlePaymentEvent(ctx, event);
    return { received: true };
  };

  app.post('/api/checkout/webhook', { config: { access: 'public' }, schema: { hide: true } }, (request) =>
    receive(request, STRIPE_PROVIDER),
  );
  app.post<{ Params: { provider: string } }>(
    '/api/checkout/webhook/:provider',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ provider: z.string().max(40) }) } },
    (request) => receive(request, request.params.provider),
  );
}
