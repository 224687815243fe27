/** The home grid's loader (decision 114), shared by /, /home, /index and the account forms over the home page. */
import type { LoaderFunctionArgs, MetaDescriptor, ShouldRevalidateFunctionArgs } from 'react-router';
import type { CatalogueListing } from '@shared/contracts/products';
import { LISTING_PAGE_SIZE } from '@shared/listing';
import type { ListingRequest } from '@shared/contracts/web';
import { homeTitle, pageHead } from '@shared/seo';
import type { HomeData } from '../features/products/HomePage';
import { HOME_QUERY, homeQuery } from '../features/products/home-address';
import { toCardBook } from './card-books';
import { siteOf, toMeta } from './meta';

/** What the home grid's pages keep of the address (decision 131): every visitor may have them, per view of the grid. */
export const homeHandle = { pageCache: true, query: HOME_QUERY };

export async function homeLoader({ request, context }: LoaderFunctionArgs): Promise<HomeData> {
  const view = HOME_QUERY.read(new URL(request.url).searchParams);
  const asked: ListingRequest = {
    type: view.type,
    age: view.age,
    max_price: view.maxPrice === null ? '' : String(view.maxPrice),
    sort: view.sort,
    limit: LISTING_PAGE_SIZE,
  };
  // Page after page by cursor (keyset): `page=3` shows the first three pages, as Show more built them.
  let listing: CatalogueListing = await context.shop.listing(asked);
  const products = listing.products.map(toCardBook);
  for (let page = 2; page <= view.pages && listing.next_cursor !== null; page += 1) {
    listing = await context.shop.listing({ ...asked, cursor: listing.next_cursor });
    products.push(...listing.products.map(toCardBook));
  }
  // The cards' fields only: the page's data (sent with the HTML for hydration) carries no
  // descriptions, which the grid never shows and a book may have thousands of characters of.
  return { view, listing: { ...listing, products } };
}

/** The shop's title; a filtered view's canonical address keeps its filters (not the page count). */
export function homeMeta({
  data,
  matches,
}: {
  data: HomeData | undefined;
  matches: readonly ({ id: string; data: unknown } | undefined)[];
}): MetaDescriptor[] {
  const site = siteOf(matches);
  const query = data ? homeQuery({ ...data.view, pages: 1 }) : '';
  return toMeta(pageHead(site, { title: homeTitle(site), path: `/${query}` }));
}

/**
 * The grid is loaded again when its view in the address changes, or when asked (a product
 * changed), not when another part of the address does (`?verified=…` being tidied away).
 */
export function homeShouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const view = (url: URL) => JSON.stringify(HOME_QUERY.read(url.searchParams));
  return view(currentUrl) !== view(nextUrl) || currentUrl.pathname !== nextUrl.pathname;
}
