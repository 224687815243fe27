/**
 * Cancel and refund routes (issue 26, decisions 137–139): the owner's cancel, refund and "Send to
 * printer now", and the customer's cancel page and cancel (signed in, or with the mailed link).
 * The work spans modules, so it is done by the flows (`ctx.flows`); a refusal is a 409 with a
 * sentence and its kind.
 */
import { z } from 'zod';
import { messageSchema } from '@shared/contracts/common';
import {
  adminCancelBodySchema,
  cancellationQuerySchema,
  cancellationSchema,
  cancelResultSchema,
  customerCancelBodySchema,
  refundBodySchema,
  refundSchema,
  refusalSchema,
  refundUnavailableSchema,
} from '@shared/contracts/orders';
import type { ModuleRoutes } from '../../../http';
import { notFound, refused } from '../../../lib/errors';
import { cancellationView } from './cancellation';
import { releaseHold } from './service';

const orderParams = z.object({ orderId: z.uuid({ message: 'must be an order id' }) });
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };
const poundsToPence = (pounds: number) => Math.round(pounds * 100);

export const refundRoutes: ModuleRoutes = async (app, ctx) => {
  app.post(
    '/api/admin/orders/:orderId/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Cancel a Printing order: locally when it was not sent, through the print partner when it was (only its yes cancels); refunds what is left when `refund` is true',
        params: orderParams,
        body: adminCancelBodySchema,
        response: { 200: cancelResultSchema, ...errors, 409: refusalSchema, 503: messageSchema },
      },
    },
    async (request) =>
      ctx.flows.cancelOrder(ctx, {
        orderId: request.params.orderId,
        who: { kind: 'owner', email: request.user!.email },
        refund: request.body.refund,
        reason: request.body.reason,
        note: request.body.note,
      }),
  );

  app.post(
    '/api/admin/orders/:orderId/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Refund books (by line and quantity), the delivery charge and/or an amount, never more than paid minus refunded; the id (optional, the client’s) makes a repeat answer the same refund',
        params: orderParams,
        body: refundBodySchema,
        response: { 200: refundSchema, 201: refundSchema, ...errors, 409: refusalSchema, 503: refundUnavailableSchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const { refund, created } = await ctx.flows.refundOrder(ctx, {
        orderId: request.params.orderId,
        ...(body.id ? { id: body.id } : {}),
        lines: body.lines,
        shipping: body.shipping,
        ...(body.amount !== undefined ? { amountPence: poundsToPence(body.amount) } : {}),
        reason: body.reason,
        note: body.note,
        notify: body.notify,
        by: 'owner',
        byEmail: request.user!.email,
      });
      return reply.status(created ? 201 : 200).send(refund);
    },
  );

  app.post(
    '/api/admin/orders/:orderId/print_now',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Send to printer now: end the order’s print hold (the customer’s cancel window) and send it',
        params: orderParams,
        response: { 200: messageSchema, ...errors, 409: refusalSchema },
      },
    },
    async (request) => {
      const released = await ctx.database.db.transaction((tx) => releaseHold(tx, request.params.orderId));
      if (released === null) throw notFound('No order with that id.');
      if (!released)
        throw refused('This order is not held: it has been sent to the printer already, or cancelled.', 'conflict');
      ctx.log.info({ orderId: request.params.orderId, by: request.user!.email }, 'print hold ended by the owner');
      void ctx.printWorker.kick();
      return { message: 'The order is being sent to the printer now.' };
    },
  );

  app.get(
    '/api/orders/:orderId/cancellation',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary:
          'The cancel page of an order, for its signed-in customer or the holder of the mailed link’s token: the order, until when it can be cancelled, and why not when it cannot',
        params: orderParams,
        querystring: cancellationQuerySchema,
        response: { 200: cancellationSchema, ...errors },
      },
    },
    async (request) =>
      cancellationView(ctx, request.params.orderId, { user: request.user, token: request.query.token }),
  );

  app.post(
    '/api/orders/:orderId/cancel',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary:
          'The customer cancels their order during the print hold (signed in, or with the mailed link’s token); refunded in full. After the window: 409 pointing to the contact page and the terms',
        params: orderParams,
        body: customerCancelBodySchema,
        response: { 200: cancelResultSchema, ...errors, 409: refusalSchema, 503: messageSchema },
      },
    },
    async (request) =>
      ctx.flows.cancelOrder(ctx, {
        orderId: request.params.orderId,
        who: { kind: 'customer', user: request.user, token: request.body?.token },
        refund: true,
        reason: 'customer_cancelled',
        note: '',
      }),
  );
};
