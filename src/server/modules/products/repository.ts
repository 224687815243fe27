/**
 * Product reads. Products are read together with their image keys in slot order (one round trip:
 * a correlated array_agg over the product_images primary key), and turned into the API's
 * product shape by `toProduct`. The columns read and their mapping come from the one declaration
 * of a book's fields (PRODUCT_FIELDS, src/shared/contracts/products.ts).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { productImages, productOnSale, products } from '../../db/schema';
import { imagePath } from '@shared/images';
import {
  PRODUCT_FIELD_NAMES,
  isMoneyField,
  toProductAnswer,
  type Product,
  type ProductFieldName,
  type ProductFields,
  type ProductMoneyField,
} from '@shared/contracts/products';
import type { SearchInput } from './search-terms';

/** A declared field's column: money fields are kept in pence (`price` → `pricePence`). */
type ColumnOf<K extends ProductFieldName> = K extends ProductMoneyField ? `${K}Pence` : K;
const columnOf = <K extends ProductFieldName>(name: K) => (isMoneyField(name) ? `${name}Pence` : name) as ColumnOf<K>;

/**
 * The columns of a product row the shop reads, under the declared fields' names (never the
 * generated search vector). A declared field without its column in schema.ts fails to compile here.
 */
export const productColumns = Object.fromEntries(
  PRODUCT_FIELD_NAMES.map((name) => [name, products[columnOf(name)]]),
) as {
  [K in ProductFieldName]: (typeof products)[ColumnOf<K>];
};

/** The stored fields as column values, for insert and update. */
export function toColumns(fields: ProductFields): { [K in ProductFieldName as ColumnOf<K>]: ProductFields[K] } {
  return Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [columnOf(name), fields[name]])) as {
    [K in ProductFieldName as ColumnOf<K>]: ProductFields[K];
  };
}

/** The image keys of the product in the outer query, in slot order ('{}' when none). */
export const imageKeysColumn = sql<
  string[]
>`coalesce((select array_agg(${productImages.imageKey} order by ${productImages.position}) from ${productImages} where ${productImages.productId} = ${products.id}), '{}'::text[])`.as(
  'image_keys',
);

/** The API's product shape from a row and its image keys (in slot order). */
export function toProduct(row: ProductFields, imageKeys: readonly string[]): Product {
  return toProductAnswer(
    row,
    imageKeys.map((key) => imagePath(key)),
  );
}

/** Products with their key and image keys; the caller adds the rest of the query (where, joins, order). */
const selectProducts = (db: Db) =>
  db
    .select({ ...productColumns, key: products.productKey, imageKeys: imageKeysColumn })
    .from(products)
    .$dynamic();

type ProductRead = ProductFields & { key: string; imageKeys: string[] | null };
const toProducts = (rows: ProductRead[]) => rows.map((row) => toProduct(row, row.imageKeys ?? []));

/** The books of the shop (decision 039): the condition is the schema's, beside the table (reviews join on it too). */
export const onSale = productOnSale;

/** In shop order (oldest first) unless told; books of the shop unless `includeArchived`. */
function findWhere(
  db: Db,
  where: SQL | undefined,
  options: { limit?: number; includeArchived?: boolean; orderBy?: SQL[] } = {},
) {
  const query = selectProducts(db)
    .where(options.includeArchived ? where : and(onSale, where))
    .orderBy(...(options.orderBy ?? [asc(products.createdAt), asc(products.id)]));
  return options.limit ? query.limit(options.limit) : query;
}

/**
 * The whole catalogue in shop order (oldest first), or only the products whose ids are given
 * (unknown ids are left out; an empty list answers []). Books of the shop only.
 */
export async function findProducts(db: Db, ids?: readonly string[]): Promise<Product[]> {
  if (ids === undefined) return toProducts(await findWhere(db, undefined));
  if (ids.length === 0) return [];
  return toProducts(await findWhere(db, inArray(products.id, [...ids])));
}

