/**
 * POST /api/checkout/webhook: the payment provider's signed notifications. Its own encapsulated
 * plugin, because the signature is computed over the exact bytes Stripe sent: this scope keeps
 * the body as a raw Buffer (no JSON parsing, no re-serialising) and only this route sees it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { handlePaymentEvent } from './service';

export async function paymentWebhookPlugin(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/api/checkout/webhook',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = await ctx.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      request.log.info({ eventId: event.id, type: event.providerType, sessionId: event.sessionId }, 'payment event received');
      await handlePaymentEvent(ctx, event);
      return { received: true };
    },
  );
}
