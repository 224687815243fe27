/** The signed-in shopper's cart. */
export { cartRoutes } from './routes';
export { removeBoughtLines } from './service';
export { basketForExport, deleteBasket } from './privacy';
