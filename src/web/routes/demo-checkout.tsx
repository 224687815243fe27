/** Checkout: rendered in the browser, which holds what it shows. */
import { DemoCheckoutPage } from '../features/checkout/DemoCheckoutPage';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Checkout', { noindex: true });

export default DemoCheckoutPage;
