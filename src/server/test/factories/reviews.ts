/**
 * Orders and books for review tests, inserted directly (no checkout, no payment, no mail): thin
 * defaults over the shared factories (products.ts, admin-orders.ts) for what review tests need:
 * an order that is Delivered, of one copy of each book, owned by a user or a guest.
 *
 *   const book = await createBook(t.app, { name: 'Maze Book' });
 *   const order = await createOrder(t.app, { user: alice, items: [book] });                  // alice's order
 *   const guest = await createOrder(t.app, { email: 'guest@example.com', items: [book] });   // a guest order
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../../app';
import type { OrderStatus } from '@shared/order-status';
import { createOrder as insertOrder } from './admin-orders';
import { createProduct, type ProductFixture } from './products';

export type TestBook = ProductFixture;

export function createBook(app: App, opts: Parameters<typeof createProduct>[1] = {}): Promise<TestBook> {
  return createProduct(app.ctx.database.db, { type: 'Puzzle', ...opts });
}

export interface TestOrder {
  id: string;
  email: string;
  userId: string | null;
}

/** A paid order of the given books (one of each), Delivered unless said; a guest order when no user is given. */
export async function createOrder(
  app: App,
  opts: { user?: { id: string; email: string } | null; email?: string; items: TestBook[]; status?: OrderStatus },
): Promise<TestOrder> {
  const email = opts.user?.email ?? opts.email ?? `guest-${randomBytes(4).toString('hex')}@example.com`;
  const order = await insertOrder(app, {
    email,
    userId: opts.user?.id ?? null,
    status: opts.status ?? 'Delivered',
    lines: opts.items.map((book) => ({
      productId: book.id,
      productKey: book.key,
      name: book.name,
      unitPence: book.pricePence,
      qty: 1,
    })),
  });
  return { id: order.id, email: order.email, userId: order.userId };
}
