/**
 * The owner's dashboard (issue #20, decision 120): its figures. `access: 'admin'` (401 without a
 * session, 403 for anyone but an admin). The codes sent and revoking one are the discounts module's
 * (discounts/admin/routes.ts); a revoke clears the answers kept here through its flow.
 */
import { messageSchema } from '@shared/contracts/common';
import { dashboardQuerySchema, dashboardSchema } from '@shared/contracts/dashboard';
import type { FastifyReply } from 'fastify';
import type { ModuleRoutes } from '../../http';
import { keptFigures } from './repository';
import { dashboard, dashboardKey } from './service';

const admin = { access: 'admin' as const };

/** Sends JSON bytes as they are (no serializer: they were checked against the contract when made). */
const sendJson = (reply: FastifyReply, json: Buffer) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(json);
const adminErrors = { 400: messageSchema, 401: messageSchema, 403: messageSchema };

export const dashboardRoutes: ModuleRoutes = async (app, ctx) => {
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
      // Asked when the request arrived, before its sign-in check waited for the database: on PGlite
      // that waits for the report before it, and a reading shared by requests asked at once
      // (decision 169) must be one that began after they were asked.
      const now = new Date(Date.now() - reply.elapsedTime);
      // Checked against the contract and turned into bytes once per making; a reused answer is sent as it is.
      // Made as a report (decision 132): on connections of its own, 503 when none frees in time.
      const json = await ctx.dashboardAnswers.get(dashboardKey(request.query, now), async () =>
        Buffer.from(
          JSON.stringify(
            dashboardSchema.parse(
              await ctx.database.report((db) => dashboard(db, request.query, now, keptFigures, ctx.dashboardReads)),
            ),
          ),
        ),
      );
      return sendJson(reply, json);
    },
  );
};
