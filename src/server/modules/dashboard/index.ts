/** The owner's dashboard (issue #20): figures over a period, kept a few seconds per query (cache.ts). */
import type { AppContext } from '../../context';

export { dashboardRoutes } from './routes';
export { AnswerCache, SharedReads } from './cache';

/** Forgets the dashboard's kept answers: a change the owner made (a code revoked) shows at once. */
export const forgetDashboardAnswers = (ctx: Pick<AppContext, 'dashboardAnswers'>) => ctx.dashboardAnswers.clear();
