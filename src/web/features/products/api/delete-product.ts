/**
 * Admin: delete a product (POST /api/admin/products/delete_product/{id}) after the spec's
 * confirmation; 'Product deleted' (or the archived text for a book that had been sold, decision 039), or the spec's failure texts; then every product query is
 * fetched again, as a live productUpdate would. The admin list uses the hook; the catalogue's cards
 * load delete-product-now.ts when an admin first deletes from them (delete-product-later.ts), so that a
 * shopper's first page carries none of it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as MSG from '@shared/messages';
import type { Product } from '@shared/contracts/products';
import { answer, api, serverMessage } from '../../../lib/api';
import { useBanner, type BannerMessage } from '../../../lib/banner';
import { applyProductUpdate } from '../../../lib/live-updates';

const deleted = answer('products', 'productDeletedSchema');

export const deleteProduct = (id: string) =>
  api.post(`/api/admin/products/delete_product/${encodeURIComponent(id)}`, deleted);

export type Show = (banner: BannerMessage) => void;

// The server's text: MSG.productDeleted, or MSG.productArchived for a book that had been sold (decision 039).
export const told = (show: Show, message: string) => show({ content: message, action: 'success' });
export const failed = (show: Show, error: unknown) =>
  show({ content: serverMessage(error) ? MSG.failedToDelete : MSG.errorDeletingProduct, action: 'error' });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const { show } = useBanner();
  const { mutate, isPending } = useMutation({
    mutationFn: (product: Pick<Product, 'id'>) => deleteProduct(product.id),
    onSuccess: (answer) => told(show, answer.message),
    onError: (error) => failed(show, error),
    onSettled: () => applyProductUpdate(queryClient),
  });
  const confirmAndDelete = useCallback(
    (product: Pick<Product, 'id'>) => {
      if (window.confirm(MSG.confirmDeleteProduct)) mutate(product);
    },
    [mutate],
  );
  return { confirmAndDelete, isPending };
}
