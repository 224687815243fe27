/**
 * GET /images/:key/:width.webp: a resized WebP variant of a stored original, made on first
 * request and kept in the image store. Cached for a year: the address changes when the bytes do.
 */
import { z } from 'zod';
import type { ModuleRoutes } from '../../http';
import { AppError, notFound, unavailable } from '../../lib/errors';
import { getVariant, parseVariantRequest } from './service';

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const imageRoutes: ModuleRoutes = async (app, ctx) => {
  app.get(
    '/images/:key/:file',
    { schema: { hide: true, params: z.object({ key: z.string(), file: z.string() }) } },
    async (request, reply) => {
      const wanted = parseVariantRequest(request.params.key, request.params.file);
      if (!wanted) throw notFound('No such image.');
      const etag = `"${wanted.key.slice(0, 32)}-${wanted.width}"`;
      reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      let bytes: Buffer;
      try {
        bytes = await getVariant(ctx.images, wanted.key, wanted.width);
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error, key: wanted.key, width: wanted.width }, 'image store failed');
        throw unavailable('Images are temporarily unavailable. Please try again shortly.');
      }
      return reply.header('content-type', 'image/webp').send(bytes);
    },
  );
};
