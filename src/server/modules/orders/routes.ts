/**
 * Orders (docs/api.md): the customer's history (the owner only), and the admin's list, overview,
 * order detail, CSV export and status changes (`access: 'admin'`: 401 without a session token,
 * 403 for anyone but an admin).
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import { userIdParamsSchema } from '@shared/contracts/cart';
import { messageSchema } from '@shared/contracts/common';
import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrdersQuerySchema,
  adminOrdersSchema,
  orderHistorySchema,
  updateOrderStatusBodySchema,
} from '@shared/contracts/orders';
import type { ModuleRoutes } from '../../http';
import { ownerFromParam } from '../../plugins/access';
import { exportOrdersCsv, orderDetail, orderOverview } from './admin/service';
import { sendToPrinterAgain, trackingPage } from './printing/service';
import { listOrders, orderHistory } from './service';
import { refundRoutes } from './refunds/routes';

const admin = { access: 'admin' as const };
const adminErrors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };
/** The export takes the overview's filters; it has no pages. */
const exportQuerySchema = adminOrdersQuerySchema.pick({
  q: true,
  status: true,
  address_missing: true,
  print: true,
  problem: true,
});
const orderParams = z.object({ orderId: z.uuid({ message: 'must be an order id' }) });

export const orderRoutes: ModuleRoutes = async (app, ctx) => {
  // Cancel and refund (issue 26): their own file.
  await refundRoutes(app, ctx);

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
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Every order, newest first',
        response: { 200: adminOrdersSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    async () => listOrders(ctx),
  );

  app.get(
    '/api/admin/orders',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'A page of orders, newest first: search by order number, e-mail or delivery name, filter by status or missing address; next_cursor asks for the next page',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderPageSchema, ...adminErrors },
      },
    },
    async (request) => orderOverview(ctx, request.query),
  );

  // Registered before /api/admin/orders/:orderId for the reader; the router prefers a fixed path anyway.
  app.get(
    '/api/admin/orders/export',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          "The overview's orders (same filters, every page) as a text/csv attachment orders-YYYY-MM-DD.csv (UTF-8 with BOM, CRLF, formula cells neutralised): one row per line item, addresses included, the money refunded and net, and a replacement's original order number (Replacement for)",
        querystring: exportQuerySchema,
        response: {
          200: {
            description: 'An attachment named orders-YYYY-MM-DD.csv',
            content: { 'text/csv': { schema: z.string().describe('CSV, UTF-8 with BOM, CRLF') } },
          },
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const chunks = await exportOrdersCsv(ctx, request.query);
      // The day in UTC, as the file's dates are.
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
          .header('cache-control', 'no-store')
          // Sent as a stream, piped as it is; the response schema describes the text it carries (typed as a string).
          .send(Readable.from(chunks) as unknown as string)
      );
    },
  );

  app.get(
    '/api/admin/orders/:orderId',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'One order in full: lines with unit prices, money, payment reference, delivery address, status and its history',
        params: z.object({ orderId: z.uuid({ message: 'must be an order id' }) }),
        response: { 200: adminOrderDetailSchema, ...adminErrors, 404: messageSchema },
      },
    },
    async (request) => orderDetail(ctx, request.params.orderId),
  );

  app.post(
    '/api/admin/orders/:orderId/print',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Send an order that needs attention to the print partner again (after the owner fixed the cause, or checked the partner does not hold it)',
        params: orderParams,
        response: { 200: messageSchema, ...adminErrors, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request) => sendToPrinterAgain(ctx, request.params.orderId, request.user!.email),
  );

  // The Track button of the Shipped mail: a link on the shop's own address (every mailed link is),
  // sent on to the carrier's tracking page the print partner gave, or to the order history.
  app.get(
    '/api/orders/:orderId/track',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary: "Redirects to the parcel's tracking page (the carrier's), or to the order history when there is none",
        params: orderParams,
      },
    },
    async (request, reply) => reply.redirect(await trackingPage(ctx, request.params.orderId), 302),
  );

  app.post(
    '/api/admin/update_order_status',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Move an order forward (Printing → Shipped → Delivered) or set its references; mails the customer',
        body: updateOrderStatusBodySchema,
        response: {
          200: messageSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) =>
      ctx.flows.changeOrderStatus(ctx, {
        orderId: request.body.order_id,
        status: request.body.status,
        bookVaultRef: request.body.bookVault_ref,
        trackingRef: request.body.tracking_ref,
        by: request.user!.email,
      }),
  );
};
