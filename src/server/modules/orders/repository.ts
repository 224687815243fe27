/** Order SQL: making an order from a paid checkout, listing orders with their lines, status changes. */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderKind } from '@shared/contracts/orders';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { Db } from '../../db/client';
import { orderItems, orders, printJobs, products, refunds, type CheckoutLine } from '../../db/schema';
import type { OrderState } from './status';

export interface OrderWithItems {
  id: string;
  /** The checkout it was paid through (a replacement's is its own made-up id). */
  checkoutSessionId: string;
  /** The customer's account; null for a guest's order. */
  userId: string | null;
  email: string;
  subtotalPence: number;
  shippingPence: number;
  discountPence: number;
  discountCode: string | null;
  /** The delivery zone it was priced with (decision 148); null on orders before zones. */
  deliveryZone: string | null;
  totalPence: number;
  currency: string;
  createdAt: Date;
  /**
   * created_at as UTC ISO text with its microseconds, the order's keyset position: a JS Date keeps
   * milliseconds only, so two orders made within one millisecond could not be told apart by it.
   */
  createdAtExact: string;
  status: OrderState['status'];
  bookVaultRef: string | null;
  trackingRef: string | null;
  paymentRef: string | null;
  items: Array<{ productId: string; name: string; quantity: number; unitPricePence: number }>;
  reviewed: boolean;
  deliveryAddress: DeliveryAddress | null;
  addressMissing: boolean;
  carrier: string | null;
  trackingUrl: string | null;
  /** The print job's state and the partner's last reported state; null without a job (manual). */
  printJobState: PrintJobState | null;
  printPartnerState: string | null;
  printHoldUntil: Date | null;
  cancelledAt: Date | null;
  disputedAt: Date | null;
  /** Pending and succeeded refunds (decision 138), and when the latest was made. */
  refundedPence: number;
  lastRefundAt: Date | null;
  /** A sale or a replacement (decision 142), and the order a replacement was sent for. */
  kind: OrderKind;
  parentOrderId: string | null;
  /** The customer reported a problem that is still open (decision 144). */
  problemOpen: boolean;
}

type PrintJobState = (typeof printJobs.$inferSelect)['state'];

/**
 * Whether an order is fully reviewed: every line whose book is in the shop has a review. Lines
 * name their book by its key, so a book whose ID changed is still the order's, and a new book
 * given an old ID is not (decision 038); an archived or deleted book cannot be reviewed, and the
 * review page leaves it out too. One rule for the customer's history and the admin's list.
 */
const orderFullyReviewed = sql<boolean>`not exists (
  select 1 from order_items oi
  where oi.order_id = ${orders.id}
    and exists (select 1 from products p where p.product_key = oi.product_key and p.archived_at is null)
    and not exists (select 1 from reviews r where r.order_id = oi.order_id and r.product_key = oi.product_key)
)`;

/** What the order's pending and succeeded refunds return (decision 138). */
const refundedPenceOf = sql<number>`(select coalesce(sum(${refunds.amountPence}), 0)::int from ${refunds}
  where ${refunds.orderId} = ${orders.id} and ${refunds.state} in ('pending', 'succeeded'))`.mapWith(Number);
const lastRefundAtOf = sql<Date | null>`(select max(${refunds.createdAt}) from ${refunds}
  where ${refunds.orderId} = ${orders.id} and ${refunds.state} in ('pending', 'succeeded'))`.mapWith((value) =>
  value === null ? null : new Date(value as string),
);

/** The order has a reported problem still open (decision 144). */
const problemOpen = sql<boolean>`exists (select 1 from order_problems op where op.order_id = ${orders.id} and op.closed_at is null)`;

/** Which orders listOrdersWithItems reads (all of them when nothing is given). */
export interface OrderListQuery {
  /** One user's orders only. */
  userId?: string;
  /** Further conditions on the orders row: the admin's filters and keyset position (admin/repository.ts). */
  where?: SQL;
  /** At most this many, newest first. */
  limit?: number;
}

/**
 * Orders newest first (created_at, then id: a total order, so keyset pages neither skip nor
 * repeat), with their lines and whether every line has been reviewed. One read for the
 * customer's history, the admin's list, overview pages, one order and the CSV export.
 */
