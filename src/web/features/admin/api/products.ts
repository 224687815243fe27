/** The admin's product calls: read one for the form, list for the admin home, save and delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { imageKeyFrom } from '@shared/images';
import type { ProductDeleted } from '@shared/contracts/admin';
import type { Product } from '@shared/contracts/product';
import { api, apiRequest, ApiError } from '../../../lib/api';
import { applyProductUpdate } from '../../../lib/live-updates';
import { STORAGE_KEYS, readText } from '../../../lib/storage';

/** Starts with 'products', so a productUpdate re-fetches it (lib/live-updates.ts). */
export const adminProductKeys = {
  list: ['products', 'admin-list'] as const,
  archived: ['products', 'admin-archived'] as const,
  one: (id: string) => ['products', 'admin-one', id] as const,
};

export const fetchProductById = (id: string) => api.get<Product>(`/api/server/get_product?id=${encodeURIComponent(id)}`);
export const fetchAllProducts = () => api.get<Product[]>('/api/server/get_products');

export function useAdminProducts() {
  return useQuery({ queryKey: adminProductKeys.list, queryFn: fetchAllProducts });
}

/** Sold books that were deleted, so archived (decision 039): hidden from the shop, restorable. */
export function useArchivedProducts() {
  return useQuery({ queryKey: adminProductKeys.archived, queryFn: () => api.get<Product[]>('/api/admin/products/archived') });
}

export interface ProductFormValues {
  id: string;
  name: string;
  type: string;
  description: string;
  age: '' | 'Kids' | 'Adults';
  price: string;
}

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
  const response = await fetch(key ? `/api/admin/images/${key}` : url, { headers: key && token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Could not fetch image ${url}`);
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type });
}

export function useSaveProduct(editingId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiRequest<Product>(editingId ? `/api/admin/products/edit_product/${encodeURIComponent(editingId)}` : '/api/admin/products/add_product', {
        method: 'POST',
        body: form,
      }),
    onSuccess: () => applyProductUpdate(queryClient),
  });
}

/** Deletes a book never sold; archives one that has been sold (the answer says which). */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ProductDeleted>(`/api/admin/products/delete_product/${encodeURIComponent(id)}`),
    onSuccess: () => applyProductUpdate(queryClient),
  });
}

export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ message: string }>(`/api/admin/products/restore_product/${encodeURIComponent(id)}`),
    onSuccess: () => applyProductUpdate(queryClient),
  });
}

/** The server answered with a reason (show it); anything else was thrown on the way. */
export const serverMessage = (error: unknown): string | null => (error instanceof ApiError && error.status > 0 ? error.message : null);
