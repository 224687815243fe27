/**
 * Admin: delete a product (POST /api/admin/products/delete_product/{id}) after the spec's
 * confirmation; 'Product deleted' (or, for a book that has been sold and was archived instead,
 * decision 039, the archived text), or the spec's failure texts; then the catalogue is re-fetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { ProductDeleted } from '@shared/contracts/admin';
import type { Product } from '@shared/contracts/product';
import { ApiError, api } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { productsKey } from '../../../lib/products';

export const deleteProduct = (id: string) => api.post<ProductDeleted>(`/api/admin/products/delete_product/${encodeURIComponent(id)}`);

export function useDeleteProduct(): (product: Product) => void {
  const queryClient = useQueryClient();
  const { show } = useBanner();
  const mutation = useMutation({
    mutationFn: (product: Product) => deleteProduct(product.id),
    // The server's text: MSG.productDeleted, or MSG.productArchived for a book that had been sold.
    onSuccess: (answer) => show({ content: answer.message, action: 'success' }),
    onError: (error) =>
      show({ content: error instanceof ApiError && error.status > 0 ? MSG.failedToDelete : MSG.errorDeletingProduct, action: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
  return (product) => {
    if (window.confirm(MSG.confirmDeleteProduct)) mutation.mutate(product);
  };
}
