/**
 * The admin's product calls (docs/api.md, "Admin"): add and edit (multipart), delete, an
 * image's original bytes, and the catalogue's export and import as a spreadsheet (transfer/). All are `access: 'admin'`: 401 without a session token, 403 for anyone
 * but an admin. Multipart parsing is registered in this plugin's own scope, so no other route
 * accepts uploads.
 */
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleRoutes } from '../../../http';
import { notFound } from '../../../lib/errors';
import { findOriginal } from '../../images';
import { messageSchema } from '@shared/contracts/common';
import {
  adminProductListQuerySchema,
  adminProductListSchema,
  PRODUCT_FIELD_NAMES,
  productDeletedSchema,
  productListSchema,
  productSchema,
} from '@shared/contracts/products';
import { multipartLimits, readProductSubmission } from './multipart';
import { adminProductList } from './list/service';
import { productTransferRoutes } from './transfer/routes';
import { addProduct, archivedProducts, deleteProduct, editProduct, restoreProduct } from './service';

const productIdParams = z.object({ id: z.string().min(1).max(200) });
const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
};
const admin = { access: 'admin' as const };

export const productAdminRoutes: ModuleRoutes = async (app, ctx) => {
  await app.register(async (plain) => {
    await plain.register(multipart, { limits: multipartLimits });
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.post(
      '/api/admin/products/add_product',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: `Add a product (multipart: ${PRODUCT_FIELD_NAMES.join(', ')}, images ×0–6 in slot order)`,
          consumes: ['multipart/form-data'],
          response: { 200: productSchema, ...errorResponses },
        },
      },
      async (request) => addProduct(ctx, await readProductSubmission(request)),
    );

    scope.post(
      '/api/admin/products/edit_product/:id',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Edit a product: the fields and images sent replace what is there (unchanged images are re-sent)',
          consumes: ['multipart/form-data'],
          params: productIdParams,
          response: { 200: productSchema, ...errorResponses },
        },
      },
      async (request) => editProduct(ctx, request.params.id, await readProductSubmission(request)),
    );

    await productTransferRoutes(plain, ctx);
  });

  app.post(
    '/api/admin/products/delete_product/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Delete a product; one that has been sold is archived instead (hidden from the shop, kept for its orders and reviews)',
        params: productIdParams,
        response: { 200: productDeletedSchema, ...errorResponses },
      },
    },
    async (request) => deleteProduct(ctx, request.params.id),
  );

  app.post(
    '/api/admin/products/restore_product/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Put an archived product back in the shop',
        params: productIdParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => restoreProduct(ctx, request.params.id),
  );

  app.get(
    '/api/admin/products',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          "One page of the shop's books for the admin, newest first, optionally those whose name, id or type contains q (any case), with next_cursor (null on the last page) and the number of matches",
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, 400: messageSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    async (request) => adminProductList(ctx.database.db, request.query),
  );

  app.get(
    '/api/admin/products/archived',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'The archived products, most recently archived first',
        response: { 200: productListSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    async () => archivedProducts(ctx),
  );

  app.get(
    '/api/admin/images/:key',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: "An image's original bytes, for the product form to re-send unchanged images",
        params: z.object({ key: z.string().regex(/^[a-f0-9]{64}$/, { message: 'must be an image key' }) }),
      },
    },
    async (request, reply) => {
      const image = await findOriginal(ctx, request.params.key);
      if (!image) throw notFound('No such image.');
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );
};
