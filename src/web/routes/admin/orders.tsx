/** Admin: Orders. */
import { OrdersPage } from '../../features/orders/admin/OrdersPage';
import { titledPage } from '../meta';

export const meta = titledPage('Orders', { noindex: true });

export default OrdersPage;
