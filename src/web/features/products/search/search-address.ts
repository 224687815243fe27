/** The search results page's address: `/search?q=…&page=N` (decision 114). */

export const SEARCH_PAGE_SIZE = 24;
/** Pages of results an address may ask for at once (`page=`). */
export const MAX_SEARCH_PAGES = 4;

export interface SearchView {
  query: string;
  pages: number;
}

export function readSearchView(params: URLSearchParams): SearchView {
  const pages = Number(params.get('page'));
  return {
    query: (params.get('q') ?? '').trim().slice(0, 200),
    pages: Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_SEARCH_PAGES) : 1,
  };
}

export function searchPath(query: string, pages = 1): string {
  const params = new URLSearchParams({ q: query.trim() });
  if (pages > 1) params.set('page', String(pages));
  return `/search?${params.toString()}`;
}

