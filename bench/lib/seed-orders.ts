/**
 * Orders for the dashboard bench (issue #20): n paid orders with their lines, history, print jobs,
 * codes and reviews, written straight into a database that already holds the generated catalogue
 * (seed-products.ts, prefix BENCH), by `INSERT … SELECT … FROM generate_series`: no per-row round
 * trips. Spread evenly over the two years before now, with every kind the dashboard tells apart:
 *
 * - 30 % guest orders (addresses repeat, so some guests come back), the rest from 10,000 accounts;
 * - 1 to 3 lines of different books, 1 to 3 copies each, at the catalogue's prices;
 * - every 20th order with a 10 % code (its discount_codes row used by it);
 * - status by age: Printing under 3 days, Shipped under 14, then Delivered, with the history lines
 *   placeOrder and the status changes would write;
 * - print jobs for the Printing orders (1 in 50 failed, 1 in 50 queued), 2,000 reviews.
 * Plus one admin account, whose id `BENCH_ADMIN` the bench signs a session for.
 */
import { sql } from 'drizzle-orm';
import { openBenchDatabase, type BenchDatabase } from './seed-products';

export const BENCH_ADMIN = { id: '00000000-0000-4000-8000-00000000ad01', email: 'owner@bench.example' };
const ACCOUNTS = 10_000;
const SPREAD_DAYS = 730;
const SHIPPING = 383;

/** Inserts n orders over the books BENCH-000001 … BENCH-<books>; answers how long it took. */
export async function seedOrders(target: BenchDatabase, n: number, books: number): Promise<{ ms: number }> {
  if (books < 200) throw new Error("at least 200 books: an order's lines are 97 books apart");
  const started = Date.now();
  const database = await openBenchDatabase(target);
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into users (id, email, role, verified) values (${BENCH_ADMIN.id}, ${BENCH_ADMIN.email}, 'admin', true)`,
      );
      await tx.execute(sql`insert into users (id, email, role, verified)
        select md5('bench-user-' || u)::uuid, 'customer' || u || '@bench.example', 'customer', true from generate_series(0, ${ACCOUNTS - 1}::int) as u`);
      // Each order's lines, priced as the catalogue prices its books (seed-products: 399 + (p × 37) mod 1101).
      await tx.execute(sql`create temporary table bench_lines on commit drop as
        select i, j, 1 + ((i * 31 + j * 97) % ${books}::int) as p, 1 + (i + j) % 3 as qty
        from generate_series(1, ${n}::int) as i, generate_series(1, 3) as j where j <= 1 + i % 3`);
      await tx.execute(sql`create temporary table bench_orders on commit drop as
        select i, md5('bench-order-' || i)::uuid as id,
               now() - ((${n}::int - i)::float8 / ${n}::int * ${SPREAD_DAYS}::int * 86400 + (i * 7919) % 3600) * interval '1 second' as at,
               sum(qty * (399 + (p * 37) % 1101))::int as subtotal
        from bench_lines group by i`);
      await tx.execute(sql`create index on bench_orders (i)`);
      await tx.execute(sql`insert into orders (id, checkout_session_id, user_id, email, subtotal_pence, shipping_pence, discount_pence, total_pence, discount_code, status, delivery_address, payment_ref, created_at, updated_at)
        select o.id, 'bench_' || o.i,
               case when o.i % 10 < 3 then null else md5('bench-user-' || ((o.i * 7919) % ${ACCOUNTS}::int))::uuid end,
               case when o.i % 10 < 3 then 'guest' || (o.i % 40000) || '@bench.example' else 'customer' || ((o.i * 7919) % ${ACCOUNTS}::int) || '@bench.example' end,
               o.subtotal, ${SHIPPING}::int,
               case when o.i % 20 = 0 then o.subtotal / 10 else 0 end,
               o.subtotal - case when o.i % 20 = 0 then o.subtotal / 10 else 0 end + ${SHIPPING}::int,
               case when o.i % 20 = 0 then 'BENCH' || o.i end,
               case when o.at > now() - interval '3 days' then 'Printing' when o.at > now() - interval '14 days' then 'Shipped' else 'Delivered' end,
               '{"name":"Ann Reader","line1":"1 High Street","line2":"","city":"York","county":"","postcode":"YO1 7HH","country":"GB","phone":"01904 000000"}'::jsonb,
               'demo', o.at, o.at
        from bench_orders o`);
      await tx.execute(sql`insert into order_items (order_id, product_id, product_key, name, unit_price_pence, quantity)
        select o.id, p.id, p.product_key, p.name, p.price_pence, l.qty
        from bench_lines l join bench_orders o on o.i = l.i join products p on p.id = 'BENCH-' || lpad(l.p::text, 6, '0')`);
      await tx.execute(sql`insert into order_status_changes (order_id, from_status, to_status, changed_by, created_at)
        select o.id, null, 'Printing', 'checkout', o.created_at from orders o where o.checkout_session_id like 'bench_%'
        union all
        select o.id, 'Printing', 'Shipped', ${BENCH_ADMIN.email}, o.created_at + interval '2 days' from orders o where o.status <> 'Printing'
        union all
        select o.id, 'Shipped', 'Delivered', ${BENCH_ADMIN.email}, o.created_at + interval '9 days' from orders o where o.status = 'Delivered'`);
      await tx.execute(sql`insert into discount_codes (code, percentage, email, expires_at, used_at, used_by_order_id, created_at)
        select o.discount_code, 10, o.email, o.created_at + interval '20 days', o.created_at, o.id, o.created_at - interval '10 days'
        from orders o where o.discount_code is not null`);
      await tx.execute(sql`insert into print_jobs (order_id, partner, state, problem, submitted_at, created_at, updated_at)
        select o.id, 'simulated',
               case (hashtext(o.id::text) & 63) when 0 then 'failed' when 1 then 'queued' else 'submitted' end,
               case (hashtext(o.id::text) & 63) when 0 then 'The printer refused the file.' end,
               o.created_at, o.created_at, o.created_at
        from orders o where o.status = 'Printing'`);
      await tx.execute(sql`insert into reviews (order_id, product_key, user_id, rating, text, created_at)
        select o.id, (select i.product_key from order_items i where i.order_id = o.id order by i.product_id limit 1), o.user_id,
               1 + (hashtext(o.id::text) & 3) + (hashtext(o.id::text) & 4) / 4, 'A lovely book for the long winter evenings.', o.created_at + interval '12 days'
        from orders o where o.status = 'Delivered' and o.user_id is not null and o.checkout_session_id like 'bench\\_%' and (hashtext(o.id::text) & 1023) < 30
        limit 2000`);
    });
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return { ms: Date.now() - started };
}
