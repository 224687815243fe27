/** Reviews (issue 7). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const reviewRoutes: ModuleRoutes = async () => {};
