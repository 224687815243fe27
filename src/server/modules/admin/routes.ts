/**
 * Admin calls (docs/api.md, "Admin"): products (multipart), orders, discount codes. All are
 * `access: 'admin'`: 401 without a session token, 403 for anyone but an admin. Multipart
 * parsing is registered in this plugin's own scope, so no other route accepts uploads.
 */
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleRoutes } from '../../app';
import { notFound } from '../../lib/errors';
import { findImage } from '../images/repository';
import { originalKey } from '../images/service';
import {
  adminOrdersSchema,
  messageSchema,
  productDeletedSchema,
  sendDiscountBodySchema,
  sentDiscountSchema,
  updateOrderStatusBodySchema,
} from '../../../shared/contracts/admin';
import { productListSchema, productSchema } from '../../../shared/contracts/product';
import { sendDiscountCode } from './discount-service';
import { multipartLimits, readProductSubmission } from './multipart';
import { listOrders, updateOrderStatus } from './order-service';
import { addProduct, archivedProducts, deleteProduct, editProduct, restoreProduct } from './product-service';

const productIdParams = z.object({ id: z.string().min(1).max(200) });
const errorResponses = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const admin = { access: 'admin' as const };

export const adminRoutes: ModuleRoutes = async (app, ctx) => {
  await app.register(async (plain) => {
    await plain.register(multipart, { limits: multipartLimits });
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.post(
      '/api/admin/products/add_product',
      {
        config: admin,
        schema: {
          tags: ['admin'],
          summary: 'Add a product (multipart: id, name, type, description, age, price, images ×0–6 in slot order)',
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
  });

  app.post(
    '/api/admin/products/delete_product/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a product; one that has been sold is archived instead (hidden from the shop, kept for its orders and reviews)',
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
      schema: { tags: ['admin'], summary: 'Put an archived product back in the shop', params: productIdParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => restoreProduct(ctx, request.params.id),
  );

  app.get(
    '/api/admin/products/archived',
    {
      config: admin,
      schema: { tags: ['admin'], summary: 'The archived products, most recently archived first', response: { 200: productListSchema, 401: messageSchema, 403: messageSchema } },
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
      const image = await findImage(ctx.database.db, request.params.key);
      const bytes = image ? await ctx.images.get(originalKey(image.key)) : null;
      if (!image || !bytes) throw notFound('No such image.');
      return reply.type(image.contentType).header('cache-control', 'private, max-age=31536000, immutable').send(bytes);
    },
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
        response: { 200: messageSchema, ...errorResponses },
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

  app.post(
    '/api/admin/send-discount-code',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Make a one-use discount code (30 days) and e-mail it',
        body: sendDiscountBodySchema,
        response: { 200: sentDiscountSchema, ...errorResponses },
      },
    },
    async (request) => sendDiscountCode(ctx, request.body),
  );
};
