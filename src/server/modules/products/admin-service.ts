/**
 * Adding, editing and deleting products. Everything that can be refused is checked before the
 * database is touched (fields, image count, every image decoded); then the product, its image
 * rows and slot order are written in one transaction, and `productUpdate` is published after
 * the commit. A refused request writes no product data (an image that passed the checks may
 * stay in the content-addressed store as an unreferenced original: harmless, and re-used if
 * the same bytes are uploaded again).
 */
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { inspectImage, recordImages, storeOriginal, type ImageRecord } from '../images';
import { parseProductFields, type Product, type ProductFields } from '../../../shared/contracts/product';
import { findProductById } from './repository';
import { PRODUCT_IMAGE_SLOTS } from '../../../shared/constants';
import * as repo from './admin-repository';

export interface ProductSubmission {
  fields: Record<string, string | undefined>;
  /** Uploaded image files in slot order. */
  images: Buffer[];
}

const CLASH_MESSAGE = {
  id: (id: string) => `A product with the book-vault ID ${id} already exists.`,
  name: (name: string) => `A product named "${name}" already exists.`,
};

function clashError(which: 'id' | 'name', fields: ProductFields): AppError {
  return conflict(which === 'id' ? CLASH_MESSAGE.id(fields.id) : CLASH_MESSAGE.name(fields.name));
}

/** A unique-index race lost between our check and our write answers the same 409 as the check. */
function uniqueViolation(error: unknown, fields: ProductFields): AppError | null {
  for (let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; depth += 1) {
    if (current.code === '23505') {
      return clashError(current.constraint === 'products_name_unique' ? 'name' : 'id', fields);
    }
    current = current.cause as typeof current;
  }
  return null;
}

async function checkSubmission(submission: ProductSubmission): Promise<{ fields: ProductFields; images: Array<{ record: ImageRecord; bytes: Buffer }> }> {
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
  if (currentId !== null && !(await findProductById(db, currentId))) throw notFound('No product with that id.');
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
      await recordImages(tx, images.map((image) => image.record));
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
  const product = await findProductById(db, fields.id);
  if (!product) throw notFound('No product with that id.');
  return product;
}

async function publishChange(ctx: AppContext, change: 'add' | 'edit' | 'delete', id: string): Promise<void> {
  // The change is committed; a lost notification must not turn it into an error for the admin.
  await ctx.events.publish(JSON.stringify({ change, id })).catch((error: unknown) => ctx.log.warn({ err: error }, 'productUpdate not published'));
}

export const addProduct = (ctx: AppContext, submission: ProductSubmission) => write(ctx, submission, null);

export const editProduct = (ctx: AppContext, id: string, submission: ProductSubmission) => write(ctx, submission, id);

export async function deleteProduct(ctx: AppContext, id: string): Promise<{ message: string }> {
  const deleted = await ctx.database.db.transaction((tx) => repo.deleteProduct(tx, id));
  if (!deleted) throw notFound('No product with that id.');
  await publishChange(ctx, 'delete', id);
  return { message: 'Product deleted' };
}
