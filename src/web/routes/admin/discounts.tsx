/** Admin: Discounts. */
import { DiscountsPage } from '../../features/discounts/admin/DiscountsPage';
import { titledPage } from '../meta';

export const meta = titledPage('Discounts', { noindex: true });

export default DiscountsPage;
