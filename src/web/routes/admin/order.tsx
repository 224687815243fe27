/** Admin: Order. */
import { OrderDetailPage } from '../../features/orders/admin/OrderDetailPage';
import { titledPage } from '../meta';

export const meta = titledPage('Order', { noindex: true });

export default OrderDetailPage;
