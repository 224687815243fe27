/**
 * The home grid's view in the address (issue 16): `/?type=Puzzle&age=Kids&max_price=12&sort=price-asc&page=2`.
 * Read leniently (a value the shop does not know is the default, so an old or hand-typed link
 * still opens the shop) and written without the defaults, so the plain home page stays `/`.
 */
import { LISTING_AGES, LISTING_SORTS, type ListingAge, type ListingSort } from '@shared/listing';
import type { PageQuery } from '@shared/page-query';

/**
 * Pages of books a home address may ask for at once (`page=`): Show more adds one. The server
 * renders at most this many (decision 131; four, like search, since decision 161): a deeper
 * `page=` is the same page as this one.
 */
export const MAX_HOME_PAGES = 4;

export interface HomeView {
  /** One type ('' = every type). */
  type: string;
  age: ListingAge;
  /** The highest price in whole pounds, or null for no limit. */
  maxPrice: number | null;
  sort: ListingSort;
  /** How many pages of books are shown (1 to MAX_HOME_PAGES). */
  pages: number;
}

export const DEFAULT_VIEW: HomeView = { type: '', age: 'All', maxPrice: null, sort: 'default', pages: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function readHomeView(params: URLSearchParams): HomeView {
  const price = params.get('max_price');
  const maxPrice = price !== null && /^\d{1,6}(\.\d{1,2})?$/.test(price) ? Number(price) : null;
  const pages = Number(params.get('page'));
  return {
    type: (params.get('type') ?? '').trim().slice(0, 200),
    age: oneOf(LISTING_AGES, params.get('age'), 'All'),
    maxPrice,
    sort: oneOf(LISTING_SORTS, params.get('sort'), 'default'),
    pages: Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_HOME_PAGES) : 1,
  };
}

/** The address's query for a view ('' for the shop's plain home page); `priceCeiling` is the slider's top (no limit). */
export function homeQuery(view: HomeView, priceCeiling: number | null = null): string {
  const params = new URLSearchParams();
  if (view.type) params.set('type', view.type);
  if (view.age !== 'All') params.set('age', view.age);
  if (view.maxPrice !== null && (priceCeiling === null || view.maxPrice < priceCeiling))
    params.set('max_price', String(view.maxPrice));
  if (view.sort !== 'default') params.set('sort', view.sort);
  if (view.pages > 1) params.set('page', String(view.pages));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The home grid's parameters (decision 131): what its loader reads, and the address the server keeps its page at. */
export const HOME_QUERY: PageQuery<HomeView> = { read: readHomeView, write: (view) => homeQuery(view) };

/** Whether any filter is chosen (the empty grid then offers Clear filters). */
export const hasFilters = (view: HomeView) => view.type !== '' || view.age !== 'All' || view.maxPrice !== null;
