/** Health of the shop and its database. */
export { systemRoutes } from './routes';
