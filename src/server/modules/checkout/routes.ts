/** Checkout, payment webhook, order history, discount validation (issue 5). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const checkoutRoutes: ModuleRoutes = async () => {};
