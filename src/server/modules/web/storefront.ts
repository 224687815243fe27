/** The storefront's loaders' view of the server (src/shared/contracts/web.ts), over the modules' services. */
import type { AppContext } from '../../context';
import type { StorefrontServer } from '@shared/contracts/web';
import { listingPage, productPageData, searchPage } from '../products';
import { publicClientConfig } from './client-config';

export function storefrontServer(ctx: AppContext): StorefrontServer {
  return {
    clientConfig: publicClientConfig(ctx),
    publicUrl: ctx.config.PUBLIC_URL.replace(/\/+$/, ''),
    listing: (request) => listingPage(ctx, request),
    // The reviews are part of the page (decision 124): shown without the app's code, and the
    // page is kept until the next product change or review (reviews/service.ts).
    productPage: async (nameOrId) => {
      const page = await productPageData(ctx, nameOrId);
      if (!page) return null;
      const reviews = await ctx.flows.bookReviews(ctx, page.product.id).catch((error: unknown) => {
        ctx.log.warn({ err: error, productId: page.product.id }, 'reviews not read for the book page');
        return null;
      });
      return { ...page, reviews };
    },
    search: (query, limit) => searchPage(ctx, query, limit),
  };
}
