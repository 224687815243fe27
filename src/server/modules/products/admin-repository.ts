/**
 * Product writes (repository.ts reads). Every function takes the transaction it runs in; the
 * admin service makes one transaction per add, edit or delete.
 */
import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productImages, products } from '../../db/schema';
import type { ProductFields } from '../../../shared/contracts/product';
import { toColumns } from './repository';

/** Which of the product's unique fields (id, name) another product already uses. */
export async function findClash(db: Db, fields: Pick<ProductFields, 'id' | 'name'>, exceptId?: string): Promise<'id' | 'name' | null> {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(or(eq(products.id, fields.id), eq(products.name, fields.name)), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(2);
  if (rows.some((row) => row.id === fields.id)) return 'id';
  if (rows.some((row) => row.name === fields.name)) return 'name';
  return null;
}

export async function lockProduct(db: Db, id: string): Promise<{ id: string } | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return row ?? null;
}

export async function insertProduct(db: Db, fields: ProductFields): Promise<void> {
  await db.insert(products).values(toColumns(fields));
}

/** Updates the product (its id may change: the references follow by ON UPDATE CASCADE). */
export async function updateProduct(db: Db, currentId: string, fields: ProductFields): Promise<void> {
  await db
    .update(products)
    .set({ ...toColumns(fields), updatedAt: new Date() })
    .where(eq(products.id, currentId));
}

/** Sets the product's images to exactly these keys, in slot order. */
export async function replaceProductImages(db: Db, productId: string, imageKeys: readonly string[]): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (imageKeys.length === 0) return;
  await db.insert(productImages).values(imageKeys.map((imageKey, position) => ({ productId, position, imageKey })));
}

/** Deletes the product; its images, cart lines, wishlist entries go with it. Order lines keep their copy. */
export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length === 1;
}
