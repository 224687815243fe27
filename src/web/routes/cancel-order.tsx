/** The confirmation mail's cancel link for a guest (issue 26): rendered in the browser, which reads the link's token. */
import { GuestCancelPage } from '../features/orders/GuestCancelPage';
import { titledPage } from './meta';

export { clientLoader, HydrateFallback } from './client-only';
export const meta = titledPage('Cancel your order', { noindex: true });

export default GuestCancelPage;
