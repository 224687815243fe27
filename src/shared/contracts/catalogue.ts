/** Requests and answers of the storefront calls (docs/api.md, "Catalogue"). */
import { z } from 'zod';
import { LISTING_AGES, LISTING_PAGE_SIZE, LISTING_PAGE_SIZE_MAX, LISTING_SORTS } from '../listing';
import { productSchema } from './products';

export { LISTING_AGES, LISTING_PAGE_SIZE, LISTING_PAGE_SIZE_MAX, LISTING_SORTS, type ListingAge, type ListingSort } from '../listing';

/** At most this many ids in one `get_products?ids=` call. */
export const MAX_PRODUCT_IDS = 200;
/** Only the first characters of a search are used; longer queries are answered, not refused. */
export const SEARCH_QUERY_USED_CHARS = 200;
export const CONTACT_TEXT_MAX = 5000;
export const CONTACT_ORDER_REF_MAX = 100;

export const getProductsQuerySchema = z.object({
  /** Comma-separated product ids; without it, the whole catalogue. */
  ids: z.string().max(20000, { message: 'too many ids' }).optional(),
});

export const getProductQuerySchema = z
  .object({
    name: z.string().max(500).optional(),
    id: z.string().max(500).optional(),
  })
  .refine((query) => Boolean(query.name || query.id), { message: 'give a product name or id', path: ['name'] });

export const searchQuerySchema = z.object({
  /** Any string; '' answers []. */
  query: z.string().optional().default(''),
});

/*
 * The paged listing, GET /api/catalogue/products (decision 113): the home page's filters and sort,
 * applied by the server with exactly the browser's rules (web/features/products/catalogue-rules.ts).
 */
/** Pounds as the price slider sends them (whole pounds; up to 2 decimals accepted); '' = no limit. */
const MAX_PRICE_PATTERN = /^(\d{1,9}(\.\d{1,2})?)?$/;

/** How many books one page holds: 1 to LISTING_PAGE_SIZE_MAX, `size` when missing. */
function pageLimitSchema(size: number) {
  return z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(LISTING_PAGE_SIZE_MAX, `must be at most ${LISTING_PAGE_SIZE_MAX}`)
    .optional()
    .default(size);
}
/** The previous page's next_cursor, as it was given (opaque). */
const pageCursorSchema = z.string().max(1000, 'is too long').optional();

export const catalogueListingQuerySchema = z.object({
  /** One product type, compared with each book's type trimmed; '' or missing = every type. */
  type: z.string().max(200, 'is too long').optional().default(''),
  age: z.enum(LISTING_AGES, { message: 'must be All, Kids or Adults' }).optional().default('All'),
  /** The highest price shown, in pounds (a book priced exactly at it is shown); missing or '' = no limit. */
  max_price: z.string().regex(MAX_PRICE_PATTERN, 'must be an amount in pounds, e.g. 12 or 7.99').optional().default(''),
  sort: z.enum(LISTING_SORTS, { message: 'must be default, price-asc or price-desc' }).optional().default('default'),
  limit: pageLimitSchema(LISTING_PAGE_SIZE),
  /** The previous page's next_cursor, as it was given (opaque). */
  cursor: pageCursorSchema,
});
export type CatalogueListingQuery = z.input<typeof catalogueListingQuerySchema>;

/**
 * What the filter panel needs, for the current filters. Each count leaves out the filter it is
 * for, so that it says what choosing that option would show: a type's count applies the age and
 * price filters, an age's count the type and price filters. The list of types and the price range
 * are the whole shop's (as the panel built them from the whole catalogue): the type list does not
 * shrink as other filters are chosen, and the slider's range does not follow its own value.
 */
export const catalogueFacetsSchema = z.object({
  /** Every product type of the shop (trimmed, no blanks), sorted (en-GB), with how many books it would show. */
  types: z.array(z.object({ type: z.string(), count: z.number().int().nonnegative() })),
  /** All, Kids and Adults, in that order, with how many books each would show. */
  ages: z.array(z.object({ age: z.enum(LISTING_AGES), count: z.number().int().nonnegative() })),
  /** The lowest and highest price of the shop's books in pounds (null when it has none): the slider runs from the floor of one to the ceiling of the other. */
  price: z.object({ lowest: z.number().nullable(), highest: z.number().nullable() }),
});

export const catalogueListingSchema = z.object({
  /** The page, in the chosen order; only books of the shop (never archived ones). */
  products: z.array(productSchema),
  /** Give it back as `cursor` for the next page (same filters and sort); null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many books match every filter (all pages). */
  total: z.number().int().nonnegative(),
  facets: catalogueFacetsSchema,
});
/*
 * The admin's product list, GET /api/admin/products (issue #18): every book of the shop, newest
 * first, in keyset pages, optionally only those whose name, id or type contains `q` (any case).
 */
export const ADMIN_PRODUCT_PAGE_SIZE = 20;
export const ADMIN_PRODUCT_QUERY_MAX = 200;

export const adminProductListQuerySchema = z.object({
  /** Text the book's name, id or type contains, in any case; trimmed; '' or missing = every book. */
  q: z.string().max(ADMIN_PRODUCT_QUERY_MAX, `is too long (at most ${ADMIN_PRODUCT_QUERY_MAX} characters)`).optional().default(''),
  limit: pageLimitSchema(ADMIN_PRODUCT_PAGE_SIZE),
  cursor: pageCursorSchema,
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

export const adminProductListSchema = z.object({
  /** The page, newest first (ties by id, descending); only books of the shop (the archived ones have their own list). */
  products: z.array(productSchema),
  /** Give it back as `cursor` for the next page (same `q`); null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many books match `q` (all pages). */
  total: z.number().int().nonnegative(),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export type CatalogueFacets = z.infer<typeof catalogueFacetsSchema>;
export type CatalogueListing = z.infer<typeof catalogueListingSchema>;

export const contactBodySchema = z.object({
  email: z
    .string({ message: 'Please enter your email address.' })
    .trim()
    .max(254, { message: 'That email address is too long.' })
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
  orderRef: z
    .string()
    .trim()
    .max(CONTACT_ORDER_REF_MAX, { message: `The order reference can be at most ${CONTACT_ORDER_REF_MAX} characters.` })
    .nullish()
    .transform((value) => value ?? ''),
  text: z
    .string({ message: 'Please write a message.' })
    .trim()
    .min(1, { message: 'Please write a message.' })
    .max(CONTACT_TEXT_MAX, { message: `Your message can be at most ${CONTACT_TEXT_MAX} characters.` }),
});

export const contactResponseSchema = z.object({ success: z.literal(true) });

export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** Splits `ids=a,b,c` into distinct, non-empty ids, in the order given. */
export function parseIdList(ids: string): string[] {
  return [...new Set(ids.split(',').map((id) => id.trim()).filter(Boolean))];
}
