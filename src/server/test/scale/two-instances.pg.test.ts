/**
 * Scale-out: two app instances on one PostgreSQL database, sharing nothing in memory. A cart edited
 * on one is read on the other; checkouts paid on both at once make exactly one order each.
 * (A product edit reaching SSE clients of the other instance is proven in modules/events/sse.test.ts.)
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { orders } from '../../db/schema';
import { createProduct } from '../factories/products';
import { bearer, createUser } from '../factories/users';
import { createTwoInstances, type TwoInstances } from '../two-instances';
import { TEST_ADDRESS } from '../factories/addresses';

let shop: TwoInstances;
let first: App;
let second: App;

beforeAll(async () => {
  shop = await createTwoInstances('scale-out-test-secret-0123456789abcdef');
  ({ first, second } = shop);
});

afterAll(() => shop?.close());

describe('two instances on one PostgreSQL', () => {
  it('read on one the cart edited on the other', async () => {
    const shopper = await createUser(first);
    const book = await createProduct(first.ctx.database.db, { pricePence: 650 });
    const update = await first.inject({
      method: 'POST',
      url: '/api/server/update_cart',
      headers: bearer(shopper.token),
      payload: { user_id: shopper.id, product_id: book.id, qty: 3 },
    });
    expect(update.statusCode).toBe(200);
    const read = await second.inject({
      method: 'GET',
      url: `/api/server/get_cart/${shopper.id}`,
      headers: bearer(shopper.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([{ product_id: book.id, qty: 3 }]);
  });

  it('make exactly one order per checkout when both instances complete it at once', async () => {
    const book = await createProduct(first.ctx.database.db, { pricePence: 799 });
    const sessions = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const app = i % 2 ? second : first;
        const res = await app.inject({
          method: 'POST',
          url: '/api/checkout/create_checkout_session',
          payload: {
            cartItems: [{ product_id: book.id, qty: 1 + (i % 3) }],
            user_id: null,
            user_email: '',
            currency: 'GBP',
          },
        });
        expect(res.statusCode).toBe(200);
        return res.json().sessionId as string;
      }),
    );
    const pays = sessions.flatMap((sessionId) =>
      [first, second, first, second].map((app, i) =>
        app.inject({
          method: 'POST',
          url: `/api/checkout/demo/${sessionId}/pay`,
          payload: { email: `buyer${i}@example.com`, address: TEST_ADDRESS },
        }),
      ),
    );
    const answers = await Promise.all(pays);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);

    const db = first.ctx.database.db;
    for (const sessionId of sessions) {
      const rows = await db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
      expect(rows, sessionId).toHaveLength(1);
    }
    const result = (await db.execute(sql`select count(*)::int as count from orders`)) as unknown as {
      rows: { count: number }[];
    };
    expect(result.rows[0]!.count).toBe(12);
  });
});
