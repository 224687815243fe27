/**
 * The product as every API answer shows it (docs/api.md, "Product shape"). Prices are pounds here;
 * inside the server they are integer pence.
 *
 * A book's own fields are declared once, in PRODUCT_FIELDS: each field's form rule (what the admin
 * form sends, with the sentence shown when it is refused) and its type in answers. Everything
 * else derives from it: the answer schema (`productSchema`), the form's and the multipart reader's
 * field names (`PRODUCT_FIELD_NAMES`), the form parser (`parseProductFields`), the stored record
 * (`ProductFields`) and the server's row mapping (modules/products/repository.ts). Adding a field
 * is one entry here, a column in the schema with its migration, and the pages that show it.
 */
import { z } from 'zod';
import { PRODUCT_AGES } from '../constants';
import { LISTING_AGES, LISTING_PAGE_SIZE, LISTING_PAGE_SIZE_MAX, LISTING_SORTS } from '../listing';
import { penceToPounds, poundsToPence } from '../money';
import { messageSchema } from './common';

export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const PRODUCT_LIMITS = { name: 200, type: 60, description: 10000 } as const;
/** The highest price the form accepts: £100,000.00. */
export const PRODUCT_PRICE_MAX_PENCE = 100_000_00;

export const productAgeSchema = z.enum([...PRODUCT_AGES, '']);

/** A multipart text field: the string sent (a missing field reads as ''), cleaned, then checked as `rule` says. */
function formField<Rule extends z.ZodType>(rule: Rule, clean: (text: string) => unknown = (text) => text.trim()) {
  return z
    .string()
    .optional()
    .transform((text) => clean(text ?? ''))
    .pipe(rule);
}

const PRICE_RULE = 'The price must be a positive amount in pounds with at most 2 decimals (e.g. 7.99).';

interface FieldSpec {
  /** The admin form's rule: the text sent → the value stored. Its messages are the answer's 400 sentences. */
  form: z.ZodType<unknown, string | undefined>;
  /** The field's type in API answers. */
  answer: z.ZodType;
  /** Money: stored in pence (column `<name>Pence`), typed and answered in pounds (decision 002). */
  money?: true;
}

/** Fields are checked in this order; the first problem is the answer. */
export const PRODUCT_FIELDS = {
  /** The external print catalogue (BookVault) ID, chosen by the admin. */
  id: {
    form: formField(
      z
        .string()
        .min(1, 'The book-vault ID is required.')
        .regex(
          PRODUCT_ID_PATTERN,
          'The book-vault ID may use letters, digits, dots, dashes and underscores only (at most 64).',
        ),
    ),
    answer: z.string(),
  },
  name: {
    form: formField(
      z
        .string()
        .min(1, 'The name is required.')
        .max(PRODUCT_LIMITS.name, `The name must be at most ${PRODUCT_LIMITS.name} characters.`),
    ),
    answer: z.string(),
  },
  type: {
    form: formField(z.string().max(PRODUCT_LIMITS.type, `The type must be at most ${PRODUCT_LIMITS.type} characters.`)),
    answer: z.string(),
  },
  description: {
    form: formField(
      z
        .string()
        .max(PRODUCT_LIMITS.description, `The description must be at most ${PRODUCT_LIMITS.description} characters.`),
      (text) => text.replace(/\r\n/g, '\n').trim(),
    ),
    answer: z.string(),
  },
  /** 'Kids', 'Adults', or '' meaning all ages. */
  age: {
    form: formField(z.enum([...PRODUCT_AGES, ''], { message: 'The age must be Kids, Adults or empty.' })),
    answer: productAgeSchema,
  },
  /** Pounds with at most two decimals (7.99) in the form and in answers; pence when stored. */
  price: {
    form: formField(
      z
        .number({ error: (issue) => (issue.input === undefined ? 'The price is required.' : PRICE_RULE) })
        .int(PRICE_RULE)
        .min(1, PRICE_RULE)
        .max(PRODUCT_PRICE_MAX_PENCE, PRICE_RULE),
      (text) => (text.trim() === '' ? undefined : (poundsToPence(text) ?? Number.NaN)),
    ),
    answer: z.number(),
    money: true,
  },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof PRODUCT_FIELDS;
export type ProductFieldName = keyof Fields;
/** The form's and the multipart body's field names, in checking order. */
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELDS) as ProductFieldName[];
/** The fields kept in pence. */
export type ProductMoneyField = {
  [K in ProductFieldName]: Fields[K] extends { money: true } ? K : never;
}[ProductFieldName];
export const isMoneyField = (name: ProductFieldName): name is ProductMoneyField => 'money' in PRODUCT_FIELDS[name];

function shapeOf<Part extends 'form' | 'answer'>(part: Part): { [K in ProductFieldName]: Fields[K][Part] } {
  return Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, PRODUCT_FIELDS[name][part]])) as {
    [K in ProductFieldName]: Fields[K][Part];
  };
}

/** The product form as multipart sends it: strings (or missing) in, the stored fields out (money in pence). */
export const productFormSchema = z.object(shapeOf('form'));
/** A book's fields as stored: text trimmed, money in pence. */
export type ProductFields = z.output<typeof productFormSchema>;
/** The form's values as typed (every field a string). */
export type ProductFormValues = Record<ProductFieldName, string>;