/** created_at as UTC ISO text with its microseconds (a JS Date keeps milliseconds only): a listing position's time. */
export const createdAtExact = sql<string>`to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The whole catalogue in shop order, as `findProducts(db)`, with each book's created_at to the
 * microsecond beside it (`at[i]` is `products[i]`'s): what the listing's first pages are made from
 * in memory (decision 166). The order is the database's own (its collation for ids), so a book's
 * place in this array is its place in the shop's order.
 */
export async function findCatalogue(db: Db): Promise<{ products: Product[]; at: string[] }> {
  const rows = await db
    .select({ ...productColumns, imageKeys: imageKeysColumn, at: createdAtExact })
    .from(products)
    .where(onSale)
    .orderBy(asc(products.createdAt), asc(products.id));
  return { products: rows.map((row) => toProduct(row, row.imageKeys ?? [])), at: rows.map((row) => row.at) };
}

/** The books of the shop with the given keys (decision 038), by key. */
export async function findProductsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, Product>> {
  if (keys.length === 0) return new Map();
  const rows = await findWhere(db, inArray(products.productKey, [...keys]));
  return new Map(rows.map((row) => [row.key, toProduct(row, row.imageKeys ?? [])]));
}

/** One book of the shop by id; with `includeArchived` (the admin's form) an archived one too. */
export async function findProductById(
  db: Db,
  id: string,
  options: { includeArchived?: boolean } = {},
): Promise<Product | null> {
  const [product] = toProducts(await findWhere(db, eq(products.id, id), { limit: 1, ...options }));
  return product ?? null;
}

export async function findProductByName(db: Db, name: string): Promise<Product | null> {
  const [product] = toProducts(await findWhere(db, eq(products.name, name), { limit: 1 }));
  return product ?? null;
}

/** The archived books (decision 039), most recently archived first, for the admin. */
export async function findArchivedProducts(db: Db): Promise<Product[]> {
  return toProducts(
    await findWhere(db, isNotNull(products.archivedAt), {
      includeArchived: true,
      orderBy: [desc(products.archivedAt), asc(products.id)],
    }),
  );
}

/** How close a typed word must be to a word of a name (0 to 1) to count as a typo of it. */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** At most this many matches of each kind are ranked (bounds the cost of very broad queries). */
export const SEARCH_CANDIDATES_PER_KIND = 40;

/**
 * Ranked search in two steps, in one statement: the `search_product_ids` function (decision 084)
 * answers the ids in rank order, and they are read like any other products. Candidates: up to 40
 * full-text prefix matches over name, type and description (GIN on search_vector), up to 40
 * typo-tolerant word-similarity matches on the name (`<%`, GIN trigram index) and up to 40 names
 * containing the typed text (ILIKE, same trigram index). Only those candidates are ranked
 * (ts_rank + word_similarity + 0.5 for the literal text in the name; ties by name), so a query
 * that matches thousands of books costs about as much as one that matches ten. The function's
 * query is planned once per connection, not on every keystroke.
 */
export async function searchProducts(db: Db, input: SearchInput, limit: number): Promise<Product[]> {
  if (!input.tsQuery && !input.text && !input.likePattern) return [];
  // A results page asking for more than the header's few ranks as many candidates of each kind.
  const perKind = Math.max(SEARCH_CANDIDATES_PER_KIND, limit);
  const ranked = sql`search_product_ids(${input.tsQuery}, ${input.text || null}, ${input.likePattern}, ${WORD_SIMILARITY_THRESHOLD}, ${perKind}, ${limit}) with ordinality as ranked(id, position)`;
  return toProducts(
    await selectProducts(db)
      .innerJoin(ranked, sql`ranked.id = ${products.id}`)
      .orderBy(sql`ranked.position`),
  );
}

/** Whether the id names a book of the shop (an archived book cannot be put in a cart or wishlist). */
export async function productExists(db: Db, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), onSale))
    .limit(1);
  return Boolean(row);
}

/** The ids among `ids` that name books of the shop. */
export async function existingProductIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), onSale));
  return new Set(rows.map((row) => row.id));
}

/** Key, price (pence), name, type and age of the books of the shop whose ids are given (unknown and archived ids are left out). */
export async function findPricedProducts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      key: products.productKey,
      name: products.name,
      type: products.type,
      age: products.age,
      pricePence: products.pricePence,
    })
    .from(products)
    .where(and(inArray(products.id, [...ids]), onSale));
}

/** The key of the book of the shop with this ID, or null (unknown or archived). */
export async function findProductKey(db: Db, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: products.productKey })
    .from(products)
    .where(and(eq(products.id, productId), onSale))
    .limit(1);
  return row?.key ?? null;
}

/** Of the wanted product types, those some product has. */
export async function existingProductTypes(db: Db, wanted: readonly string[]): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ type: products.type })
    .from(products)
    .where(inArray(products.type, [...wanted]));
  return new Set(rows.map((row) => row.type));
}

/**
 * The books with these ids in this order. Picking ids first and reading the books after keeps the
 * image keys' subquery to the few books shown: in one statement PostgreSQL works it out for every
 * row it sorts (100,000 times for a pick from the whole shop).
 */
async function findInOrder(db: Db, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await findProducts(db, ids)).map((product) => [product.id, product]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The expression of the descending price indexes' price column (the same text, so the planner matches it). */
const negatedPrice = sql`(-${products.pricePence})`;

/**
 * Up to `count` ids of the books that pass `where`, nearest in price to `pence` first, ties (the
 * same distance above and below, or the same price) in the shop's order: created_at, then id.
 * Two index range scans of at most `count` rows each, the dearer side (price >= pence, ascending)
 * and the cheaper side (-price > -pence, ascending, i.e. price descending with ties still in the
 * shop's order), merged by the very order the whole catalogue used to be sorted by. The first
 * `count` of that order are among the first `count` of one side or the other: on each side its
 * index order is that order.
 */
async function nearestInPrice(db: Db, where: SQL | undefined, pence: number, count: number): Promise<string[]> {
  const columns = {
    id: products.id,
    distance: sql<number>`abs(${products.pricePence} - ${pence}::integer)`.as('distance'),
    createdAt: products.createdAt,
  };
  const dearer = db
    .select(columns)
    .from(products)
    .where(and(where, gte(products.pricePence, pence)))
    .orderBy(asc(products.pricePence), asc(products.createdAt), asc(products.id))
    .limit(count);
  const cheaper = db
    .select(columns)
    .from(products)
    .where(and(where, sql`${negatedPrice} > ${-pence}::integer`))
    .orderBy(asc(negatedPrice), asc(products.createdAt), asc(products.id))
    .limit(count);
  // A union is ordered by its own columns: distance, then created_at and id (the same names).
  const rows = await unionAll(dearer, cheaper)
    .orderBy(sql`distance`, sql`created_at`, sql`id`)
    .limit(count);
  return rows.map((row) => row.id);
}

/**
 * Similar Items (the product page): books of the same age first, then of the same type, then of
 * the nearest price, ties in shop order (created_at, id); the book itself left out. Read as four
 * tiers, best first: same age and type, same age (another type), same type (another age), the
 * rest; each tier's nearest prices come from its own pair of indexes (migration 0014, decision 125;
 * the rest from the listing's price indexes), and a tier is read only while fewer than `count`
 * books have been found. So no read grows with the catalogue: a tier's scan skips only the book
 * and books of the tiers before it (the index of "same age" also holds the books of the same age
 * and type), and those are fewer than `count` when it is read.
 */
export async function findSimilarProducts(
  db: Db,
  product: Pick<Product, 'id' | 'age' | 'type' | 'price'>,
  count: number,
): Promise<Product[]> {
  const pence = Math.round(product.price * 100);
  const sameAge = eq(products.age, product.age);
  const otherAge = ne(products.age, product.age);
  const sameType = eq(products.type, product.type);
  const otherType = ne(products.type, product.type);
  const tiers = [and(sameAge, sameType), and(sameAge, otherType), and(otherAge, sameType), and(otherAge, otherType)];
  const ids: string[] = [];
  for (const tier of tiers) {
    if (ids.length >= count) break;
    ids.push(...(await nearestInPrice(db, and(onSale, ne(products.id, product.id), tier), pence, count - ids.length)));
  }
  return findInOrder(db, ids);
}

/**
 * Other Items: a pick of the shop's books, the same for the same seed (a book's id) on every
 * visit and on both sides of hydration, the `exclude`d ones left out. The books of the shop stand
 * in a fixed shuffled ring, in the order of hashtext(id), then id (the index products_other_items,
 * decision 125). The seed names one place on the ring per pick, hashtext('<seed>:<n>') for the
 * n-th (from 0), and the n-th pick is the first book at or after its place, going on from the
 * ring's start when none follows, that is neither excluded nor picked before. One place per pick,
 * not the books after one place: those are neighbours on the ring, and two books whose places
 * fell close together would show nearly the same books. Fewer books than `count` to pick from:
 * all of them.
 */
export async function findOtherProducts(
  db: Db,
  seed: string,
  exclude: readonly string[],
  count: number,
): Promise<Product[]> {
  if (count < 1) return [];
  const place = sql<number>`hashtext(${products.id})`;
  const pool = and(onSale, exclude.length ? notInArray(products.id, [...exclude]) : undefined);
  const columns = (pick: number, lap: 0 | 1) => ({
    pick: sql<number>`${sql.raw(String(pick))}`.as('pick'),
    lap: sql<number>`${sql.raw(String(lap))}`.as('lap'),
    place: sql<number>`${place}`.as('place'),
    id: products.id,
  });
  // From each place the first `count` books of the ring (lap 0: up to the ring's end; lap 1: from
  // its start): fewer than `count` of them can have been picked before.
  const scans = Array.from({ length: count }, (_, pick) => {
    const start = sql`hashtext(${`${seed}:${pick}`}::text)`;
    return [
      db
        .select(columns(pick, 0))
        .from(products)
        .where(and(pool, sql`${place} >= ${start}`))
        .orderBy(asc(place), asc(products.id))
        .limit(count),
      db
        .select(columns(pick, 1))
        .from(products)
        .where(and(pool, sql`${place} < ${start}`))
        .orderBy(asc(place), asc(products.id))
        .limit(count),
    ];
  }).flat();
  const rows = await unionAll(scans[0]!, scans[1]!, ...scans.slice(2)).orderBy(
    sql`pick`,
    sql`lap`,
    sql`place`,
    sql`id`,
  );
  const picked: string[] = [];
  for (let pick = 0; pick < count; pick += 1) {
    const row = rows.find((candidate) => candidate.pick === pick && !picked.includes(candidate.id));
    if (row) picked.push(row.id);
  }
  return findInOrder(db, picked);
}

/** How many books the shop has (the sitemap index's one read). */
export async function countProductsOnSale(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(products)
    .where(onSale);
  return row?.n ?? 0;
}

/**
 * One sitemap books file (decision 126): the name and last change of up to `perFile` books of the
 * shop, the `file`-th slice (from 1) of the shop's order (created_at, id). That order rather than
 * id: a new book goes last, so adding books changes only the last file, and the listing's partial
 * index `products_listing_shop_order` (books of the shop only, decision 113) serves it. Paged by
 * OFFSET, which is acceptable for this crawler-only read, but only to find where the file starts:
 * the subquery skips `(file - 1) * perFile` entries of that index reading only (created_at, id)
 * (an index-only scan once the table is vacuumed), and the file's rows are then read from there
 * as a keyset range of `perFile` rows. So a deep file costs a walk over the index entries before
 * it, never reading the rows before it (PostgreSQL, 100,000 books, the last file: about 10 ms
 * against about 30 ms for a plain OFFSET). The start is compared in SQL, keeping created_at's
 * microseconds. A file past the end is [].
 */
export async function findSitemapBooks(
  db: Db,
  file: number,
  perFile: number,
): Promise<{ name: string; updatedAt: Date }[]> {
  const shopOrder = [asc(products.createdAt), asc(products.id)];
  const start = db
    .select({ createdAt: products.createdAt, id: products.id })
    .from(products)
    .where(onSale)
    .orderBy(...shopOrder)
    .offset((file - 1) * perFile)
    .limit(1);
  return db
    .select({ name: products.name, updatedAt: products.updatedAt })
    .from(products)
    .where(and(onSale, sql`(${products.createdAt}, ${products.id}) >= ${start}`))
    .orderBy(...shopOrder)
    .limit(perFile);
}
