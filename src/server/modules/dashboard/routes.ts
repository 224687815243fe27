/**
 * The owner's dashboard (issue #20, decision 120): its figures, the discount codes sent, and
 * revoking an unused code. Every route `access: 'admin'` (401 without a session, 403 for anyone
 * but an admin).
 */
import { messageSchema } from '@shared/contracts/common';
import { dashboardQuerySchema, dashboardSchema } from '@shared/contracts/dashboard';
import {
  discountCodePageQuerySchema,
  discountCodePageSchema,
  revokeDiscountCodeAnswerSchema,
  revokeDiscountCodeParamsSchema,
} from '@shared/contracts/discounts';
import type { FastifyReply } from 'fastify';
import type { ModuleRoutes } from '../../http';
import { revokeCode, sentCodesPage } from '../discounts';
import { AnswerCache } from './cache';
import { dashboard, dashboardKey } from './service';

const admin = { access: 'admin' as const };

/** Sends JSON bytes as they are (no serializer: they were checked against the contract when made). */
const sendJson = (reply: FastifyReply, json: Buffer) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(json);
const adminErrors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };

export const dashboardRoutes: ModuleRoutes = async (app, ctx) => {
  const answers = new AnswerCache<Buffer>(ctx.config.DASHBOARD_CACHE_SECONDS * 1000);

  app.get(
    '/api/admin/dashboard',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          "The owner's dashboard for a period (today, 7d, 30d, 90d, year, or custom from/to; UK days) and the one before it: revenue, orders, books sold, best sellers, orders by status, what needs the owner, discount codes, reviews",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...adminErrors, 503: messageSchema },
      },
    },
    async (request, reply) => {
      const now = new Date();
      // Checked against the contract and turned into bytes once per making; a reused answer is sent as it is.
      // Made as a report (decision 132): on connections of its own, 503 when none frees in time.
      const json = await answers.get(dashboardKey(request.query, now), async () =>
        Buffer.from(
          JSON.stringify(dashboardSchema.parse(await ctx.database.report((db) => dashboard(db, request.query, now)))),
        ),
      );
      return sendJson(reply, json);
    },
  );

  app.get(
    '/api/admin/dashboard/discount-codes',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Every discount code sent, newest first, with its state and the order that used it; next_cursor asks for the next page',
        querystring: discountCodePageQuerySchema,
        response: { 200: discountCodePageSchema, ...adminErrors },
      },
    },
    async (request) => sentCodesPage(ctx.database.db, request.query),
  );

  app.post(
    '/api/admin/discount-codes/:code/revoke',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Revokes an unused discount code: no checkout can use it after (409 when used, or held by a checkout being paid)',
        params: revokeDiscountCodeParamsSchema,
        response: { 200: revokeDiscountCodeAnswerSchema, ...adminErrors, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request) => {
      const answer = await revokeCode(ctx, request.params.code, request.user!.email);
      answers.clear();
      return answer;
    },
  );
};
