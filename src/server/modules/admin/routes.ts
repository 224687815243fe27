/** Admin: products, orders, discounts (issue 6). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const adminRoutes: ModuleRoutes = async () => {};
