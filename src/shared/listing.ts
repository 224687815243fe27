/**
 * The paged listing's names and sizes (decision 113), without zod: the home page's code imports
 * these, and the schemas of contracts/products.ts (which re-exports them) would bring zod into the
 * shopper's first page.
 */

/** The spec's sort options: the shop's order (oldest first), price low to high, price high to low. */
export const LISTING_SORTS = ['default', 'price-asc', 'price-desc'] as const;
/** The age filter: 'Kids' and 'Adults' each include the all-ages books (age ''), decision 012. */
export const LISTING_AGES = ['All', 'Kids', 'Adults'] as const;
export const LISTING_PAGE_SIZE = 24;
export const LISTING_PAGE_SIZE_MAX = 100;

export type ListingSort = (typeof LISTING_SORTS)[number];
export type ListingAge = (typeof LISTING_AGES)[number];
