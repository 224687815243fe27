/** Wishlist and cart (issue 5). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const cartRoutes: ModuleRoutes = async () => {};
