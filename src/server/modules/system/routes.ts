/** Health and the public client configuration. */
import { z } from 'zod';
import type { ModuleRoutes } from '../../http';

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']) });

export const systemRoutes: ModuleRoutes = async (app, ctx) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Is the shop and its database reachable?',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const });
      }
    },
  );
};
