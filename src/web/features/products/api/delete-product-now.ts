/** Admin: the catalogue cards' Delete, outside a component; loaded when first pressed (delete-product-later.ts). */
import type { QueryClient } from '@tanstack/react-query';
import * as MSG from '@shared/messages';
import type { Product } from '@shared/contracts/products';
import { applyProductUpdate } from '../../../lib/live-updates';
import { deleteProduct, failed, told, type Show } from './delete-product';

export async function confirmAndDeleteNow(product: Pick<Product, 'id'>, queryClient: QueryClient, show: Show) {
  if (!window.confirm(MSG.confirmDeleteProduct)) return;
  try {
    told(show, (await deleteProduct(product.id)).message);
  } catch (error) {
    failed(show, error);
  } finally {
    await applyProductUpdate(queryClient);
  }
}
