/** The owner's dashboard (issue #20): figures over a period, the codes sent, revoking a code. */
export { dashboardRoutes } from './routes';
