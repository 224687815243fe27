/** Accounts and sign-in (issue 4). Not built yet. */
import type { ModuleRoutes } from '../../app';

export const accountRoutes: ModuleRoutes = async () => {};
