/** The web app as the server sends it: built files, pages with their <head> tags, server rendering of the storefront (decision 090). */
export { webRoutes } from './routes';
export { notFoundHead } from './head';
export { webBuildProblem } from './build-mode';
