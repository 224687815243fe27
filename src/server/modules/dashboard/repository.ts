/**
 * The dashboard's SQL (decisions 120, 158). The period's sales, customers, books, replacements and
 * delivery costs are read from the figures kept per UK day (order_day_figures) and per book per
 * day and month (book_sale_figures), which the database's triggers keep in the transaction of
 * every order change: a year is a few hundred day rows and twelve months of books, not every
 * order. Those tables hold raw statuses; which count as a sale is decided here, from the status
 * table. What needs the owner, refunds, codes and reviews are read where they are (few rows, by
 * index). Money is summed in integer pence (bigint). Days are UK days:
 * `(created_at at time zone 'Europe/London')::date`; a period is a run of whole UK days.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryByZone } from '@shared/contracts/dashboard';
import type { PrintJobState } from '@shared/contracts/orders';
import { ORDER_STATUSES, statusesWhere, type OrderStatus, type StatusMeaning } from '@shared/order-status';
import type { Db } from '../../db/client';
import { deliveryByZone } from './delivery';
import { addDays, spansOf } from './periods';

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Only sales: a replacement (decision 142) is never revenue, an order, a book sold or a customer. */
const SALE = sql`kind = 'sale'`;

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const iso = (instant: Date) => instant.toISOString();

/**
 * A period: its first and last UK days ('YYYY-MM-DD'), and the instants of the London midnights
 * that bound it (from its first, included, to the one after its last, excluded).
 */
export interface Bounds {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** One UK day's sums (pence) over the orders made on it. */
export interface DayFigures {
  day: string;
  orders: number;
  totalPence: number;
  shippingPence: number;
  discountPence: number;
  guestOrders: number;
  codeOrders: number;
  codeTotalPence: number;
  codeShippingPence: number;
  codeDiscountPence: number;
  /** Orders of the day by their status now. */
  byStatus: Record<OrderStatus, number>;
}

export interface BookSales {
  /** The book's current ID, or the ID it was bought under when it no longer exists. */
  productId: string;
  name: string;
  imageKey: string | null;
  onSale: boolean;
  copies: number;
  revenuePence: number;
}

export interface BookFigures {
  copies: { current: number; previous: number };
  byCopies: BookSales[];
  byRevenue: BookSales[];
  unsold: { count: number; books: { productId: string; name: string; imageKey: string | null }[] };
}

/** The figures the orders give a period: kept per day (this file), or counted from the orders (direct.ts). */
export interface FigureSource {
  /** Per UK day of the bounds (only days with orders): the sums of its sales, and its orders by status. */
  dayFigures(db: Db, bounds: Bounds): Promise<DayFigures[]>;
  /** Addresses whose first sale order ever was made in each period. */
  newCustomers(db: Db, previous: Bounds, current: Bounds): Promise<{ current: number; previous: number }>;
  /**
   * Copies sold in each period; the current period's top `best` books by copies and by revenue; the
   * books on sale now of which no copy was sold in it: how many, and the first `unsold` by name.
   */
  books(db: Db, previous: Bounds, current: Bounds, limits: { best: number; unsold: number }): Promise<BookFigures>;
  /** Replacements made in the period (decision 142): how many, and what the printer charged for those it priced. */
  replacementFigures(db: Db, bounds: Bounds): Promise<{ count: number; costPence: number }>;
  /** Per delivery zone: what the period's orders paid for delivery against the printer's delivery cost (decision 150). */
  deliveryByZone(db: Db, bounds: Bounds): Promise<DeliveryByZone[]>;
}

/** A day's row (sums as named in the SQL, statuses as s0, s1 … in ORDER_STATUSES' order) as DayFigures. */
export const dayRow = (day: string, row: Record<string, unknown>): DayFigures => ({
  day,
  orders: num(row.orders),
  totalPence: num(row.total),
  shippingPence: num(row.shipping),
  discountPence: num(row.discount),
  guestOrders: num(row.guests),
  codeOrders: num(row.code_orders),
  codeTotalPence: num(row.code_total),
  codeShippingPence: num(row.code_shipping),
  codeDiscountPence: num(row.code_discount),
  byStatus: Object.fromEntries(ORDER_STATUSES.map((status, i) => [status, num(row[`s${i}`])])) as Record<
    OrderStatus,
    number
  >,
});

/** `column in (…)`: the statuses with this meaning in the status table (one place names them). */
export const statusIn = (column: SQL, meaning: StatusMeaning) =>
  sql`${column} in (${sql.join(
    statusesWhere(meaning).map((status) => sql`${status}`),
    sql`, `,
  )})`;

const days = ({ from, to }: { from: string; to: string }) => sql`day between ${from}::date and ${to}::date`;

const statusSums = sql.join(
  ORDER_STATUSES.map(
    (status, i) => sql`sum(orders) filter (where status = ${status})::int as ${sql.identifier(`s${i}`)}`,
  ),
  sql`, `,
);

async function dayFigures(db: Db, bounds: Bounds): Promise<DayFigures[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    // The day as a number of days since 2000-01-01: to_char costs PGlite 40 ms for a year's rows.
    sql`select (day - date '2000-01-01')::int as day_number,
          sum(orders) filter (where sale)::int as orders,
          sum(total_pence) filter (where sale)::bigint as total,
          sum(shipping_pence) filter (where sale)::bigint as shipping,
          sum(discount_pence) filter (where sale)::bigint as discount,
          sum(guest_orders) filter (where sale)::int as guests,
          sum(code_orders) filter (where sale)::int as code_orders,
          sum(code_total_pence) filter (where sale)::bigint as code_total,
          sum(code_shipping_pence) filter (where sale)::bigint as code_shipping,
          sum(code_discount_pence) filter (where sale)::bigint as code_discount,
          ${statusSums}
        from (select f.*, ${statusIn(sql`f.status`, 'countsAsSale')} as sale from order_day_figures f
              where ${days(bounds)} and ${SALE}) as f
        group by day`,
  );
  return rows.map((row) => dayRow(addDays('2000-01-01', num(row.day_number)), row));
}

