/**
 * The dashboard's figures counted straight from the orders and their lines, as they were before
 * the kept day figures (decision 158): the definition `repository.ts` must answer to the penny.
 * Only tests read it (figures.test.ts compares both over random orders); the shop reads the kept ones.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryByZone } from '@shared/contracts/dashboard';
import { ORDER_STATUSES } from '@shared/order-status';
import type { Db } from '../../db/client';
import { BEFORE_ZONES, zoneRow } from './delivery';
import { dayRow, statusIn, type BookSales, type Bounds, type DayFigures, type FigureSource } from './repository';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const SALE = sql`kind = 'sale'`;
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const iso = (instant: Date) => instant.toISOString();

const statusColumns = sql.join(
  ORDER_STATUSES.map((status, i) => sql`count(*) filter (where status = ${status})::int as ${sql.identifier(`s${i}`)}`),
  sql`, `,
);

/**
 * Per UK day from `start` to `end` (only days with orders): counts and sums of the orders made on
 * it that count as a sale (a cancelled order does not, decision 138), and every order by status.
 */
async function dayFigures(db: Db, { start, end }: Bounds): Promise<DayFigures[]> {
  const sale = statusIn(sql`status`, 'countsAsSale');
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select to_char((created_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
          count(*) filter (where ${sale})::int as orders,
          coalesce(sum(total_pence) filter (where ${sale}), 0)::bigint as total,
          coalesce(sum(shipping_pence) filter (where ${sale}), 0)::bigint as shipping,
          coalesce(sum(discount_pence) filter (where ${sale}), 0)::bigint as discount,
          count(*) filter (where ${sale} and user_id is null)::int as guests,
          count(*) filter (where ${sale} and discount_code is not null)::int as code_orders,
          coalesce(sum(total_pence) filter (where ${sale} and discount_code is not null), 0)::bigint as code_total,
          coalesce(sum(shipping_pence) filter (where ${sale} and discount_code is not null), 0)::bigint as code_shipping,
          coalesce(sum(discount_pence) filter (where ${sale} and discount_code is not null), 0)::bigint as code_discount,
          ${statusColumns}
        from orders
        where created_at >= ${iso(start)}::timestamptz and created_at < ${iso(end)}::timestamptz and ${SALE}
        group by 1`,
  );
  return rows.map((row) => dayRow(String(row.day), row));
}

/**
 * New customers of the current and previous periods: e-mail addresses whose first order ever was
 * made in that period (orders store the address lower-cased). One pass over both periods' orders,
 * each address checked once for an older order (index orders_email_created).
 */
async function newCustomers(db: Db, previous: Bounds, current: Bounds): Promise<{ current: number; previous: number }> {
  const [row] = await rowsOf<{ cur: unknown; prev: unknown }>(
    db,
    sql`select count(*) filter (where first >= ${iso(current.start)}::timestamptz)::int as cur,
               count(*) filter (where first < ${iso(current.start)}::timestamptz)::int as prev
        from (select email, min(created_at) as first from orders
              where created_at >= ${iso(previous.start)}::timestamptz and created_at < ${iso(current.end)}::timestamptz and ${SALE}
              group by email) as seen
        where not exists (select 1 from orders older where older.email = seen.email and older.created_at < ${iso(previous.start)}::timestamptz and older.kind = 'sale')`,
  );
  return { current: num(row?.cur), previous: num(row?.prev) };
}

/** The first image of a product (`p`), as a column. */
const firstImage = sql`(select image_key from product_images pi where pi.product_id = p.id order by pi.position limit 1)`;

/**
 * Copies sold in each period, and the current period's best sellers: the top `limit` books by
 * copies and by revenue (unit price paid × copies). Lines group by the book's stable key (its ID
 * may have changed since; decision 038), or by the ID bought when the book is gone.
 */
async function bookSales(
  db: Db,
  previous: Bounds,
  current: Bounds,
  limit: number,
): Promise<{ copies: { current: number; previous: number }; byCopies: BookSales[]; byRevenue: BookSales[] }> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with lines as (
          select o.created_at >= ${iso(current.start)}::timestamptz as cur,
                 i.product_key, i.product_id, i.name, i.quantity, i.unit_price_pence
          from order_items i join orders o on o.id = i.order_id
          where o.created_at >= ${iso(previous.start)}::timestamptz and o.created_at < ${iso(current.end)}::timestamptz and o.kind = 'sale'
            and ${statusIn(sql`o.status`, 'countsAsSale')}
        ),
        totals as (
          select coalesce(sum(quantity) filter (where cur), 0)::bigint as cur_copies,
                 coalesce(sum(quantity) filter (where not cur), 0)::bigint as prev_copies
          from lines
        ),
        books as (
          select product_key, min(product_id) as bought_id, min(name) as bought_name,
                 sum(quantity)::bigint as copies, sum(quantity::bigint * unit_price_pence)::bigint as revenue
          from lines where cur
          group by product_key, case when product_key is null then product_id end
        ),
        ranked as (
          select b.*, p.id as id, p.name as name, p.archived_at is null and p.id is not null as on_sale, ${firstImage} as image_key,
                 row_number() over (order by b.copies desc, b.revenue desc, coalesce(p.name, b.bought_name)) as by_copies,
                 row_number() over (order by b.revenue desc, b.copies desc, coalesce(p.name, b.bought_name)) as by_revenue
          from books b left join products p on p.product_key = b.product_key
        )
        select t.cur_copies, t.prev_copies, r.*
        from totals t left join ranked r on r.by_copies <= ${limit} or r.by_revenue <= ${limit}`,
  );
  const books = rows
    .filter((row) => row.bought_id !== null && row.bought_id !== undefined)
    .map((row) => ({
      rankCopies: num(row.by_copies),
      rankRevenue: num(row.by_revenue),
      book: {
        productId: String(row.id ?? row.bought_id),
        name: String(row.name ?? row.bought_name),
        imageKey: row.image_key === null || row.image_key === undefined ? null : String(row.image_key),
        onSale: row.on_sale === true,
        copies: num(row.copies),
        revenuePence: num(row.revenue),
      },
    }));
  const top = (rank: 'rankCopies' | 'rankRevenue') =>
    books
      .filter((entry) => entry[rank] <= limit)
      .sort((a, b) => a[rank] - b[rank])
      .map((entry) => entry.book);
  return {
    copies: { current: num(rows[0]?.cur_copies), previous: num(rows[0]?.prev_copies) },
    byCopies: top('rankCopies'),
    byRevenue: top('rankRevenue'),
  };
}

/** Books on sale now of which no copy was sold in the period: how many, and the first `limit` by name. */
async function unsoldBooks(
  db: Db,
  { start, end }: Bounds,
  limit: number,
): Promise<{ count: number; books: { productId: string; name: string; imageKey: string | null }[] }> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with sold as (
          select distinct i.product_key from order_items i join orders o on o.id = i.order_id
          where o.created_at >= ${iso(start)}::timestamptz and o.created_at < ${iso(end)}::timestamptz and i.product_key is not null and o.kind = 'sale'
            and ${statusIn(sql`o.status`, 'countsAsSale')}
        ),
        unsold as (
          select p.id, p.name from products p
          where p.archived_at is null and not exists (select 1 from sold where sold.product_key = p.product_key)
        )
        select (select count(*) from unsold)::int as total, u.id, u.name,
               (select image_key from product_images pi where pi.product_id = u.id order by pi.position limit 1) as image_key
        from (select 1) as one left join lateral (select * from unsold order by name limit ${limit}) u on true`,
  );
  return {
    count: num(rows[0]?.total),
    books: rows
      .filter((row) => row.id !== null && row.id !== undefined)
      .map((row) => ({
        productId: String(row.id),
        name: String(row.name),
        imageKey: row.image_key ? String(row.image_key) : null,
      })),
  };
}

/** Replacements made in the period (decision 142): how many, and what the printer charged for those it priced (pence). */
async function replacementFigures(db: Db, { start, end }: Bounds): Promise<{ count: number; costPence: number }> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select count(*)::int as count, coalesce(sum(j.cost_pence), 0)::bigint as cost
        from orders o left join print_jobs j on j.order_id = o.id
        where o.kind = 'replacement' and o.created_at >= ${iso(start)}::timestamptz and o.created_at < ${iso(end)}::timestamptz`,
  );
  return { count: num(row?.count), costPence: num(row?.cost) };
}

