/** Search results (/search?q=…): every match of the header's search, paged like the home grid. */
import { SearchResultsPage, type SearchData } from '../features/products/search/SearchResultsPage';
import { pageHead } from '@shared/seo';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY, searchPath } from '../features/products/search/search-address';
import { toCardBook } from './card-books';
import { siteOf, toMeta } from './meta';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs): Promise<SearchData> {
  const view = SEARCH_QUERY.read(new URL(request.url).searchParams);
  const found = view.query
    ? await context.shop.search(view.query, SEARCH_PAGE_SIZE * view.pages)
    : { products: [], more: false };
  return { view, products: found.products.map(toCardBook), more: found.more };
}

/**
 * A search that finds books is a page worth finding (decision 124): its canonical address is the
 * query alone (`/search?q=…`, not how many pages are shown). An empty search or one that finds
 * nothing is `noindex`, so thin pages stay out of an index.
 */
export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteOf(matches);
  const query = data?.view.query ?? '';
  const found = (data?.products.length ?? 0) > 0;
  return toMeta(
    pageHead(site, {
      title: query ? `Search: ${query} | ${site.shopName}` : `Search | ${site.shopName}`,
      description: found
        ? `Activity, puzzle, colouring and journal books matching “${query}” at ${site.shopName}, printed on demand and delivered in the UK.`
        : `Books found in ${site.shopName}.`,
      path: query ? searchPath(query) : '/search',
      noindex: !found,
    }),
  );
};

/**
 * The same for every visitor: kept per query and page count until a product changes, with the
 * other kept pages within the server's byte budget, the least used dropped first (decision 131).
 */
export const handle = { pageCache: true, query: SEARCH_QUERY };

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchResultsPage data={loaderData} />;
}
