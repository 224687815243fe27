/**
 * Adding, editing and deleting products. Everything that can be refused is checked before the
 * database is touched (fields, image count, every image decoded); then the product, its image
 * rows and slot order are written in one transaction, and `productUpdate` is published after
 * the commit. A refused request writes no product data (an image that passed the checks may
 * stay in the content-addressed store as an unreferenced original: harmless, and re-used if
 * the same bytes are uploaded again).
 */
import type { AppContext } from '../../../context';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import { inspectImage, recordImages, storeOriginal, type ImageRecord } from '../../images';
import { parseProductFields, type Product, type ProductDeleted, type ProductFields } from '@shared/contracts/products';
import * as MSG from '@shared/messages';
import { findArchivedProducts, findProductById } from '../repository';
import { PRODUCT_IMAGE_SLOTS } from '@shared/constants';
import * as repo from './repository';

/** The admin reads archived books too. */
const ANY = { includeArchived: true };

export interface ProductSubmission {
  fields: Record<string, string | undefined>;
  /** Uploaded image files in slot order. */
  images: Buffer[];
}

const CLASH_MESSAGE = {
  id: (id: string) => `A product with the book-vault ID ${id} already exists.`,
  name: (name: string) => `A product named "${name}" already exists.`,
};

export function clashError(clash: repo.Clash, fields: ProductFields): AppError {
  if (clash.field === 'id')
    return conflict(clash.archived ? MSG.archivedProductIdTaken(fields.id) : CLASH_MESSAGE.id(fields.id));
  return conflict(clash.archived ? MSG.archivedProductNameTaken(fields.name) : CLASH_MESSAGE.name(fields.name));
}

/** A unique-index race lost between our check and our write answers the same 409 as the check. */
function uniqueViolation(error: unknown, fields: ProductFields): AppError | null {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 4;
    depth += 1
  ) {
    if (current.code === '23505') {
      return clashError(
        { field: current.constraint === 'products_name_unique' ? 'name' : 'id', archived: false },
        fields,
      );
    }
    current = current.cause as typeof current;
  }
  return null;
}

async function checkSubmission(
  submission: ProductSubmission,
): Promise<{ fields: ProductFields; images: Array<{ record: ImageRecord; bytes: Buffer }> }> {
  const parsed = parseProductFields(submission.fields);
  if (!parsed.ok) throw badRequest(parsed.message);
  if (submission.images.length > PRODUCT_IMAGE_SLOTS) {
    throw badRequest(`A product can have at most ${PRODUCT_IMAGE_SLOTS} images.`);
  }
  const images: Array<{ record: ImageRecord; bytes: Buffer }> = [];
  for (const [index, bytes] of submission.images.entries()) {
    try {
      images.push({ record: await inspectImage(bytes), bytes });
    } catch (error) {
      if (error instanceof AppError) throw badRequest(`Image ${index + 1}: ${error.message}`);
      throw error;
    }
  }
  return { fields: parsed.value, images };
}

async function write(ctx: AppContext, submission: ProductSubmission, currentId: string | null): Promise<Product> {
  const { fields, images } = await checkSubmission(submission);
  const { db } = ctx.database;
  // An archived book can be edited too (it stays archived), e.g. to free its ID or name.
  if (currentId !== null && !(await findProductById(db, currentId, ANY))) throw notFound('No product with that id.');
  const clash = await repo.findClash(db, fields, currentId ?? undefined);
  if (clash) throw clashError(clash, fields);

  for (const image of images) await storeOriginal(ctx.images, image.record, image.bytes);
  try {
    await db.transaction(async (tx) => {
      if (currentId === null) {
        await repo.insertProduct(tx, fields);
      } else {
        if (!(await repo.lockProduct(tx, currentId))) throw notFound('No product with that id.');
        await repo.updateProduct(tx, currentId, fields);
      }
      await recordImages(
        tx,
        images.map((image) => image.record),
      );
      await repo.replaceProductImages(
        tx,
        fields.id,
        images.map((image) => image.record.key),
      );
    });
  } catch (error) {
    throw uniqueViolation(error, fields) ?? error;
  }
  await publishChange(ctx, currentId === null ? 'add' : 'edit', fields.id);
  const product = await findProductById(db, fields.id, ANY);
  if (!product) throw notFound('No product with that id.');
  return product;
}

/** Tells every instance and every open page that the catalogue changed (once for a whole import, `id` null). */
export async function publishChange(
  ctx: AppContext,
  change: 'add' | 'edit' | 'delete' | 'archive' | 'restore' | 'import',
  id: string | null,
): Promise<void> {
  // This instance's next catalogue read is fresh at once; other instances follow the notification.
  ctx.catalogue.invalidate();
  // The change is committed; a lost notification must not turn it into an error for the admin.
  await ctx.events
    .publish(JSON.stringify({ change, id }))
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'productUpdate not published'));
}

export const addProduct = (ctx: AppContext, submission: ProductSubmission) => write(ctx, submission, null);

export const editProduct = (ctx: AppContext, id: string, submission: ProductSubmission) => write(ctx, submission, id);

/**
 * Deletes a book never sold. A book that has been sold is archived instead (decision 039): out of
 * the shop, carts and wishlists, kept with its ID, name, images, order lines and reviews. Under the
 * product's row lock, so an order being made for it either commits first (then it is sold and
 * archived) or waits and finds it gone (its line keeps the copy of what was bought).
 */
export async function deleteProduct(ctx: AppContext, id: string): Promise<ProductDeleted> {
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, id);
    if (!product) return null;
    if (product.archived) return 'already archived' as const;
    if (await repo.hasBeenSold(tx, product.key)) {
      await repo.archiveProduct(tx, id);
      return 'archived' as const;
    }
    await repo.deleteProduct(tx, id);
    return 'deleted' as const;
  });
  if (!outcome) throw notFound('No product with that id.');
  if (outcome === 'deleted') {
    await publishChange(ctx, 'delete', id);
    return { message: MSG.productDeleted, archived: false };
  }
  if (outcome === 'archived') await publishChange(ctx, 'archive', id);
  return { message: MSG.productArchived, archived: true };
}

/** Puts an archived book back in the shop, as it was (its reviews show again). */
export async function restoreProduct(ctx: AppContext, id: string): Promise<{ message: string }> {
  await ctx.database.db.transaction(async (tx) => {
    const product = await repo.lockProduct(tx, id);
    if (!product) throw notFound('No product with that id.');
    if (!product.archived) throw conflict(MSG.productNotArchived);
    await repo.restoreProduct(tx, id);
  });
  await publishChange(ctx, 'restore', id);
  return { message: MSG.productRestored };
}

export const archivedProducts = (ctx: AppContext): Promise<Product[]> => findArchivedProducts(ctx.database.db);
