/**
 * The owner's list of the codes sent and revoking an unused one (issue #20, decision 120): the
 * discounts module's tables, at the addresses they had under the dashboard (decision 135). Every
 * route `access: 'admin'` (401 without a session, 403 for anyone but an admin). Revoking also clears
 * the dashboard's kept answers, so it is a flow (flows/revoke-discount-code.ts).
 */
import { messageSchema } from '@shared/contracts/common';
import {
  discountCodePageQuerySchema,
  discountCodePageSchema,
  revokeDiscountCodeAnswerSchema,
  revokeDiscountCodeParamsSchema,
} from '@shared/contracts/discounts';
import type { ModuleRoutes } from '../../../http';
import { sentCodesPage } from './codes';

export const discountAdminRoutes: ModuleRoutes = async (app, ctx) => {
  app.get(
    '/api/admin/dashboard/discount-codes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every discount code sent, newest first, with its state and the order that used it; next_cursor asks for the next page',
        querystring: discountCodePageQuerySchema,
        response: { 200: discountCodePageSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    async (request) => sentCodesPage(ctx.database.db, request.query),
  );

  app.post(
    '/api/admin/discount-codes/:code/revoke',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Revokes an unused discount code: no checkout can use it after (409 when used, or held by a checkout being paid)',
        params: revokeDiscountCodeParamsSchema,
        response: {
          200: revokeDiscountCodeAnswerSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => ctx.flows.revokeDiscountCode(ctx, request.params.code, request.user!.email),
  );
};