export const productSchema = z.object({
  ...shapeOf('answer'),
  /** Image addresses in slot order: the first is the main image, the second is shown on hover. */
  imageUrls: z.array(z.string()),
  /** The spec's comma-separated form of the same list. */
  image_URLs: z.string(),
});

export const productListSchema = z.array(productSchema);

/** The delete call's answer: `archived` when the book had been sold and was archived instead (decision 039). */
export const productDeletedSchema = messageSchema.extend({ archived: z.boolean() });
export type ProductDeleted = z.infer<typeof productDeletedSchema>;

export type Product = z.infer<typeof productSchema>;

/** What a book's card in a grid shows (`ProductCard`): a server-rendered grid's data carries only these. */
export type CardBook = Pick<Product, 'id' | 'name' | 'type' | 'age' | 'price' | 'imageUrls'>;

export type ProductAgeValue = z.infer<typeof productAgeSchema>;

export type FieldsResult = { ok: true; value: ProductFields } | { ok: false; message: string };

/**
 * Checks the product form's text fields (as multipart sends them: strings or missing) and answers
 * the fields as stored (money in pence), or the first problem as a sentence naming the field.
 */
export function parseProductFields(raw: Partial<Record<string, string>>): FieldsResult {
  const result = productFormSchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]!.message };
}

/** The answer's product from the stored fields (money in pence) and its image addresses in slot order. */
export function toProductAnswer(fields: ProductFields, imageUrls: string[]): Product {
  const answer: Record<string, unknown> = {};
  for (const name of PRODUCT_FIELD_NAMES)
    answer[name] = isMoneyField(name) ? penceToPounds(fields[name]) : fields[name];
  return { ...(answer as Omit<Product, 'imageUrls' | 'image_URLs'>), imageUrls, image_URLs: imageUrls.join(',') };
}

/* The storefront's calls (docs/api.md, "Catalogue") and the admin's product list. */

export {
  LISTING_AGES,
  LISTING_PAGE_SIZE,
  LISTING_PAGE_SIZE_MAX,
  LISTING_SORTS,
  type ListingAge,
  type ListingSort,
} from '../listing';

/** At most this many ids in one `get_products?ids=` call. */
export const MAX_PRODUCT_IDS = 200;
/** Only the first characters of a search are used; longer queries are answered, not refused. */
export const SEARCH_QUERY_USED_CHARS = 200;
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
  q: z
    .string()
    .max(ADMIN_PRODUCT_QUERY_MAX, `is too long (at most ${ADMIN_PRODUCT_QUERY_MAX} characters)`)
    .optional()
    .default(''),
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

/** Splits `ids=a,b,c` into distinct, non-empty ids, in the order given. */
export function parseIdList(ids: string): string[] {
  return [
    ...new Set(
      ids
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

/*
 * The catalogue as a spreadsheet (issue 30, decision 153): GET /api/admin/products/export writes
 * these columns, POST /api/admin/products/import reads them (matched by name, in any order; a
 * column left out is left alone). `archived` is only written when archived books are exported.
 */
export const PRODUCT_IMAGE_COLUMNS = ['image_1', 'image_2', 'image_3', 'image_4', 'image_5', 'image_6'] as const;
export const PRODUCT_CSV_COLUMNS = [...PRODUCT_FIELD_NAMES, ...PRODUCT_IMAGE_COLUMNS, 'archived'] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
/** At most this many books in one file. */
export const PRODUCT_IMPORT_MAX_ROWS = 5000;

export const productExportQuerySchema = z.object({
  /** `true`: archived books too, with the `archived` column saying which. */
  archived: z.enum(['true', 'false'], { message: 'must be true or false' }).optional().default('false'),
});

export const productImportQuerySchema = z.object({
  /** `true` (the default): check and report, write nothing; `false`: write all of it, or nothing when any row has a problem. */
  dry_run: z.enum(['true', 'false'], { message: 'must be true or false' }).optional().default('true'),
});

/** A place in the file as a spreadsheet shows it: row 1 is the header; `column` is a header's name. */
const filePlace = { row: z.number().int().min(1), column: z.string() };

/** A bad file (not CSV, an unknown column, too many rows): the 400's sentence and where it is. */
export const importFileProblemSchema = messageSchema.extend({
  row: z.number().int().min(1).optional(),
  column: z.string().optional(),
});

export const productImportReportSchema = z.object({
  /** false for a dry run, and for an apply refused because of problems: then nothing was written. */
  applied: z.boolean(),
  /** How many books the file holds (rows under the header). */
  rows: z.number().int().nonnegative(),
  added: z.array(z.object({ row: z.number().int(), id: z.string(), name: z.string(), price: z.number() })),
  changed: z.array(
    z.object({
      row: z.number().int(),
      id: z.string(),
      name: z.string(),
      /** Field by field, as the file's cells read: the stored value and the file's. */
      changes: z.array(z.object({ column: z.string(), old: z.string(), new: z.string() })),
    }),
  ),
  /** Books in the file that would not change. */
  unchanged: z.array(z.object({ row: z.number().int(), id: z.string() })),
  /** Every problem, by row and column, in the form's words; any problem means nothing is written. */
  problems: z.array(z.object({ ...filePlace, message: z.string() })),
});
export type ProductImportReport = z.infer<typeof productImportReportSchema>;
