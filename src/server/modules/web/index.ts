/** The web app as the server sends it: built files, and the storefront's pages rendered by React Router (decision 114). */
export { webRoutes } from './routes';
export { webBuildProblem } from './build-mode';
