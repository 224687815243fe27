/**
 * `npm run seed -- --reset` in a shop that has sold books: a sold book cannot be deleted (its
 * order lines refer to it), so the reset archives it as the admin's delete does (decision 039).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../test/factories/admin-orders';
import { createProduct } from '../../test/factories/products';
import { createUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { orderItems, products, reviews } from '../schema';
import { DEMO_BOOKS } from './catalogue';
import { seedDemoCatalogue, type SeedContext } from './seed';

let t: TestApp;
const few = DEMO_BOOKS.slice(0, 3);
const seedCtx = (): SeedContext => ({ ...t.app.ctx, log: { info: () => {}, warn: () => {} } });
const db = () => t.deps.database.db;
const nameOf = async (id: string) =>
  (await db().select({ name: products.name }).from(products).where(eq(products.id, id)))[0]!.name;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalogue(seedCtx(), { reset: true, books: few });
}, 120_000);
afterAll(() => t?.close());

describe('seed reset with sold books', () => {
  it(
    'archives sold books (orders and reviews kept), and a sold demo book comes back with its key',
    { timeout: 120_000 },
    async () => {
      const own = await createProduct(db(), { id: 'OWN-SOLD', name: 'A Sold Book' });
      await createProduct(db(), { id: 'OWN-UNSOLD', name: 'An Unsold Book' });
      const [demo] = await db().select({ key: products.productKey }).from(products).where(eq(products.id, few[0]!.id));
      const buyer = await createUser(t.app);
      const order = await createOrder(t.app, {
        email: buyer.email,
        userId: buyer.id,
        lines: [
          { productId: own.id, name: own.name, unitPence: 799, qty: 1 },
          { productId: few[0]!.id, name: few[0]!.name, unitPence: few[0]!.pricePence, qty: 1 },
        ],
      });
      await db()
        .insert(reviews)
        .values({ orderId: order.id, productKey: own.key, userId: buyer.id, rating: 5, text: 'Kept' });

      await seedDemoCatalogue(seedCtx(), { reset: true, books: few });
      const rows = await db()
        .select({ id: products.id, key: products.productKey, archivedAt: products.archivedAt })
        .from(products);
      expect(
        rows
          .filter((row) => row.archivedAt === null)
          .map((row) => row.id)
          .sort(),
      ).toEqual(few.map((b) => b.id).sort());
      expect(rows.find((row) => row.id === 'OWN-SOLD')).toMatchObject({ key: own.key, archivedAt: expect.any(Date) });
      expect(rows.find((row) => row.id === 'OWN-UNSOLD')).toBeUndefined();
      expect(rows.find((row) => row.id === few[0]!.id)?.key).toBe(demo!.key);
      expect(await db().select({ id: reviews.id }).from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(1);
      const lineKeys = (
        await db().select({ key: orderItems.productKey }).from(orderItems).where(eq(orderItems.orderId, order.id))
      ).map((line) => line.key);
      expect(lineKeys.sort()).toEqual([own.key, demo!.key].sort());
    },
  );

  it(
    'stops with a message, changing nothing, when an archived book has a demo book’s name under another ID',
    { timeout: 120_000 },
    async () => {
      const demoName = few[1]!.name;
      await db()
        .update(products)
        .set({ name: `${demoName} (old)` })
        .where(eq(products.id, few[1]!.id));
      await db().update(products).set({ name: demoName }).where(eq(products.id, 'OWN-SOLD'));
      const before = await db().select().from(products).orderBy(products.id);
      await expect(seedDemoCatalogue(seedCtx(), { reset: true, books: few })).rejects.toThrow(
        `The archived book OWN-SOLD is named "${demoName}"`,
      );
      expect(await db().select().from(products).orderBy(products.id)).toEqual(before);
      expect(await nameOf('OWN-SOLD')).toBe(demoName);
    },
  );
});
