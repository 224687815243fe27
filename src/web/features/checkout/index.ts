/** Nothing here is for other features: the router (app/router.tsx) loads this feature's pages by their path. */
export {};
