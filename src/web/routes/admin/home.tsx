/** Admin: Shop admin. */
import { AdminHomePage } from '../../features/products/admin/AdminHomePage';
import { titledPage } from '../meta';

export const meta = titledPage('Shop admin', { noindex: true });

export default AdminHomePage;
