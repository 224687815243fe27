/**
 * Orders and books for review tests, inserted directly (no checkout, no payment, no mail).
 *
 *   const book = await createBook(t.app);
 *   const order = await createOrder(t.app, { user: alice, items: [book] });      // alice's order
 *   const guest = await createOrder(t.app, { email: 'guest@example.com', items: [book] }); // a guest order
 *   const link = await createReviewLink(t.app.ctx, order);
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../../app';
import { orderItems, orders, products } from '../../db/schema';
import type { OrderStatus } from '../../../shared/constants';

export interface TestBook {
  id: string;
  name: string;
  pricePence: number;
}

let counter = 0;

export async function createBook(app: App, opts: Partial<TestBook> & { type?: string; age?: 'Kids' | 'Adults' | '' } = {}): Promise<TestBook> {
  counter += 1;
  const suffix = `${counter}-${randomBytes(3).toString('hex')}`;
  const book = { id: opts.id ?? `BV-${suffix}`, name: opts.name ?? `Test Book ${suffix}`, pricePence: opts.pricePence ?? 799 };
  await app.ctx.database.db.insert(products).values({
    id: book.id,
    name: book.name,
    pricePence: book.pricePence,
    type: opts.type ?? 'Puzzle',
    age: opts.age ?? '',
    description: `A book for testing reviews (${suffix}).`,
  });
  return book;
}

export interface TestOrder {
  id: string;
  email: string;
  userId: string | null;
}

/** A paid order of the given books (one of each); a guest order when no user is given. */
export async function createOrder(
  app: App,
  opts: { user?: { id: string; email: string } | null; email?: string; items: TestBook[]; status?: OrderStatus },
): Promise<TestOrder> {
  counter += 1;
  const email = opts.user?.email ?? opts.email ?? `guest${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const subtotal = opts.items.reduce((sum, item) => sum + item.pricePence, 0);
  return app.ctx.database.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        checkoutSessionId: `cs_test_${randomBytes(8).toString('hex')}`,
        userId: opts.user?.id ?? null,
        email,
        subtotalPence: subtotal,
        shippingPence: 383,
        totalPence: subtotal + 383,
        status: opts.status ?? 'Delivered',
      })
      .returning({ id: orders.id, email: orders.email, userId: orders.userId });
    if (opts.items.length > 0) {
      await tx.insert(orderItems).values(
        opts.items.map((item) => ({ orderId: order!.id, productId: item.id, name: item.name, unitPricePence: item.pricePence, quantity: 1 })),
      );
    }
    return order!;
  });
}
