/** The storefront's loaders' view of the server (src/shared/contracts/storefront.ts), over the modules' services. */
import type { AppContext } from '../../context';
import type { StorefrontServer } from '../../../shared/contracts/storefront';
import { listingPage, productPageData, searchPage } from '../products';
import { publicClientConfig } from './client-config';

export function storefrontServer(ctx: AppContext): StorefrontServer {
  return {
    clientConfig: publicClientConfig(ctx),
    publicUrl: ctx.config.PUBLIC_URL.replace(/\/+$/, ''),
    listing: (request) => listingPage(ctx, request),
    productPage: (nameOrId) => productPageData(ctx, nameOrId),
    search: (query, limit) => searchPage(ctx, query, limit),
  };
}
