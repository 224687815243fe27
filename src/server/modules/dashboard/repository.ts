/**
 * The dashboard's SQL (decision 120): every figure is an aggregate made in the database (GROUP BY
 * over the period's orders and lines), never every order read into memory. Money is summed in
 * integer pence (bigint). Days are UK days: `(created_at at time zone 'Europe/London')::date`;
 * periods are bounded by the instants of London midnights, given by the caller.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PrintJobState } from '@shared/contracts/orders';
import { ORDER_STATUSES, statusesWhere, type OrderStatus, type StatusMeaning } from '@shared/order-status';
import type { Db } from '../../db/client';

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Only sales: a replacement (decision 142) is never revenue, an order, a book sold or a customer. */
const SALE = sql`kind = 'sale'`;

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const iso = (instant: Date) => instant.toISOString();

/** A period: from its first London midnight (included) to the one after its last day (excluded). */
export interface Bounds {
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

const statusColumns = sql.join(
  ORDER_STATUSES.map((status, i) => sql`count(*) filter (where status = ${status})::int as ${sql.identifier(`s${i}`)}`),
  sql`, `,
);

/**
 * Per UK day from `start` to `end` (only days with orders): counts and sums of the orders made on
 * it that count as a sale (a cancelled order does not, decision 138), and every order by status.
 */
export async function dayFigures(db: Db, { start, end }: Bounds): Promise<DayFigures[]> {
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
  return rows.map((row) => ({
    day: String(row.day),
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
  }));
}

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

/**
 * New customers of the current and previous periods: e-mail addresses whose first order ever was
 * made in that period (orders store the address lower-cased). One pass over both periods' orders,
 * each address checked once for an older order (index orders_email_created).
 */
export async function newCustomers(
  db: Db,
  previous: Bounds,
  current: Bounds,
): Promise<{ current: number; previous: number }> {
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

export interface BookSales {
  /** The book's current ID, or the ID it was bought under when it no longer exists. */
  productId: string;
  name: string;
  imageKey: string | null;
  onSale: boolean;
  copies: number;
  revenuePence: number;
}

/** The first image of a product (`p`), as a column. */
const firstImage = sql`(select image_key from product_images pi where pi.product_id = p.id order by pi.position limit 1)`;

/**
 * Copies sold in each period, and the current period's best sellers: the top `limit` books by
 * copies and by revenue (unit price paid × copies). Lines group by the book's stable key (its ID
 * may have changed since; decision 038), or by the ID bought when the book is gone.
 */
export async function bookSales(
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
export async function unsoldBooks(
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

/** `column in (…)`: the statuses with this meaning in the status table (one place names them). */
const statusIn = (column: SQL, meaning: StatusMeaning) =>
  sql`${column} in (${sql.join(
    statusesWhere(meaning).map((status) => sql`${status}`),
    sql`, `,
  )})`;

const withJob = sql`orders o left join print_jobs j on j.order_id = o.id`;
const jobsWithOrder = sql`print_jobs j join orders o on o.id = j.order_id`;

/**
 * What needs the owner now: print jobs waiting or failed, orders waiting for the printer without
 * an address, orders in transit since before `shippedBefore`.
 */
export async function attention(db: Db, shippedBefore: Date, limit: number) {
  const shippedAt = sql`(select max(c.created_at) from order_status_changes c where c.order_id = o.id and ${statusIn(sql`c.to_status`, 'inTransit')})`;
  const problemSince = sql`(select min(p.created_at) from order_problems p where p.order_id = o.id and p.closed_at is null)`;
  const [waiting, failed, addressMissing, shipped, problems] = await Promise.all([
    attentionList(db, jobsWithOrder, sql`j.updated_at`, sql`j.state in ('queued', 'submitting')`, limit),
    attentionList(db, jobsWithOrder, sql`j.updated_at`, sql`j.state = 'failed'`, limit),
    attentionList(
      db,
      withJob,
      sql`o.created_at`,
      sql`o.address_missing and ${statusIn(sql`o.status`, 'awaitsPrinter')}`,
      limit,
    ),
    attentionList(
      db,
      withJob,
      sql`coalesce(${shippedAt}, o.updated_at)`,
      sql`${statusIn(sql`o.status`, 'inTransit')} and coalesce(${shippedAt}, o.updated_at) < ${iso(shippedBefore)}::timestamptz`,
      limit,
    ),
    attentionList(db, withJob, problemSince, sql`${problemSince} is not null`, limit),
  ]);
  return { waiting, failed, addressMissing, shipped, problems };
}

/** Replacements made in the period (decision 142): how many, and what the printer charged for those it priced (pence). */
export async function replacementFigures(
  db: Db,
  { start, end }: Bounds,
): Promise<{ count: number; costPence: number }> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select count(*)::int as count, coalesce(sum(j.cost_pence), 0)::bigint as cost
        from orders o left join print_jobs j on j.order_id = o.id
        where o.kind = 'replacement' and o.created_at >= ${iso(start)}::timestamptz and o.created_at < ${iso(end)}::timestamptz`,
  );
  return { count: num(row?.count), costPence: num(row?.cost) };
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

/** Every review's mean rating and count, those written in the period, and the newest `limit`. */
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
          from reviews`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select r.id, p.id as product_id, p.name as product_name, r.rating, left(r.text, 400) as text, r.created_at
          from reviews r join products p on p.product_key = r.product_key
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
