/** Storefront rules: the catalogue, one product, search, the contact form, and SEO documents. */
import type { AppContext } from '../../context';
import type { SessionClaims } from '../../lib/tokens';
import { badRequest, notFound } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox';
import { renderMail } from '../mail/render';
import { SEARCH_MAX_RESULTS } from '../../../shared/constants';
import type { Product } from '../../../shared/contracts/product';
import { MAX_PRODUCT_IDS, parseIdList } from '../../../shared/contracts/catalogue';
import { catalogueCacheFor } from './cache';
import { findProductById, findProductByName, insertContactMessage, searchProducts } from './repository';
import { toSearchInput } from './search-terms';

export const PRODUCT_NOT_FOUND = 'Sorry, we could not find that book.';

/** Products with the given ids (`ids=a,b,c`), in the order asked, unknown ids left out. */
export async function productsByIds(ctx: AppContext, ids: string): Promise<Product[]> {
  const list = parseIdList(ids);
  if (list.length > MAX_PRODUCT_IDS) throw badRequest(`Invalid ids: at most ${MAX_PRODUCT_IDS} products can be asked for at once.`);
  const snapshot = await catalogueCacheFor(ctx).get();
  return list.flatMap((id) => snapshot.byId.get(id) ?? []);
}

/**
 * One product by name (the storefront) or id (the admin form); 404 when there is none. An
 * archived book is a 404 for everyone, except by id for an admin, whose form edits it (decision 039).
 */
export async function getProduct(ctx: AppContext, query: { name?: string; id?: string }, viewer: SessionClaims | null = null): Promise<Product> {
  const db = ctx.database.db;
  const includeArchived = viewer?.role === 'admin';
  const product = query.name ? await findProductByName(db, query.name) : query.id ? await findProductById(db, query.id, { includeArchived }) : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/** Ranked, typo-tolerant search; at most SEARCH_MAX_RESULTS products; [] for an empty query. */
export async function searchCatalogue(ctx: AppContext, query: string): Promise<Product[]> {
  const input = toSearchInput(query);
  if (!input) return [];
  return searchProducts(ctx.database.db, input, SEARCH_MAX_RESULTS);
}

/** Stores the message and mails it to the shop, in one transaction. */
export async function sendContactMessage(ctx: AppContext, message: { email: string; orderRef: string; text: string }): Promise<void> {
  const email = message.email.toLowerCase();
  await ctx.database.db.transaction(async (tx) => {
    await insertContactMessage(tx, { ...message, email });
    const mail = await renderMail('contactMessage', { email, orderRef: message.orderRef, message: message.text }, ctx.config);
    await enqueueMail(tx, { to: ctx.config.SHOP_EMAIL, replyTo: email, ...mail });
  });
  void ctx.mailWorker.kick();
}
