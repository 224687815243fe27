/** The cart (docs/api.md): every call is the owner's own (the permission layer checks the id). */
import {
  cartLinesSchema,
  cartProductsSchema,
  mergeCartBodySchema,
  okSchema,
  removeCartBodySchema,
  updateCartBodySchema,
  userIdParamsSchema,
} from '@shared/contracts/cart';
import type { ModuleRoutes } from '../../http';
import { ownerFromBody, ownerFromParam } from '../../plugins/access';
import * as cart from './service';

const ok = { success: true as const };

export const cartRoutes: ModuleRoutes = async (app, ctx) => {
  const owner = { access: ownerFromParam('userId') };
  const bodyOwner = { access: ownerFromBody('user_id') };

  app.get(
    '/api/server/get_cart/:userId',
    { config: owner, schema: { tags: ['cart'], params: userIdParamsSchema, response: { 200: cartLinesSchema } } },
    (request) => cart.cartLines(ctx, request.params.userId),
  );
  app.get(
    '/api/server/get_cart_products/:userId',
    { config: owner, schema: { tags: ['cart'], params: userIdParamsSchema, response: { 200: cartProductsSchema } } },
    (request) => ctx.flows.basketBooks(ctx, request.params.userId),
  );
  app.post(
    '/api/server/update_cart',
    { config: bodyOwner, schema: { tags: ['cart'], body: updateCartBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await ctx.flows.setBasketQty(ctx, request.body.user_id, request.body.product_id, request.body.qty);
      return ok;
    },
  );
  app.post(
    '/api/server/remove_cart_product',
    { config: bodyOwner, schema: { tags: ['cart'], body: removeCartBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await cart.removeCartProduct(ctx, request.body.user_id, request.body.product_id);
      return ok;
    },
  );
  app.post(
    '/api/server/merge_cart',
    { config: bodyOwner, schema: { tags: ['cart'], body: mergeCartBodySchema, response: { 200: cartLinesSchema } } },
    (request) => ctx.flows.mergeBasket(ctx, request.body.user_id, request.body.items),
  );
};
