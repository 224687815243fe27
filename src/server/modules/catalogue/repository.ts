/**
 * Catalogue SQL. Products are read together with their image keys in slot order (one round trip:
 * a correlated array_agg over the product_images primary key), and turned into the API's
 * product shape by `toProduct`.
 */
import { and, asc, desc, eq, inArray, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, productImages, products } from '../../db/schema';
import { imagePath } from '../../../shared/images';
import { penceToPounds } from '../../../shared/money';
import type { Product } from '../../../shared/contracts/product';
import type { SearchInput } from './search-terms';

/** The columns of a product row the shop reads (never the generated search vector). */
export const productColumns = {
  id: products.id,
  name: products.name,
  type: products.type,
  description: products.description,
  age: products.age,
  pricePence: products.pricePence,
};

export type ProductRow = {
  id: string;
  name: string;
  type: string;
  description: string;
  age: 'Kids' | 'Adults' | '';
  pricePence: number;
};

/** The image keys of the product in the outer query, in slot order ('{}' when none). */
const imageKeysColumn = sql<string[]>`coalesce((select array_agg(${productImages.imageKey} order by ${productImages.position}) from ${productImages} where ${productImages.productId} = ${products.id}), '{}'::text[])`.as(
  'image_keys',
);

/** The API's product shape from a row and its image keys (in slot order). */
export function toProduct(row: ProductRow, imageKeys: readonly string[]): Product {
  const imageUrls = imageKeys.map((key) => imagePath(key));
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    age: row.age,
    price: penceToPounds(row.pricePence),
    imageUrls,
    image_URLs: imageUrls.join(','),
  };
}

/**
 * The books of the shop: not archived (decision 039). Every read a shopper's call makes (the
 * catalogue and its cache, one product, carts, wishlists, checkout, reviews) keeps to these; the
 * search function has the same condition in SQL (migration product_keys).
 */
export const onSale = isNull(products.archivedAt);

async function selectProducts(db: Db, where: SQL | undefined, options: { limit?: number; includeArchived?: boolean; orderBy?: SQL[] } = {}) {
  const query = db
    .select({ ...productColumns, key: products.productKey, imageKeys: imageKeysColumn })
    .from(products)
    .where(options.includeArchived ? where : and(onSale, where))
    .orderBy(...(options.orderBy ?? [asc(products.createdAt), asc(products.id)]));
  const rows = await (options.limit ? query.limit(options.limit) : query);
  return rows.map((row) => ({ key: row.key, product: toProduct(row, row.imageKeys ?? []) }));
}

const productsOnly = (rows: Array<{ product: Product }>) => rows.map((row) => row.product);

/**
 * The whole catalogue in shop order (oldest first), or only the products whose ids are given
 * (unknown ids are left out; an empty list answers []). Books of the shop only.
 */
export async function findProducts(db: Db, ids?: readonly string[]): Promise<Product[]> {
  if (ids === undefined) return productsOnly(await selectProducts(db, undefined));
  if (ids.length === 0) return [];
  return productsOnly(await selectProducts(db, inArray(products.id, [...ids])));
}

/** The books of the shop with the given keys (decision 038), by key. */
export async function findProductsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, Product>> {
  if (keys.length === 0) return new Map();
  const rows = await selectProducts(db, inArray(products.productKey, [...keys]));
  return new Map(rows.map((row) => [row.key, row.product]));
}

/** One book of the shop by id; with `includeArchived` (the admin's form) an archived one too. */
export async function findProductById(db: Db, id: string, options: { includeArchived?: boolean } = {}): Promise<Product | null> {
  const [row] = await selectProducts(db, eq(products.id, id), { limit: 1, ...options });
  return row?.product ?? null;
}

export async function findProductByName(db: Db, name: string): Promise<Product | null> {
  const [row] = await selectProducts(db, eq(products.name, name), { limit: 1 });
  return row?.product ?? null;
}

/** The archived books (decision 039), most recently archived first, for the admin. */
export async function findArchivedProducts(db: Db): Promise<Product[]> {
  const rows = await selectProducts(db, isNotNull(products.archivedAt), { includeArchived: true, orderBy: [desc(products.archivedAt), asc(products.id)] });
  return productsOnly(rows);
}

/** How close a typed word must be to a word of a name (0 to 1) to count as a typo of it. */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** At most this many matches of each kind are ranked (bounds the cost of very broad queries). */
export const SEARCH_CANDIDATES_PER_KIND = 40;

/** A row of the `search_products` function (migration 0003_search_speed): a product row and its image keys. */
type SearchRow = Omit<ProductRow, 'pricePence'> & { price_pence: number; image_keys: string[] | null };

/**
 * Ranked search in two steps, in one statement: the `search_products` function (migration 0003_search_speed,
 * decision 084). Candidates: up to 40 full-text prefix matches over name, type and description
 * (GIN on search_vector), up to 40 typo-tolerant word-similarity matches on the name (`<%`, GIN
 * trigram index) and up to 40 names containing the typed text (ILIKE, same trigram index). Only
 * those candidates are ranked (ts_rank + word_similarity + 0.5 for the literal text in the name;
 * ties by name), so a query that matches thousands of books costs about as much as one that
 * matches ten. The function's query is planned once per connection, not on every keystroke.
 */
export async function searchProducts(db: Db, input: SearchInput, limit: number): Promise<Product[]> {
  if (!input.tsQuery && !input.text && !input.likePattern) return [];
  const result = (await db.execute(
    sql`select * from search_products(${input.tsQuery}, ${input.text || null}, ${input.likePattern}, ${WORD_SIMILARITY_THRESHOLD}, ${SEARCH_CANDIDATES_PER_KIND}, ${limit})`,
  )) as unknown as { rows: SearchRow[] };
  return result.rows.map((row) => toProduct({ ...row, pricePence: row.price_pence }, row.image_keys ?? []));
}

export async function insertContactMessage(db: Db, message: { email: string; orderRef: string; text: string }): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}