/** Orders flagged first_sale (their address's first sale order ever, kept by the triggers), per period. */
async function newCustomers(db: Db, previous: Bounds, current: Bounds) {
  const [row] = await rowsOf<{ cur: unknown; prev: unknown }>(
    db,
    sql`select sum(new_customers) filter (where day >= ${current.from}::date)::int as cur,
               sum(new_customers) filter (where day < ${current.from}::date)::int as prev
        from order_day_figures
        where ${days({ from: previous.from, to: current.to })} and ${SALE}`,
  );
  return { current: num(row?.cur), previous: num(row?.prev) };
}

/** The book rows of a period: its whole UK months, and its days outside them. */
function bookRowsOf(bounds: Bounds): SQL {
  const { months, days: edges } = spansOf(bounds.from, bounds.to);
  const parts = [
    ...(months ? [sql`(span = 'month' and starts between ${months.from}::date and ${months.to}::date)`] : []),
    ...edges.map((run) => sql`(span = 'day' and starts between ${run.from}::date and ${run.to}::date)`),
  ];
  return sql`select product_key, product_id, name, lines, copies, revenue_pence from book_sale_figures
    where (${sql.join(parts, sql` or `)}) and ${SALE} and ${statusIn(sql`status`, 'countsAsSale')}`;
}

/** The first image of the product with this id, as a column. */
const firstImageOf = (id: SQL) =>
  sql`(select image_key from product_images pi where pi.product_id = ${id} order by pi.position limit 1)`;

/**
 * One statement over the period's book rows: lines group by the book's stable key (its ID may have
 * changed since; decision 038), or by the ID bought when the book had none; a book sold is one
 * with a line. Covers are looked up for the books answered only. Copies of each period from the day rows.
 */
