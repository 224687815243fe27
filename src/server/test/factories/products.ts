/**
 * Products for API tests, inserted directly with Drizzle (no admin flow, no image processing).
 *
 *   const book = await createProduct(t.deps.database.db, { name: 'Maze Book', pricePence: 799, images: 2 });
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { images, productImages, products } from '../../db/schema';

export interface ProductFixture {
  /** The book's stable key (decision 038). */
  key: string;
  id: string;
  name: string;
  type: string;
  description: string;
  age: 'Kids' | 'Adults' | '';
  pricePence: number;
  imageKeys: string[];
}

let counter = 0;

/** A 64-hex image key, as the content-addressed store makes them. */
export const fakeImageKey = (seed: string) => createHash('sha256').update(seed).digest('hex');

export async function createProduct(
  db: Db,
  opts: Partial<Omit<ProductFixture, 'imageKeys' | 'key'>> & { images?: number } = {},
): Promise<ProductFixture> {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  const product = {
    id: opts.id ?? `BV-${unique}`,
    name: opts.name ?? `Test Book ${unique}`,
    type: opts.type ?? 'Activity',
    description: opts.description ?? 'A printed book for tests.',
    age: opts.age ?? '',
    pricePence: opts.pricePence ?? 799,
  };
  const [row] = await db.insert(products).values(product).returning({ key: products.productKey });
  const imageKeys = Array.from({ length: opts.images ?? 0 }, (_, i) => fakeImageKey(`${product.id}/${i}`));
  if (imageKeys.length) {
    await db
      .insert(images)
      .values(imageKeys.map((key) => ({ key, contentType: 'image/webp', width: 800, height: 1100, bytes: 1000 })))
      .onConflictDoNothing();
    await db
      .insert(productImages)
      .values(imageKeys.map((imageKey, position) => ({ productId: product.id, position, imageKey })));
  }
  return { ...product, key: row!.key, imageKeys };
}