async function deliveryByZone(db: Db, { start, end }: Bounds): Promise<DeliveryByZone[]> {
  const result = (await db.execute(
    sql`select coalesce(o.delivery_zone, ${BEFORE_ZONES}) as zone,
          count(*)::int as orders,
          coalesce(sum(o.shipping_pence), 0)::bigint as charged,
          count(j.dispatch_cost_pence)::int as costed,
          coalesce(sum(o.shipping_pence) filter (where j.dispatch_cost_pence is not null), 0)::bigint as charged_costed,
          coalesce(sum(j.dispatch_cost_pence), 0)::bigint as printer
        from orders o
        left join print_jobs j on j.order_id = o.id
          and j.dispatch_cost_pence is not null and upper(coalesce(j.cost_currency, 'GBP')) = 'GBP'
        where o.created_at >= ${start.toISOString()}::timestamptz and o.created_at < ${end.toISOString()}::timestamptz
        group by 1
        order by 3 desc, 1`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map(zoneRow);
}

export const directFigures: FigureSource = {
  dayFigures,
  newCustomers,
  async books(db, previous, current, limits) {
    const [sales, unsold] = [
      await bookSales(db, previous, current, limits.best),
      await unsoldBooks(db, current, limits.unsold),
    ];
    return { ...sales, unsold };
  },
  replacementFigures,
  deliveryByZone,
};