async function books(db: Db, previous: Bounds, current: Bounds, limits: { best: number; unsold: number }) {
  const sale = statusIn(sql`status`, 'countsAsSale');
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with books as (
          select product_key, min(product_id) as bought_id, min(name) as bought_name,
                 sum(copies)::bigint as copies, sum(revenue_pence)::bigint as revenue
          from (${bookRowsOf(current)}) as lines
          group by product_key, case when product_key is null then product_id end
        ),
        ranked as (
          select b.copies, b.revenue, coalesce(p.id, b.bought_id) as id, coalesce(p.name, b.bought_name) as name,
                 p.id as current_id, p.archived_at is null and p.id is not null as on_sale,
                 row_number() over (order by b.copies desc, b.revenue desc, coalesce(p.name, b.bought_name)) as by_copies,
                 row_number() over (order by b.revenue desc, b.copies desc, coalesce(p.name, b.bought_name)) as by_revenue
          from books b left join products p on p.product_key = b.product_key
        ),
        unsold as (
          select p.id, p.name from products p
          where p.archived_at is null and not exists (select 1 from books b where b.product_key = p.product_key)
        )
        select
          (select json_agg(json_build_object('id', r.id, 'name', r.name, 'on_sale', r.on_sale, 'copies', r.copies,
                   'revenue', r.revenue, 'by_copies', r.by_copies, 'by_revenue', r.by_revenue,
                   'image_key', ${firstImageOf(sql`r.current_id`)}))
           from ranked r where r.by_copies <= ${limits.best} or r.by_revenue <= ${limits.best}) as top,
          (select count(*) from unsold)::int as unsold_count,
          (select json_agg(json_build_object('id', u.id, 'name', u.name, 'image_key', ${firstImageOf(sql`u.id`)}) order by u.name)
           from (select * from unsold order by name limit ${limits.unsold}) u) as unsold,
          (select sum(copies) filter (where day >= ${current.from}::date)::bigint
           from order_day_figures where ${days({ from: previous.from, to: current.to })} and ${SALE} and ${sale}) as cur_copies,
          (select sum(copies) filter (where day < ${current.from}::date)::bigint
           from order_day_figures where ${days({ from: previous.from, to: current.to })} and ${SALE} and ${sale}) as prev_copies`,
  );
  const json = <T>(value: unknown): T[] =>
    (value === null || value === undefined ? [] : typeof value === 'string' ? JSON.parse(value) : value) as T[];
  type Top = {
    id: string;
    name: string;
    on_sale: boolean;
    copies: number;
    revenue: number;
    by_copies: number;
    by_revenue: number;
    image_key: string | null;
  };
  const top = json<Top>(row?.top);
  const rank = (key: 'by_copies' | 'by_revenue') =>
    top
      .filter((book) => book[key] <= limits.best)
      .sort((a, b) => a[key] - b[key])
      .map((book) => ({
        productId: String(book.id),
        name: String(book.name),
        imageKey: book.image_key ?? null,
        onSale: book.on_sale === true,
        copies: num(book.copies),
        revenuePence: num(book.revenue),
      }));
  return {
    copies: { current: num(row?.cur_copies), previous: num(row?.prev_copies) },
    byCopies: rank('by_copies'),
    byRevenue: rank('by_revenue'),
    unsold: {
      count: num(row?.unsold_count),
      books: json<{ id: string; name: string; image_key: string | null }>(row?.unsold).map((book) => ({
        productId: String(book.id),
        name: String(book.name),
        imageKey: book.image_key ? String(book.image_key) : null,
      })),
    },
  };
}

/** Every replacement made in the period, whatever its status, and its print job's cost. */
async function replacementFigures(db: Db, bounds: Bounds) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select sum(orders)::int as count, sum(print_cost_pence)::bigint as cost
        from order_day_figures where ${days(bounds)} and kind = 'replacement'`,
  );
  return { count: num(row?.count), costPence: num(row?.cost) };
}

/** The figures kept per day by the database (decision 158): what the dashboard reads. */
export const keptFigures: FigureSource = {
  dayFigures,
  newCustomers,
  books,
  replacementFigures,
  deliveryByZone,
};

/**
 * Refunds per UK day from `start` to `end` (pence), by the day they were made, whatever order they
 * belong to: pending and succeeded ones (decision 138). Index refunds_created.
 */
export async function refundDays(db: Db, { start, end }: Bounds): Promise<Map<string, number>> {
  const rows = await rowsOf<{ day: unknown; pence: unknown }>(
    db,
    sql`select to_char((created_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
          sum(amount_pence)::bigint as pence
        from refunds
        where created_at >= ${iso(start)}::timestamptz and created_at < ${iso(end)}::timestamptz
          and state in ('pending', 'succeeded')
        group by 1`,
  );
  return new Map(rows.map((row) => [String(row.day), num(row.pence)]));
}

export interface AttentionRow {
  orderId: string;
  createdAt: Date;
  email: string;
  status: OrderStatus;
  totalPence: number;
  since: Date;
  jobState: PrintJobState | null;
  partnerState: string | null;
  problem: string | null;
}

export type AttentionList = { count: number; rows: AttentionRow[] };

