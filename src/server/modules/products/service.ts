/**
 * Catalogue reads: the storefront's (the catalogue, one product, search) and those other modules
 * make (products by id, whether products exist, prices for a basket, the product types).
 */
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { SEARCH_MAX_RESULTS } from '../../../shared/constants';
import type { Product } from '../../../shared/contracts/product';
import { MAX_PRODUCT_IDS, parseIdList } from '../../../shared/contracts/catalogue';
import * as repo from './repository';
import { toSearchInput } from './search-terms';

export const PRODUCT_NOT_FOUND = 'Sorry, we could not find that book.';

/** Products with the given ids (`ids=a,b,c`), in the order asked, unknown ids left out. */
export async function productsByIds(ctx: AppContext, ids: string): Promise<Product[]> {
  const list = parseIdList(ids);
  if (list.length > MAX_PRODUCT_IDS) throw badRequest(`Invalid ids: at most ${MAX_PRODUCT_IDS} products can be asked for at once.`);
  const snapshot = await ctx.catalogue.get();
  return list.flatMap((id) => snapshot.byId.get(id) ?? []);
}

/** One product by name (the storefront) or id (the admin form); 404 when there is none. */
export async function getProduct(ctx: AppContext, query: { name?: string; id?: string }): Promise<Product> {
  const db = ctx.database.db;
  const product = query.name ? await repo.findProductByName(db, query.name) : query.id ? await repo.findProductById(db, query.id) : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** Ranked, typo-tolerant search; at most SEARCH_MAX_RESULTS products; [] for an empty query. */
export async function searchCatalogue(ctx: AppContext, query: string): Promise<Product[]> {
  const input = toSearchInput(query);
  if (!input) return [];
  return repo.searchProducts(ctx.database.db, input, SEARCH_MAX_RESULTS);
}

// ---- for other modules: each takes the database or the transaction it runs in ----------------

/** Products by id in shop order, unknown ids left out (the whole catalogue without ids). */
export const findProducts = (db: Db, ids?: readonly string[]): Promise<Product[]> => repo.findProducts(db, ids);
export const productExists = (db: Db, productId: string): Promise<boolean> => repo.productExists(db, productId);
/** The ids among `ids` that name existing products. */
export const existingProductIds = (db: Db, ids: readonly string[]): Promise<Set<string>> => repo.existingProductIds(db, ids);
/** What a basket is priced from: each product's price in pence, name, type and age (unknown ids left out). */
export const pricedProducts = (db: Db, ids: readonly string[]) => repo.findPricedProducts(db, ids);
/** Of the wanted product types, those some product has. */
export const existingProductTypes = (db: Db, wanted: readonly string[]): Promise<Set<string>> => repo.existingProductTypes(db, wanted);
