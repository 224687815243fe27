/**
 * A book deleted while an order for it is being made (PostgreSQL run only: two transactions at
 * once need two connections). Both orders of events are forced, one transaction held open while
 * the other waits on its lock (decision 039): an order that commits first makes the book sold, so
 * the delete archives it; a delete that commits first leaves the order's line without a book, and
 * the payment still becomes an order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyOrder } from '../../test/factories/orders';
import { createProduct } from '../../test/factories/products';
import { bearer, createUser, type TestUser } from '../../test/factories/users';
import { createTestApp, type TestApp } from '../../test/harness';
import { completeCheckout } from '../../flows/complete-checkout';
import { findCheckoutSession } from '../checkout/repository';
import { insertOrder } from '../orders/repository';
import { lockProduct, deleteProduct } from './admin/repository';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  alice = await createUser(t.app);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

/** Resolves once some statement of this database waits for a lock another transaction holds. */
async function someoneWaitsForALock(): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.n > 0) return;
    if (Date.now() > deadline) throw new Error('nothing waited for a lock');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];

/** Runs `work` in a transaction and keeps it open (its locks held) until `commit()`, which answers its result. */
async function heldOpen<T>(work: (tx: Tx) => Promise<T>): Promise<{ commit: () => Promise<T> }> {
  let release!: () => void;
  let worked!: () => void;
  const done = new Promise<void>((resolve) => (worked = resolve));
  const transaction = db().transaction(async (tx) => {
    const result = await work(tx);
    worked();
    await new Promise<void>((resolve) => (release = resolve));
    return result;
  });
  await Promise.race([done, transaction]);
  return {
    commit: () => {
      release();
      return transaction;
    },
  };
}

/** A checkout of one copy of a new book by alice, priced by the shop. */
async function checkoutOfNewBook(id: string) {
  await createProduct(db(), { id, name: `Book ${id}` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/create_checkout_session',
    payload: { cartItems: [{ product_id: id, qty: 1 }], user_id: alice.id, user_email: alice.email },
    headers: bearer(alice.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (await findCheckoutSession(db(), res.json().sessionId))!;
}

const deleteAsAdmin = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/products/delete_product/${id}`, headers: bearer(admin.token) });

describe('deleting a book while an order for it is being made', () => {
  it('the order commits first: the delete waits, then finds the book sold and archives it', async () => {
    const checkout = await checkoutOfNewBook('BV-LOCK-1');
    const order = await heldOpen((tx) =>
      insertOrder(
        tx,
        {
          checkoutSessionId: checkout.id,
          userId: alice.id,
          email: alice.email,
          subtotalPence: 799,
          shippingPence: 383,
          totalPence: 1182,
        },
        checkout.lines,
      ),
    );

    const deleting = deleteAsAdmin('BV-LOCK-1');
    await someoneWaitsForALock();
    const orderId = await order.commit();

    const res = await deleting;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ archived: true });
    const [line] = await rows<{ product_key: string | null }>(
      sql`select product_key from order_items where order_id = ${orderId}`,
    );
    const [book] = await rows<{ product_key: string; archived: boolean }>(
      sql`select product_key, archived_at is not null as archived from products where id = 'BV-LOCK-1'`,
    );
    expect(book).toEqual({ product_key: line!.product_key, archived: true });
  });

  it('the delete commits first: the payment waits, then becomes an order whose line keeps what was bought', async () => {
    const checkout = await checkoutOfNewBook('BV-LOCK-2');
    const deletion = await heldOpen(async (tx) => {
      expect(await lockProduct(tx, 'BV-LOCK-2')).toMatchObject({ archived: false });
      await deleteProduct(tx, 'BV-LOCK-2');
    });

    const completing = completeCheckout(t.app.ctx, checkout.id, {
      eventId: `lock:${checkout.id}`,
      eventType: 'test.paid',
    });
    await someoneWaitsForALock();
    await deletion.commit();

    const done = await completing;
    expect(done.created).toBe(true);
    const lines = await rows<{ product_id: string; product_key: string | null; name: string }>(
      sql`select product_id, product_key, name from order_items where order_id = ${done.orderId}`,
    );
    expect(lines).toEqual([{ product_id: 'BV-LOCK-2', product_key: null, name: 'Book BV-LOCK-2' }]);
    expect((await historyOrder(t.app, alice, done.orderId!))?.items).toEqual([
      { item: 'Book BV-LOCK-2', quantity: 1, product_id: 'BV-LOCK-2' },
    ]);
  });
});
