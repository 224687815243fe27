/**
 * Orders (docs/api.md): the customer's history (the owner only), and the admin's list and status
 * changes (`access: 'admin'`: 401 without a session token, 403 for anyone but an admin).
 */
import { userIdParamsSchema } from '../../../shared/contracts/cart';
import { messageSchema } from '../../../shared/contracts/common';
import { adminOrdersSchema, orderHistorySchema, updateOrderStatusBodySchema } from '../../../shared/contracts/order';
import type { ModuleRoutes } from '../../http';
import { ownerFromParam } from '../../plugins/access';
import { listOrders, orderHistory, updateOrderStatus } from './service';

const admin = { access: 'admin' as const };

export const orderRoutes: ModuleRoutes = async (app, ctx) => {
  app.get(
    '/api/server/order_history/:userId',
    {
      config: { access: ownerFromParam('userId') },
      schema: { tags: ['orders'], params: userIdParamsSchema, response: { 200: orderHistorySchema } },
    },
    (request) => orderHistory(ctx, request.params.userId),
  );

  app.get(
    '/api/admin/orders_status',
    { config: admin, schema: { tags: ['admin'], summary: 'Every order, newest first', response: { 200: adminOrdersSchema, 401: messageSchema, 403: messageSchema } } },
    async () => listOrders(ctx),
  );

  app.post(
    '/api/admin/update_order_status',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Move an order forward (Printing → Shipped → Delivered) or set its references; mails the customer',
        body: updateOrderStatusBodySchema,
        response: { 200: messageSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request) =>
      updateOrderStatus(ctx, {
        orderId: request.body.order_id,
        status: request.body.status,
        bookVaultRef: request.body.bookVault_ref,
        trackingRef: request.body.tracking_ref,
      }),
  );
};