/** Orders of a list: its count, and its first `limit` rows by `since`, oldest first. */
async function attentionList(db: Db, from: SQL, since: SQL, where: SQL, limit: number): Promise<AttentionList> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with matching as (
          select o.id, o.created_at, o.email, o.status, o.total_pence, ${since} as since, j.state as job_state, j.partner_state, j.problem
          from ${from} where ${where}
        )
        select (select count(*) from matching)::int as total, m.*
        from (select 1) as one left join lateral (select * from matching order by since, id limit ${limit}) m on true`,
  );
  return {
    count: num(rows[0]?.total),
    rows: rows
      .filter((row) => row.id !== null && row.id !== undefined)
      .map((row) => ({
        orderId: String(row.id),
        createdAt: date(row.created_at),
        email: String(row.email),
        status: row.status as OrderStatus,
        totalPence: num(row.total_pence),
        since: date(row.since),
        jobState: (row.job_state ?? null) as AttentionRow['jobState'],
        partnerState: row.partner_state === null || row.partner_state === undefined ? null : String(row.partner_state),
        problem: row.problem === null || row.problem === undefined ? null : String(row.problem),
      })),
  };
}

const withJob = sql`orders o left join print_jobs j on j.order_id = o.id`;
const jobsWithOrder = sql`print_jobs j join orders o on o.id = j.order_id`;

/**
 * What needs the owner now: print jobs waiting or failed, orders waiting for the printer without
 * an address, orders in transit since before `shippedBefore`.
 */
export async function attention(db: Db, shippedBefore: Date, limit: number) {
  const problemSince = sql`(select min(p.created_at) from order_problems p where p.order_id = o.id and p.closed_at is null)`;
  const [waiting, failed, addressMissing, shipped, problems] = await Promise.all([
    // Not those held for the customer's cancel window (decision 137): they wait on purpose.
    attentionList(
      db,
      jobsWithOrder,
      sql`j.updated_at`,
      sql`j.state in ('queued', 'submitting') and (o.print_hold_until is null or o.print_hold_until <= now())`,
      limit,
    ),
    attentionList(db, jobsWithOrder, sql`j.updated_at`, sql`j.state = 'failed'`, limit),
    attentionList(
      db,
      withJob,
      sql`o.created_at`,
      sql`o.address_missing and ${statusIn(sql`o.status`, 'awaitsPrinter')}`,
      limit,
    ),
    // When each was sent is when it moved into its status, kept on the order (decision 171): an index range.
    attentionList(
      db,
      withJob,
      sql`o.status_since`,
      sql`${statusIn(sql`o.status`, 'inTransit')} and o.status_since < ${iso(shippedBefore)}::timestamptz`,
      limit,
    ),
    // From the open problems (partial index order_problems_open…), not a look at every order.
    attentionList(
      db,
      withJob,
      problemSince,
      sql`o.id in (select p.order_id from order_problems p where p.closed_at is null)`,
      limit,
    ),
  ]);
  return { waiting, failed, addressMissing, shipped, problems };
}

/** Every code sent, by state now. */
export async function codeStates(
  db: Db,
): Promise<{ sent: number; unused: number; used: number; expired: number; revoked: number }> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select count(*)::int as sent,
               count(*) filter (where used_at is not null)::int as used,
               count(*) filter (where used_at is null and revoked_at is not null)::int as revoked,
               count(*) filter (where used_at is null and revoked_at is null and expires_at <= now())::int as expired,
               count(*) filter (where used_at is null and revoked_at is null and expires_at > now())::int as unused
        from discount_codes`,
  );
  return {
    sent: num(row?.sent),
    unused: num(row?.unused),
    used: num(row?.used),
    expired: num(row?.expired),
    revoked: num(row?.revoked),
  };
}

export interface ReviewRow {
  id: string;
  productId: string;
  productName: string;
  rating: number;
  text: string;
  createdAt: Date;
}

/**
 * The published reviews' mean rating and count, those written in the period, and the newest
 * `limit`: what shoppers see (decision 151); held and hidden ones are the Reviews page's.
 */
export async function reviewFigures(
  db: Db,
  { start, end }: Bounds,
  limit: number,
): Promise<{ average: number | null; count: number; inPeriod: number; newest: ReviewRow[] }> {
  const [summary, newest] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      sql`select avg(rating)::float8 as average, count(*)::int as total,
                 count(*) filter (where created_at >= ${iso(start)}::timestamptz and created_at < ${iso(end)}::timestamptz)::int as in_period
          from reviews where state = 'published'`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select r.id, p.id as product_id, p.name as product_name, r.rating, left(r.text, 400) as text, r.created_at
          from reviews r join products p on p.product_key = r.product_key
          where r.state = 'published'
          order by r.created_at desc, r.id desc limit ${limit}`,
    ),
  ]);
  const row = summary[0];
  return {
    average: row?.average === null || row?.average === undefined ? null : Number(row.average),
    count: num(row?.total),
    inPeriod: num(row?.in_period),
    newest: newest.map((r) => ({
      id: String(r.id),
      productId: String(r.product_id),
      productName: String(r.product_name),
      rating: num(r.rating),
      text: String(r.text),
      createdAt: date(r.created_at),
    })),
  };
}
