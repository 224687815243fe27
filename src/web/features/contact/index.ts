/** Nothing here is for other features: the route modules (src/web/routes/) load this feature's pages by their path. */
export {};
