/**
 * Admin: delete a product (POST /api/admin/products/delete_product/{id}) after the spec's
 * confirmation; 'Product deleted' (or the archived text for a book that had been sold, decision 039), or the spec's failure texts; then every product query is
 * fetched again, as a live productUpdate would. The catalogue's cards and the admin list use it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import * as MSG from '@shared/messages';
import type { Product } from '@shared/contracts/products';
import { answer, api, serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { applyProductUpdate } from '../../../lib/live-updates';

const deleted = answer('products', 'productDeletedSchema');

const deleteProduct = (id: string) => api.post(`/api/admin/products/delete_product/${encodeURIComponent(id)}`, deleted);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const { show } = useBanner();
  const { mutate, isPending } = useMutation({
    mutationFn: (product: Pick<Product, 'id'>) => deleteProduct(product.id),
    // The server's text: MSG.productDeleted, or MSG.productArchived for a book that had been sold (decision 039).
    onSuccess: (answer) => show({ content: answer.message, action: 'success' }),
    onError: (error) =>
      show({ content: serverMessage(error) ? MSG.failedToDelete : MSG.errorDeletingProduct, action: 'error' }),
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
