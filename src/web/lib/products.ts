/**
 * Books on the client by id (the basket's): the home grid, a book's page and search results come
 * from their routes' loaders (decision 114), so no page downloads the whole catalogue.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shared/contracts/products';
import { answer, api } from './api';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

export type { Product };

export const productsKey = ['products'] as const;

/** A list of products as every catalogue answer shows them. */
export const productList = answer('products', 'productListSchema');

/** The ids as the query key and the call take them: distinct, sorted. */
const idList = (ids: readonly string[]) => [...new Set(ids)].sort();

/**
 * The books with the given ids (`get_products?ids=`; unknown and archived ones are left out of the
 * answer), never the whole catalogue (decision 114). Every answer is also kept in local storage
 * (the spec's local cache of products), so a returning shopper's basket shows at once while a
 * fresh copy loads.
 */
async function fetchProducts(ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const products = await api.get(`/api/server/get_products?ids=${ids.map(encodeURIComponent).join(',')}`, productList, {
    token: null,
  });
  const kept = new Map((cachedProducts() ?? []).map((product) => [product.id, product]));
  for (const id of ids) kept.delete(id);
  for (const product of products) kept.set(product.id, product);
  writeJson(STORAGE_KEYS.products, [...kept.values()].slice(-MAX_CACHED_PRODUCTS));
  return products;
}

/** At most this many books are kept in local storage. */
const MAX_CACHED_PRODUCTS = 200;

function cachedProducts(): Product[] | undefined {
  const cached = readJson<unknown>(STORAGE_KEYS.products, null);
  return Array.isArray(cached) ? (cached as Product[]) : undefined;
}

/** The stored copies of these books, when every one of them is stored. */
function cachedProductsFor(ids: string[]): Product[] | undefined {
  const byId = new Map((cachedProducts() ?? []).map((product) => [product.id, product]));
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  return found.length === ids.length ? found : undefined;
}

export function useProductsByIds(ids: readonly string[]) {
  const wanted = idList(ids);
  return useQuery(
    queryOptions({
      queryKey: [...productsKey, 'ids', ...wanted],
      queryFn: () => fetchProducts(wanted),
      initialData: () => cachedProductsFor(wanted),
      // The stored copy is shown at once but always refreshed on first use.
      initialDataUpdatedAt: 0,
      staleTime: 60_000,
    }),
  );
}
