/**
 * The admin's discount codes (docs/api.md, "Admin"): `access: 'admin'` (401 without a session
 * token, 403 for anyone but an admin). A typed code is checked with the basket's price, by the
 * checkout module (POST /api/server/validate_discount).
 */
import { messageSchema } from '@shared/contracts/common';
import { sendDiscountBodySchema, sentDiscountSchema } from '@shared/contracts/discounts';
import type { ModuleRoutes } from '../../http';

export const discountRoutes: ModuleRoutes = async (app, ctx) => {
  app.post(
    '/api/admin/send-discount-code',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make a one-use discount code (30 days) and e-mail it',
        body: sendDiscountBodySchema,
        response: {
          200: sentDiscountSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => ctx.flows.sendDiscountCode(ctx, request.body),
  );
};
