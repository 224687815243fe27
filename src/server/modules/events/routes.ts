/** Server-sent productUpdate events (issue 6). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const eventRoutes: ModuleRoutes = async () => {};
