/** The wishlist (docs/api.md): every call is the owner's own (the permission layer checks the id). */
import { okSchema, userIdParamsSchema } from '@shared/contracts/cart';
import { productListSchema } from '@shared/contracts/products';
import { wishlistChangeBodySchema, wishlistEntriesSchema } from '@shared/contracts/wishlist';
import type { ModuleRoutes } from '../../http';
import { ownerFromBody, ownerFromParam } from '../../plugins/access';
import * as wishlist from './service';

const ok = { success: true as const };

export const wishlistRoutes: ModuleRoutes = async (app, ctx) => {
  const owner = { access: ownerFromParam('userId') };
  const bodyOwner = { access: ownerFromBody('user_id') };

  app.get(
    '/api/server/get_wishlist/:userId',
    {
      config: owner,
      schema: { tags: ['wishlist'], params: userIdParamsSchema, response: { 200: wishlistEntriesSchema } },
    },
    (request) => wishlist.wishlist(ctx, request.params.userId),
  );
  app.get(
    '/api/server/get_wishlist_products/:userId',
    { config: owner, schema: { tags: ['wishlist'], params: userIdParamsSchema, response: { 200: productListSchema } } },
    (request) => ctx.flows.wishlistProducts(ctx, request.params.userId),
  );
  app.post(
    '/api/server/add_wishlist',
    { config: bodyOwner, schema: { tags: ['wishlist'], body: wishlistChangeBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await ctx.flows.addToWishlist(ctx, request.body.user_id, request.body.product_id);
      return ok;
    },
  );
  app.post(
    '/api/server/remove_wishlist',
    { config: bodyOwner, schema: { tags: ['wishlist'], body: wishlistChangeBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await wishlist.removeFromWishlist(ctx, request.body.user_id, request.body.product_id);
      return ok;
    },
  );
};
