/** Storefront: products, search, contact, sitemap (issue 3). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const catalogueRoutes: ModuleRoutes = async () => {};
