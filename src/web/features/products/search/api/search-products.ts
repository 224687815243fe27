/** GET /api/server/search?query=: up to 10 ranked products. Cached per query under ['search', query]. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { productList } from '../../../../lib/products';

const searchKey = (query: string) => ['search', query] as const;

const searchProducts = (query: string, signal?: AbortSignal) =>
  api.get(`/api/server/search?query=${encodeURIComponent(query)}`, productList, { token: null, signal });

/** Searches on every change of the query; failures are silently ignored (spec section 8). */
export function useProductSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({
    queryKey: searchKey(trimmed),
    queryFn: ({ signal }) => searchProducts(trimmed, signal),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
