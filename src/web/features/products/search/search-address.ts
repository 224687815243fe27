/** The search results page's address: `/search?q=…&page=N` (decision 114). */
import type { PageQuery } from '@shared/page-query';

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

/** The search page's parameters (decision 131): what its loader reads, and the address the server keeps its page at. */
export const SEARCH_QUERY: PageQuery<SearchView> = {
  read: readSearchView,
  write: (view) => (view.query || view.pages > 1 ? searchPath(view.query, view.pages).slice('/search'.length) : ''),
};
