/** Image serving: resized WebP variants with long cache lifetimes (foundation issue). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const imageRoutes: ModuleRoutes = async () => {};
