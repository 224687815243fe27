/** The signed-in shopper's cart. */
export { cartRoutes } from './routes';
export { addCartLines, cartLines, removeBoughtLines, setCartQty, summedLines } from './service';
export { basketForExport, deleteBasket } from './privacy';
