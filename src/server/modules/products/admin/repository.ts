/**
 * Product writes (repository.ts reads). Every function takes the transaction it runs in; the
 * admin service makes one transaction per add, edit, delete or restore.
 */
import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cartLines, orderItems, productImages, products, wishlistEntries } from '../../../db/schema';
import type { ProductFields } from '@shared/contracts/products';
import { toColumns } from '../repository';

export interface Clash {
  field: 'id' | 'name';
  /** The clashing book is archived (decision 039): its ID and name stay taken. */
  archived: boolean;
}

/** Which of the product's unique fields (id, name) another product, archived or not, already uses. */
export async function findClash(
  db: Db,
  fields: Pick<ProductFields, 'id' | 'name'>,
  exceptId?: string,
): Promise<Clash | null> {
  const rows = await db
    .select({ id: products.id, name: products.name, archivedAt: products.archivedAt })
    .from(products)
    .where(
      and(
        or(eq(products.id, fields.id), eq(products.name, fields.name)),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(2);
  const byId = rows.find((row) => row.id === fields.id);
  if (byId) return { field: 'id', archived: byId.archivedAt !== null };
  const byName = rows.find((row) => row.name === fields.name);
  if (byName) return { field: 'name', archived: byName.archivedAt !== null };
  return null;
}

export interface LockedProduct {
  id: string;
  key: string;
  archived: boolean;
}

/** The product (archived or not), locked until the transaction ends: no order can take it meanwhile. */
export async function lockProduct(db: Db, id: string): Promise<LockedProduct | null> {
  const [row] = await db
    .select({ id: products.id, key: products.productKey, archivedAt: products.archivedAt })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return row ? { id: row.id, key: row.key, archived: row.archivedAt !== null } : null;
}

export async function insertProduct(db: Db, fields: ProductFields): Promise<void> {
  await db.insert(products).values(toColumns(fields));
}

/**
 * Updates the product. Its ID may change: cart lines, wishlist entries and image slots follow by
 * ON UPDATE CASCADE; order lines and reviews name the book by its key, which never changes.
 */
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

/** Whether any order has a line of this book. */
export async function hasBeenSold(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.productKey, key))
    .limit(1);
  return Boolean(row);
}

/**
 * Takes a sold book out of the shop: archived, and out of every cart and wishlist (as a deleted
 * book would be). Its images, order lines and reviews stay.
 */
export async function archiveProduct(db: Db, id: string): Promise<void> {
  await db.update(products).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, id));
  await db.delete(cartLines).where(eq(cartLines.productId, id));
  await db.delete(wishlistEntries).where(eq(wishlistEntries.productId, id));
}

/** Puts an archived book back in the shop. */
export async function restoreProduct(db: Db, id: string): Promise<void> {
  await db.update(products).set({ archivedAt: null, updatedAt: new Date() }).where(eq(products.id, id));
}

/**
 * Deletes a book never sold; its images' slots, cart lines and wishlist entries go with it. A sold
 * book cannot be deleted: the order lines' foreign key refuses (`restrict`).
 */
export async function deleteProduct(db: Db, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}
