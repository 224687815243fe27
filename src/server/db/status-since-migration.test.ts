/**
 * The status_since migration (decision 171) on a database with orders and history written before
 * it: each order's status_since is the moment of its last history line that moved it (a refund's
 * or a reference's line does not), and the triggers keep it so through lines written, re-dated and
 * deleted afterwards.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeMigration, type MigrationUnderTest } from '../test/migrations';

let migration: MigrationUnderTest;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await migration.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const since = async (id: string) =>
  (await rows<{ at: string | null }>(sql`select status_since::text as at from orders where id = ${id}`))[0]!.at;
const at = (day: number) => `2026-03-${String(day).padStart(2, '0')} 12:00:00+00`;

const SHIPPED = '00000000-0000-4000-8000-000000000001';
const MADE = '00000000-0000-4000-8000-000000000002';
const DELIVERED = '00000000-0000-4000-8000-000000000003';
const NO_HISTORY = '00000000-0000-4000-8000-000000000004';

async function line(orderId: string, from: string | null, to: string, day: number) {
  await migration.database.db
    .execute(sql`insert into order_status_changes (order_id, from_status, to_status, changed_by, created_at)
    values (${orderId}, ${from}, ${to}, 'owner@example.com', ${at(day)}::timestamptz)`);
}

beforeAll(async () => {
  migration = await beforeMigration(/_status_since$/);
  const statuses: [string, string][] = [
    [SHIPPED, 'Shipped'],
    [MADE, 'Printing'],
    [DELIVERED, 'Delivered'],
    [NO_HISTORY, 'Printing'],
  ];
  for (const [id, status] of statuses)
    await migration.database.db
      .execute(sql`insert into orders (id, checkout_session_id, email, subtotal_pence, shipping_pence, total_pence, status, created_at)
        values (${id}, ${`cs_${id}`}, 'reader@example.com', 1000, 383, 1383, ${status}, ${at(1)}::timestamptz)`);
  // Sent on the 3rd; a refund's line on the 5th leaves it as it was.
  await line(SHIPPED, null, 'Printing', 1);
  await line(SHIPPED, 'Printing', 'Shipped', 3);
  await line(SHIPPED, 'Shipped', 'Shipped', 5);
  await line(MADE, null, 'Printing', 1);
  await line(DELIVERED, null, 'Printing', 1);
  await line(DELIVERED, 'Printing', 'Shipped', 2);
  await line(DELIVERED, 'Shipped', 'Delivered', 9);
  await migration.finish();
});
afterAll(() => migration?.close());

describe('the status_since migration', () => {
  it('fills each order with the moment of its last move, not of a line that moved nothing', async () => {
    expect(await since(SHIPPED)).toBe(await isoOf(at(3)));
    expect(await since(MADE)).toBe(await isoOf(at(1)));
    expect(await since(DELIVERED)).toBe(await isoOf(at(9)));
    expect(await since(NO_HISTORY)).toBeNull();
  });

  it('keeps it through lines written, re-dated and deleted afterwards', async () => {
    await line(SHIPPED, 'Shipped', 'Shipped', 12);
    expect(await since(SHIPPED)).toBe(await isoOf(at(3)));
    await line(SHIPPED, 'Shipped', 'Delivered', 14);
    expect(await since(SHIPPED)).toBe(await isoOf(at(14)));
    await migration.database.db.execute(
      sql`update order_status_changes set created_at = ${at(20)}::timestamptz where order_id = ${DELIVERED} and to_status = 'Delivered'`,
    );
    expect(await since(DELIVERED)).toBe(await isoOf(at(20)));
    await migration.database.db.execute(
      sql`delete from order_status_changes where order_id = ${DELIVERED} and to_status = 'Delivered'`,
    );
    expect(await since(DELIVERED)).toBe(await isoOf(at(2)));
    await line(NO_HISTORY, null, 'Printing', 7);
    expect(await since(NO_HISTORY)).toBe(await isoOf(at(7)));
  });
});

/** The database's own text for a moment, as `since` reads it (its session time zone). */
async function isoOf(moment: string) {
  return (await rows<{ at: string }>(sql`select ${moment}::timestamptz::text as at`))[0]!.at;
}
