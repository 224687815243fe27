/** Admin: Product. */
import { ProductFormPage } from '../../features/products/admin/ProductFormPage';
import { titledPage } from '../meta';

export const meta = titledPage('Product', { noindex: true });

export default ProductFormPage;
