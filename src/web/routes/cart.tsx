/** Basket: rendered in the browser, which holds what it shows. */
import { CartPage } from '../features/cart/CartPage';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Basket', { noindex: true });

export default CartPage;
