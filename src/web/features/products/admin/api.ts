/** The admin's product calls: read one for the form, list for the admin home, save (delete: ../api/delete-product.ts). */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductList, ProductFormValues } from '@shared/contracts/products';
import { imageKeyFrom } from '@shared/images';
import { answer, api } from '../../../lib/api';
import { applyProductUpdate } from '../../../lib/live-updates';
import { productList } from '../../../lib/products';
import { STORAGE_KEYS, readText } from '../../../lib/storage';

/** Starts with 'products', so a productUpdate re-fetches it (lib/live-updates.ts). */
export const adminProductKeys = {
  list: ['products', 'admin-list'] as const,
  pages: (q: string) => ['products', 'admin-pages', q] as const,
  archived: ['products', 'admin-archived'] as const,
  one: (id: string) => ['products', 'admin-one', id] as const,
};

const product = answer('products', 'productSchema');

export const fetchProductById = (id: string) =>
  api.get(`/api/server/get_product?id=${encodeURIComponent(id)}`, product);
const fetchAllProducts = () => api.get('/api/server/get_products', productList);

export function useAdminProducts() {
  return useQuery({ queryKey: adminProductKeys.list, queryFn: fetchAllProducts });
}

const productPage = answer('products', 'adminProductListSchema');

/**
 * The admin home's list (GET /api/admin/products): the shop's books newest first, a page at a
 * time, those whose name, id or type contains `q` when given; a new search keeps the last list on
 * screen until its answer arrives.
 */
export function useAdminProductPages(q: string) {
  return useInfiniteQuery({
    queryKey: adminProductKeys.pages(q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get(`/api/admin/products${params.size ? `?${params}` : ''}`, productPage, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: AdminProductList) => last.next_cursor,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Sold books that were deleted, so archived (decision 039): hidden from the shop, restorable. */
export function useArchivedProducts() {
  return useQuery({
    queryKey: adminProductKeys.archived,
    queryFn: () => api.get('/api/admin/products/archived', productList),
  });
}

/** The form's values: one string per field of PRODUCT_FIELDS (the contract's type, not declared again here). */
export type { ProductFormValues } from '@shared/contracts/products';

/** The multipart body the server expects: the fields, then `images` files in slot order. */
export function productFormData(values: ProductFormValues, images: File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const image of images) form.append('images', image, image.name);
  return form;
}

/**
 * An image already on the product, as a file to re-send (the spec's edit flow). The original
 * bytes are fetched (not a resized variant), so the server sees the same content hash and
 * stores nothing again.
 */
export async function existingImageAsFile(url: string, name: string): Promise<File> {
  const key = imageKeyFrom(url);
  const token = readText(STORAGE_KEYS.token);
  const response = await fetch(key ? `/api/admin/images/${key}` : url, {
    headers: key && token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`Could not fetch image ${url}`);
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type });
}

export function useSaveProduct(editingId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api.post(
        editingId
          ? `/api/admin/products/edit_product/${encodeURIComponent(editingId)}`
          : '/api/admin/products/add_product',
        product,
        form,
      ),
    onSuccess: () => applyProductUpdate(queryClient),
  });
}

export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/admin/products/restore_product/${encodeURIComponent(id)}`, answer('common', 'messageSchema')),
    onSuccess: () => applyProductUpdate(queryClient),
  });
}
