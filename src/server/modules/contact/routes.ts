/** POST /api/server/contact: the contact form (docs/api.md, "Catalogue"), limited per sender address and per client IP. */
import { contactBodySchema, contactResponseSchema } from '@shared/contracts/contact';
import { messageSchema as errorSchema } from '@shared/contracts/common';
import type { ModuleRoutes } from '../../http';
import { AppError } from '../../lib/errors';
import { sendContactMessage } from './service';

/** Contact form limits: per sender address and per client IP, each per hour. */
export const CONTACT_LIMIT_PER_ADDRESS = 3;
export const CONTACT_LIMIT_PER_IP = 10;

export const contactRoutes: ModuleRoutes = async (app, ctx) => {
  // Per sender address: checked after the body is validated (the IP limit runs before that).
  // The browser-test server (E2E_RELAXED_RATE_LIMITS) sends many messages from one address.
  const relax = ctx.config.E2E_RELAXED_RATE_LIMITS ? 100 : 1;
  const addressLimit = app.createRateLimit({
    max: CONTACT_LIMIT_PER_ADDRESS * relax,
    timeWindow: '1 hour',
    keyGenerator: (request) =>
      `contact-address:${String((request.body as { email?: unknown }).email)
        .trim()
        .toLowerCase()}`,
  });

  app.post(
    '/api/server/contact',
    {
      config: {
        access: 'public',
        rateLimit: { max: CONTACT_LIMIT_PER_IP * relax, timeWindow: '1 hour', groupId: 'contact-ip' },
      },
      preHandler: async (request) => {
        const limit = await addressLimit(request);
        if (!limit.isAllowed && limit.isExceeded) {
          throw new AppError(
            429,
            `Too many messages from this address. Please wait ${Math.ceil(limit.ttl / 60000)} minutes and try again.`,
            'RATE_LIMITED',
          );
        }
      },
      schema: {
        tags: ['catalogue'],
        summary: 'Sends a message to the shop (stored, and mailed to SHOP_EMAIL)',
        body: contactBodySchema,
        response: { 200: contactResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await sendContactMessage(ctx, request.body);
      return { success: true as const };
    },
  );
};
