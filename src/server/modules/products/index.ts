/**
 * Products: the catalogue's reads (and its in-memory cache), the admin's writes, a product's
 * images in slot order, and what crawlers see of a book (its <head>, the sitemap).
 */
export { catalogueRoutes } from './routes';
export { ListingCache } from './listing/cache';
export { listingPage, productPageData, searchPage } from './storefront';
export { productAdminRoutes } from './admin/routes';
export { CatalogueCache, type CatalogueSnapshot } from './catalogue-cache';
export {
  existingProductIds,
  existingProductTypes,
  findProductKey,
  findProducts,
  findProductsByKeys,
  pricedProducts,
  productExists,
  requireProduct,
} from './service';
