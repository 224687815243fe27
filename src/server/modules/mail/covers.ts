/** The cover a mail shows for each book: its main image (slot 0), as the small variant. */
import { and, eq, inArray } from 'drizzle-orm';
import { imagePath } from '@shared/images';
import type { Db } from '../../db/client';
import { productImages } from '../../db/schema';

/** productId → cover path (`/images/<key>/320.webp`); books without an image are left out. */
export async function mailCovers(db: Db, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productImages.productId, key: productImages.imageKey })
    .from(productImages)
    .where(and(inArray(productImages.productId, productIds), eq(productImages.position, 0)));
  return new Map(rows.map((row) => [row.productId, imagePath(row.key, 320)]));
}