export async function listOrdersWithItems(db: Db, query: OrderListQuery = {}): Promise<OrderWithItems[]> {
  const select = db
    .select({
      id: orders.id,
      checkoutSessionId: orders.checkoutSessionId,
      userId: orders.userId,
      email: orders.email,
      subtotalPence: orders.subtotalPence,
      shippingPence: orders.shippingPence,
      discountPence: orders.discountPence,
      discountCode: orders.discountCode,
      deliveryZone: orders.deliveryZone,
      totalPence: orders.totalPence,
      currency: orders.currency,
      createdAt: orders.createdAt,
      createdAtExact: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      status: orders.status,
      bookVaultRef: orders.bookVaultRef,
      trackingRef: orders.trackingRef,
      paymentRef: orders.paymentRef,
      deliveryAddress: orders.deliveryAddress,
      addressMissing: orders.addressMissing,
      carrier: orders.carrier,
      trackingUrl: orders.trackingUrl,
      printJobState: printJobs.state,
      printPartnerState: printJobs.partnerState,
      printHoldUntil: orders.printHoldUntil,
      cancelledAt: orders.cancelledAt,
      disputedAt: orders.disputedAt,
      refundedPence: refundedPenceOf,
      lastRefundAt: lastRefundAtOf,
      reviewed: orderFullyReviewed,
      kind: orders.kind,
      parentOrderId: orders.parentOrderId,
      problemOpen: problemOpen,
    })
    .from(orders)
    .leftJoin(printJobs, eq(printJobs.orderId, orders.id))
    .where(and(query.userId === undefined ? undefined : eq(orders.userId, query.userId), query.where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
  const rows = await (query.limit === undefined ? select : select.limit(query.limit));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitPricePence: orderItems.unitPricePence,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(orderItems.name, orderItems.productId);
  const linesByOrder = new Map<string, OrderWithItems['items']>();
  for (const line of lines) {
    const list = linesByOrder.get(line.orderId) ?? [];
    list.push({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
    });
    linesByOrder.set(line.orderId, list);
  }
  return rows.map((row) => ({
    ...row,
    reviewed: Boolean(row.reviewed),
    problemOpen: Boolean(row.problemOpen),
    items: linesByOrder.get(row.id) ?? [],
  }));
}

/** The order row, locked for the rest of the transaction. */
export async function lockOrder(tx: Db, orderId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      email: orders.email,
      status: orders.status,
      bookVaultRef: orders.bookVaultRef,
      trackingRef: orders.trackingRef,
      redactWhenFinal: orders.redactWhenFinal,
      kind: orders.kind,
      parentOrderId: orders.parentOrderId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row ?? null;
}

export async function saveOrderState(tx: Db, orderId: string, state: OrderState): Promise<void> {
  await tx
    .update(orders)
    .set({
      status: state.status,
      bookVaultRef: state.bookVaultRef,
      trackingRef: state.trackingRef,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
}

export async function findOrderIdByCheckoutSession(db: Db, checkoutSessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.checkoutSessionId, checkoutSessionId))
    .limit(1);
  return row?.id ?? null;
}

/** Inserts the order unless one exists for the checkout session (the unique index decides); answers its id or null. */
export async function insertOrder(
  db: Db,
  order: Omit<typeof orders.$inferInsert, 'createdAt' | 'updatedAt'>,
  lines: CheckoutLine[],
): Promise<string | null> {
  const [row] = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.checkoutSessionId })
    .returning({ id: orders.id });
  if (!row) return null;
  const bought = await lockBoughtProducts(db, lines);
  await db.insert(orderItems).values(
    lines.map((line) => ({
      orderId: row.id,
      productId: line.productId,
      productKey: line.productKey && bought.has(line.productKey) ? line.productKey : null,
      name: line.name,
      unitPricePence: line.unitPence,
      quantity: line.qty,
    })),
  );
  return row.id;
}

/**
 * The keys of the lines' books that still exist, locked against deletion until the order commits
 * (decision 039): a delete that comes after finds the book sold and archives it; a delete already
 * under way finishes first, and its book, gone, is then not named (the line keeps its copy).
 */
async function lockBoughtProducts(db: Db, lines: CheckoutLine[]): Promise<Set<string>> {
  const keys = lines.flatMap((line) => (line.productKey ? [line.productKey] : []));
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: products.productKey })
    .from(products)
    .where(inArray(products.productKey, keys))
    .orderBy(products.productKey)
    .for('key share');
  return new Set(rows.map((row) => row.key));
}
