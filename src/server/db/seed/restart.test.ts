/**
 * The embedded default keeps its data across a restart: the database in DATA_DIR/pglite and the
 * image files in DATA_DIR/images, exactly as main.ts opens them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { localImageStore } from '../../adapters/images/store';
import { ingestImage, originalKey } from '../../modules/images/service';
import { picture } from '../../test/images';
import { migrateDatabase, openDatabase, type Database } from '../client';
import { images, productImages, products, users } from '../schema';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-restart-'));
const open = async (): Promise<Database> => {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(database);
  return database;
};
const store = () => localImageStore(path.join(dataDir, 'images'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database after a restart', () => {
  it('still has the users, products and images written before it was closed', { timeout: 120_000 }, async () => {
    const cover = await picture('png', { colour: '#884422' });
    let imageKey: string;
    {
      const database = await open();
      try {
        const { key } = await ingestImage({ database, images: store() }, cover);
        imageKey = key;
        await database.db
          .insert(users)
          .values({ email: 'kept@example.com', passwordHash: 'scrypt$x', role: 'customer' });
        await database.db
          .insert(products)
          .values({ id: 'BV-9001', name: 'The Persistent Puzzle Book', type: 'Puzzle', pricePence: 799 });
        await database.db.insert(productImages).values({ productId: 'BV-9001', position: 0, imageKey: key });
      } finally {
        await database.close();
      }
    }

    const reopened = await open(); // migrating again must be a no-op on existing data
    try {
      const [user] = await reopened.db.select().from(users).where(eq(users.email, 'kept@example.com'));
      expect(user).toMatchObject({ role: 'customer', passwordHash: 'scrypt$x' });
      const [product] = await reopened.db.select().from(products).where(eq(products.id, 'BV-9001'));
      expect(product).toMatchObject({ name: 'The Persistent Puzzle Book', pricePence: 799 });
      const [link] = await reopened.db.select().from(productImages).where(eq(productImages.productId, 'BV-9001'));
      expect(link?.imageKey).toBe(imageKey);
      const [image] = await reopened.db.select().from(images).where(eq(images.key, imageKey));
      expect(image).toMatchObject({ contentType: 'image/png', bytes: cover.length });
      expect(await store().get(originalKey(imageKey))).toEqual(cover);
    } finally {
      await reopened.close();
    }
  });
});
