/**
 * What the storefront's pages read while the server renders them (decision 114): one listing page,
 * one book with the books shown under it, one page of search results. Each reads only what the
 * page shows, whatever the catalogue's size.
 */
import type { AppContext } from '../../context';
import { SEARCH_MAX_RESULTS } from '@shared/constants';
import type { CatalogueListing } from '@shared/contracts/products';
import type { ListingRequest, ProductPageData, SearchPage } from '@shared/contracts/web';
import { catalogueListing, firstListingPage } from './listing/service';
import * as repo from './repository';
import { findBookByName, keptSearch } from './service';
import { toSearchInput } from './search-terms';

/** Books under a book's page, in each of Similar Items and Other Items. */
export const RELATED_COUNT = 4;
/** The most search results one page of results may show (the header's dropdown shows SEARCH_MAX_RESULTS). */
export const SEARCH_PAGE_MAX = 96;

/** One page of the listing, the first from memory when kept; a bad cursor throws 400. */
export async function listingPage(ctx: AppContext, request: ListingRequest): Promise<CatalogueListing> {
  if (request.cursor === undefined) return (await firstListingPage(ctx.database.db, ctx.listing, request)).listing;
  return catalogueListing(ctx.database.db, ctx.listing, { ...request, cursor: request.cursor });
}

/** A book by name, else by id, with Similar Items and Other Items; null for no such book of the shop. */
export async function productPageData(ctx: AppContext, nameOrId: string): Promise<ProductPageData | null> {
  const db = ctx.database.db;
  const product = (await findBookByName(ctx, nameOrId)) ?? (await repo.findProductById(db, nameOrId));
  if (!product) return null;
  const similar = await repo.findSimilarProducts(db, product, RELATED_COUNT);
  const others = await repo.findOtherProducts(
    db,
    product.id,
    [product.id, ...similar.map((book) => book.id)],
    RELATED_COUNT,
  );
  return { product, similar, others };
}

/** The ranked search's first `limit` matches (at most SEARCH_PAGE_MAX), and whether more follow. */
export async function searchPage(ctx: AppContext, query: string, limit: number): Promise<SearchPage> {
  const input = toSearchInput(query);
  if (!input) return { products: [], more: false };
  const wanted = Math.max(SEARCH_MAX_RESULTS, Math.min(limit, SEARCH_PAGE_MAX));
  const found = await keptSearch(ctx, input, wanted + 1);
  return { products: found.slice(0, wanted), more: found.length > wanted };
}
