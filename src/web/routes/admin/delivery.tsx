/** Admin: Delivery (the zones, decision 148). */
import { DeliveryPage } from '../../features/checkout/admin/DeliveryPage';
import { titledPage } from '../meta';

export const meta = titledPage('Delivery', { noindex: true });

export default DeliveryPage;
