/** The OpenAPI document, generated from the routes' zod schemas, with its viewer at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';

export const openApiPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.config.SHOP_NAME} API`,
        version: '1.0.0',
        description: "The shop's HTTP API. Money is shown in pounds; errors answer { message }.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
    staticCSP: false,
    uiHooks: {},
  });
});
