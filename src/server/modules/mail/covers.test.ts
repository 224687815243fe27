import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createProduct } from '../../test/factories/products';
import { mailCovers } from './covers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('mailCovers', () => {
  it("gives each book's main image as the small variant, and nothing for a book without images", async () => {
    const db = t.deps.database.db;
    const pictured = await createProduct(db, { images: 3 });
    const bare = await createProduct(db, { images: 0 });
    const covers = await mailCovers(db, [pictured.id, bare.id, 'BV-no-such-book']);
    expect([...covers]).toEqual([[pictured.id, `/images/${pictured.imageKeys[0]}/320.webp`]]);
    expect(await mailCovers(db, [])).toEqual(new Map());
  });
});
