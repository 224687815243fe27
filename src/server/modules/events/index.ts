/** Live product changes: `productUpdate` between instances (LISTEN/NOTIFY) and to browsers (server-sent events). */
export { eventRoutes } from './routes';
export { PRODUCT_CHANNEL, ProductEvents } from './product-events';
