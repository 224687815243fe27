/**
 * The product_keys migration (decision 038) on a database with data written before it: every
 * order line, review and open checkout gets the key of its book, as far as the book can be told,
 * and a line never gets a book made after its order (the old bug's "new book under an old ID").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeMigration, type MigrationUnderTest } from '../test/migrations';
import type { Database } from './client';

let migration: MigrationUnderTest;
let database: Database;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const keyOf = async (id: string) =>
  (await rows<{ product_key: string }>(sql`select product_key from products where id = ${id}`))[0]!.product_key;
const lineKey = async (orderId: string, productId: string) =>
  (
    await rows<{ product_key: string | null }>(
      sql`select product_key from order_items where order_id = ${orderId} and product_id = ${productId}`,
    )
  )[0]!.product_key;

const ORDER_1 = '00000000-0000-4000-8000-000000000001';
const ORDER_2 = '00000000-0000-4000-8000-000000000002';
const USER = '00000000-0000-4000-8000-0000000000aa';

beforeAll(async () => {
  migration = await beforeMigration(/_product_keys$/);
  database = migration.database;
  // The shop as the old code left it. ORDER_1 (1 March) bought four books:
  //   OLD-1 'Kept Book'       unchanged since;
  //   OLD-2 'Renamed Book'    whose ID the admin changed to OLD-2-NEW;
  //   OLD-3 'Moved Book'      whose ID and name both changed (OLD-3-MOVED 'Moved Book, 2nd ed.'),
  //                           and whose old ID a new book took on 1 April;
  //   GONE  'Deleted Book'    deleted since.
  // ORDER_2 (1 March) bought only OLD-3 too, and reviewed it (the review followed the book's ID).
  await database.db.execute(sql`insert into users (id, email) values (${USER}, 'reader@example.com')`);
  await database.db.execute(sql`insert into products (id, name, price_pence, created_at) values
    ('OLD-1', 'Kept Book', 500, '2026-01-01'),
    ('OLD-2-NEW', 'Renamed Book', 600, '2026-01-01'),
    ('OLD-3-MOVED', 'Moved Book, 2nd ed.', 700, '2026-01-01'),
    ('OLD-3', 'A Newer Book', 800, '2026-04-01')`);
  for (const id of [ORDER_1, ORDER_2]) {
    await database.db
      .execute(sql`insert into orders (id, checkout_session_id, user_id, email, subtotal_pence, shipping_pence, total_pence, created_at)
      values (${id}, ${`cs_${id}`}, ${USER}, 'reader@example.com', 1000, 383, 1383, '2026-03-01')`);
  }
  await database.db.execute(sql`insert into order_items (order_id, product_id, name, unit_price_pence, quantity) values
    (${ORDER_1}, 'OLD-1', 'Kept Book', 500, 1),
    (${ORDER_1}, 'OLD-2', 'Renamed Book', 600, 1),
    (${ORDER_1}, 'OLD-3', 'Moved Book', 700, 1),
    (${ORDER_1}, 'GONE', 'Deleted Book', 900, 1),
    (${ORDER_2}, 'OLD-3', 'Moved Book', 700, 2)`);
  await database.db.execute(sql`insert into reviews (order_id, product_id, user_id, rating, text) values
    (${ORDER_1}, 'OLD-1', ${USER}, 5, 'Kept'),
    (${ORDER_2}, 'OLD-3-MOVED', ${USER}, 4, 'Moved')`);
  await database.db
    .execute(sql`insert into checkout_sessions (id, provider, email, lines, subtotal_pence, shipping_pence, total_pence, status) values
    ('cs_open', 'demo', 'reader@example.com', ${JSON.stringify([
      { productId: 'OLD-1', name: 'Kept Book', qty: 1, unitPence: 500 },
      { productId: 'GONE', name: 'Deleted Book', qty: 1, unitPence: 900 },
    ])}::jsonb, 1400, 383, 1783, 'open')`);

  await migration.finish();
});
afterAll(() => migration?.close());

describe('the product_keys migration', () => {
  it('gives every book its own key and leaves every book in the shop', async () => {
    const books = await rows<{ product_key: string; archived_at: unknown }>(
      sql`select product_key, archived_at from products`,
    );
    expect(new Set(books.map((book) => book.product_key)).size).toBe(4);
    expect(books.every((book) => book.archived_at === null)).toBe(true);
  });

  it('ties each order line to the book bought: by its ID, else its name, never a book made after the order', async () => {
    expect(await lineKey(ORDER_1, 'OLD-1')).toBe(await keyOf('OLD-1'));
    expect(await lineKey(ORDER_1, 'OLD-2')).toBe(await keyOf('OLD-2-NEW'));
    expect(await lineKey(ORDER_1, 'GONE')).toBeNull();
    // The newer book that took OLD-3 is not what ORDER_1 bought; that line cannot be told (two untold lines).
    expect(await lineKey(ORDER_1, 'OLD-3')).toBeNull();
    // ORDER_2's only untold line is the book its review is of.
    expect(await lineKey(ORDER_2, 'OLD-3')).toBe(await keyOf('OLD-3-MOVED'));
  });

  it('ties each review to its book, and keeps the lines as bought', async () => {
    const reviews = await rows<{ order_id: string; product_key: string }>(
      sql`select order_id, product_key from reviews order by text`,
    );
    expect(reviews).toEqual([
      { order_id: ORDER_1, product_key: await keyOf('OLD-1') },
      { order_id: ORDER_2, product_key: await keyOf('OLD-3-MOVED') },
    ]);
    const lines = await rows<{ product_id: string; name: string }>(
      sql`select product_id, name from order_items where order_id = ${ORDER_1} order by name`,
    );
    expect(lines.map((line) => [line.product_id, line.name])).toEqual([
      ['GONE', 'Deleted Book'],
      ['OLD-1', 'Kept Book'],
      ['OLD-3', 'Moved Book'],
      ['OLD-2', 'Renamed Book'],
    ]);
  });

  it('gives the lines of an open checkout the key of the book priced, where it still exists', async () => {
    const [checkout] = await rows<{ lines: Array<Record<string, unknown>> }>(
      sql`select lines from checkout_sessions where id = 'cs_open'`,
    );
    expect(checkout!.lines).toEqual([
      { productId: 'OLD-1', productKey: await keyOf('OLD-1'), name: 'Kept Book', qty: 1, unitPence: 500 },
      { productId: 'GONE', name: 'Deleted Book', qty: 1, unitPence: 900 },
    ]);
  });

  it('leaves archived books out of the search function (search_product_ids since migration 0009)', async () => {
    const search = () =>
      rows<{ id: string }>(sql`select id from search_product_ids('kept:*', 'kept', '%Kept%', 0.4, 40, 10) as id`);
    expect((await search()).map((row) => row.id)).toEqual(['OLD-1']);
    await database.db.execute(sql`update products set archived_at = now() where id = 'OLD-1'`);
    expect(await search()).toEqual([]);
  });
});
