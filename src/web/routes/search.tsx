/** Search results (/search?q=…): every match of the header's search, paged like the home grid. */
import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { SearchResultsPage, type SearchData } from '../features/search/SearchResultsPage';
import { readSearchView, SEARCH_PAGE_SIZE } from '../features/search/search-address';
import { siteOf } from './meta';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<SearchData> {
  const view = readSearchView(new URL(request.url).searchParams);
  const found = view.query ? await context.shop.search(view.query, SEARCH_PAGE_SIZE * view.pages) : { products: [], more: false };
  return { view, ...found };
}

export const meta = ({ data, matches }: MetaArgs<typeof loader>) => {
  const shop = siteOf(matches).shopName;
  return [
    { title: data?.view.query ? `Search: ${data.view.query} | ${shop}` : `Search | ${shop}` },
    { name: 'description', content: `Books found in ${shop}.` },
    { name: 'robots', content: 'noindex' },
  ];
};

/**
 * The same for every visitor: kept per address until a product changes (at most 500 addresses
 * with the other kept pages, the oldest dropped first, so odd queries cannot grow it).
 */
export const handle = { pageCache: true };

export default function Search() {
  return <SearchResultsPage data={useLoaderData<SearchData>()} />;
}
