/**
 * Catalogue reads: the storefront's (the catalogue, one product, search) and those other modules
 * make (products by id, whether products exist, prices for a basket, the product types).
 */
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { SessionClaims } from '../../lib/tokens';
import { SEARCH_MAX_RESULTS } from '@shared/constants';
import type { Product } from '@shared/contracts/products';
import { MAX_PRODUCT_IDS, parseIdList } from '@shared/contracts/products';
import * as repo from './repository';
import { toSearchInput, type SearchInput } from './search-terms';

export const PRODUCT_NOT_FOUND = 'Sorry, we could not find that book.';

/** Products with the given ids (`ids=a,b,c`), in the order asked, unknown ids left out. */
export async function productsByIds(ctx: AppContext, ids: string): Promise<Product[]> {
  const list = parseIdList(ids);
  if (list.length > MAX_PRODUCT_IDS)
    throw badRequest(`Invalid ids: at most ${MAX_PRODUCT_IDS} products can be asked for at once.`);
  const snapshot = await ctx.catalogue.get();
  return list.flatMap((id) => snapshot.byId.get(id) ?? []);
}

/**
 * One product by name (the storefront) or id (the admin form); 404 when there is none. An
 * archived book is a 404 for everyone, except by id for an admin, whose form edits it (decision 039).
 */
export async function getProduct(
  ctx: AppContext,
  query: { name?: string; id?: string },
  viewer: SessionClaims | null = null,
): Promise<Product> {
  const db = ctx.database.db;
  const includeArchived = viewer?.role === 'admin';
  const product = query.name
    ? await findBookByName(ctx, query.name)
    : query.id
      ? await repo.findProductById(db, query.id, { includeArchived })
      : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** Ranked, typo-tolerant search; at most SEARCH_MAX_RESULTS products; [] for an empty query. */
export async function searchCatalogue(ctx: AppContext, query: string): Promise<Product[]> {
  const input = toSearchInput(query);
  if (!input) return [];
  return keptSearch(ctx, input, SEARCH_MAX_RESULTS);
}

/**
 * The ranked search's first `limit` matches, kept per normalised query and count until the
 * catalogue changes (decision 157): the search box's and the results page's common words are
 * answered from memory, while the ranking itself is as before.
 */
export function keptSearch(ctx: AppContext, input: SearchInput, limit: number): Promise<Product[]> {
  return ctx.catalogue.searches.get(`${limit}\n${JSON.stringify(input)}`, () =>
    repo.searchProducts(ctx.database.db, input, limit),
  );
}

/** A book of the shop by its exact name, kept until the catalogue changes (decision 157); null for none (not kept). */
export function findBookByName(ctx: AppContext, name: string): Promise<Product | null> {
  return ctx.catalogue.booksByName.get(
    name,
    () => repo.findProductByName(ctx.database.db, name),
    (product) => product !== null,
  );
}

// ---- for other modules: each takes the database or the transaction it runs in ----------------

/** Books of the shop by id in shop order, unknown and archived ids left out (the whole catalogue without ids). */
export const findProducts = (db: Db, ids?: readonly string[]): Promise<Product[]> => repo.findProducts(db, ids);
/** Books of the shop by their key that never changes (decision 038). */
export const findProductsByKeys = (db: Db, keys: readonly string[]): Promise<Map<string, Product>> =>
  repo.findProductsByKeys(db, keys);
/** The key of the book of the shop with this ID, or null (unknown or archived). */
export const findProductKey = (db: Db, productId: string): Promise<string | null> => repo.findProductKey(db, productId);
/** Whether the id names a book of the shop (not archived). */
export const productExists = (db: Db, productId: string): Promise<boolean> => repo.productExists(db, productId);
/** 404 unless `productId` names a book of the shop (a basket's or a wishlist's new line). */
export async function requireProduct(db: Db, productId: string): Promise<void> {
  if (!(await productExists(db, productId)))
    throw notFound('That product does not exist (it may have been removed from the shop).');
}
/** The ids among `ids` that name books of the shop. */
export const existingProductIds = (db: Db, ids: readonly string[]): Promise<Set<string>> =>
  repo.existingProductIds(db, ids);
/** What a basket is priced from: each book's key, price in pence, name, type and age (unknown and archived ids left out). */
export const pricedProducts = (db: Db, ids: readonly string[]) => repo.findPricedProducts(db, ids);
/** Of the wanted product types, those some product has. */
export const existingProductTypes = (db: Db, wanted: readonly string[]): Promise<Set<string>> =>
  repo.existingProductTypes(db, wanted);
