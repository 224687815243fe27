/**
 * The owner's order SQL: the overview's filters (search, status, address missing) and its keyset
 * position, read through listOrdersWithItems (repository.ts) so that the overview, one order and
 * the CSV export see the same rows, lines and review rule as the customer's history.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@shared/order-status';
import type { Db } from '../../../db/client';
import { orders, printJobs } from '../../../db/schema';
import { listOrdersWithItems, type OrderWithItems } from '../repository';

export interface AdminOrderFilter {
  /** Free text: an order number, or part of an e-mail address or delivery name ('' for none). */
  q: string;
  status?: OrderStatus;
  addressMissing?: boolean;
  /** Only orders whose print job needs the owner. */
  printNeedsAttention?: boolean;
  /** Only orders with a reported problem still open (decision 144). */
  problemOpen?: boolean;
}

/** An order's place in the newest-first list: its created_at (UTC ISO text, microseconds) and id. */
export interface OrderPosition {
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The order number people are shown: the id's last 10 characters (orderRef, shortOrderId). */
const ORDER_NUMBER = /^[0-9a-f]{10}$/;

/** The user's text as a LIKE pattern that matches it literally anywhere: %, _ and the escape \ escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(q: string): SQL | undefined {
  const text = q.trim().replace(/\s+/g, ' ');
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const matches: SQL[] = [
    sql`${orders.email} ilike ${pattern} escape '\\'`,
    sql`(${orders.deliveryAddress} ->> 'name') ilike ${pattern} escape '\\'`,
  ];
  // "#1a2b3c4d5e" as some people write a number; ids are stored in lower case.
  const number = text.replace(/^#/, '').toLowerCase();
  if (UUID.test(number)) matches.push(eq(orders.id, number));
  else if (ORDER_NUMBER.test(number)) matches.push(sql`right(${orders.id}::text, 10) = ${number}`);
  return or(...matches);
}

/** The filter's conditions, and (for a next page) only orders after `after` in newest-first order. */
function conditions(filter: AdminOrderFilter, after?: OrderPosition): SQL | undefined {
  return and(
    searchCondition(filter.q),
    filter.status === undefined ? undefined : eq(orders.status, filter.status),
    filter.addressMissing === undefined ? undefined : eq(orders.addressMissing, filter.addressMissing),
    filter.printNeedsAttention ? eq(printJobs.state, 'failed') : undefined,
    filter.problemOpen
      ? sql`exists (select 1 from order_problems op where op.order_id = ${orders.id} and op.closed_at is null)`
      : undefined,
    // Row comparison on (created_at, id), the index orders_created_id read backwards; the position's
    // text keeps the microseconds that a JS Date would lose.
    after === undefined
      ? undefined
      : sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
  );
}

/** Up to `limit` orders that match the filter, newest first, after `after` when given. */
export function findOrdersPage(
  db: Db,
  filter: AdminOrderFilter,
  after: OrderPosition | undefined,
  limit: number,
): Promise<OrderWithItems[]> {
  return listOrdersWithItems(db, { where: conditions(filter, after), limit });
}

export async function findOrder(db: Db, orderId: string): Promise<OrderWithItems | null> {
  const [row] = await listOrdersWithItems(db, { where: eq(orders.id, orderId), limit: 1 });
  return row ?? null;
}
