/** SQL for stored images: one row per distinct original (content-addressed by SHA-256). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';

export interface ImageRecord {
  key: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

/** Inserts the row unless that key exists already (the same bytes are the same image). */
export async function upsertImage(db: Db, image: ImageRecord): Promise<void> {
  await db.insert(images).values(image).onConflictDoNothing({ target: images.key });
}

export async function insertImages(db: Db, rows: ImageRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(images).values(rows).onConflictDoNothing({ target: images.key });
}

export async function findImage(db: Db, key: string): Promise<ImageRecord | null> {
  const [row] = await db
    .select({
      key: images.key,
      contentType: images.contentType,
      width: images.width,
      height: images.height,
      bytes: images.bytes,
    })
    .from(images)
    .where(eq(images.key, key));
  return row ?? null;
}
