/**
 * The catalogue on the client: one query (['products']) shared by the home page, the product
 * page and the cart. The last answer is also kept in local storage (the spec's local cache of
 * products), so a returning shopper sees the shelves at once while a fresh copy loads; the
 * server answers with an ETag, so an unchanged catalogue costs a 304.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/contracts/product';
import { answer, api } from './api';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

export type { Product };

export const productsKey = ['products'] as const;

/** A list of products as every catalogue answer shows them. */
export const productList = answer('product', 'productListSchema');

async function fetchProducts(): Promise<Product[]> {
  const products = await api.get('/api/server/get_products', productList, { token: null });
  writeJson(STORAGE_KEYS.products, products);
  return products;
}

function cachedProducts(): Product[] | undefined {
  const cached = readJson<unknown>(STORAGE_KEYS.products, null);
  return Array.isArray(cached) ? (cached as Product[]) : undefined;
}

const productsQuery = () =>
  queryOptions({
    queryKey: productsKey,
    queryFn: fetchProducts,
    initialData: cachedProducts,
    // The stored copy is shown at once but always refreshed on first use.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });

export function useProducts() {
  return useQuery(productsQuery());
}
