/**
 * The owner's view of orders (issue #14): the overview (search, filters, newest first, keyset
 * pages behind an opaque cursor), one order in full with its history, and the CSV export of the
 * overview's orders, one row per line item.
 */
import { z } from 'zod';
import type { AdminOrderDetail, AdminOrderPage, adminOrdersQuerySchema } from '@shared/contracts/orders';
import { addressProblemList } from '@shared/delivery-address';
import { penceToPounds } from '@shared/money';
import type { AppContext } from '../../../context';
import {
  cursorTimeSchema,
  decodeCursor as decodeJsonCursor,
  encodeCursor as encodeJsonCursor,
} from '../../../lib/cursor';
import { notFound } from '../../../lib/errors';
import { findOrder, findOrdersPage, type AdminOrderFilter, type OrderPosition } from './repository';
import { csvRecord, CSV_BOM, type CsvValue } from '../../../lib/csv';
import { orderHistoryLines } from '../history';
import type { OrderWithItems } from '../repository';
import { printJobAnswer } from '../printing/service';
import { findPrintJob } from '../printing/jobs';
import { adminMoneyAnswer } from '../refunds/admin';
import { toAdminOrderAnswer } from '../service';
import { paymentStatusOf } from '../refunds/money';
import { aftercareAnswer } from '../aftercare/answer';

type OverviewQuery = z.output<typeof adminOrdersQuerySchema>;
export type AdminOrdersFilterQuery = Pick<OverviewQuery, 'q' | 'status' | 'address_missing' | 'print' | 'problem'>;

function filterOf(query: AdminOrdersFilterQuery): AdminOrderFilter {
  return {
    q: query.q,
    ...(query.status ? { status: query.status } : {}),
    ...(query.address_missing ? { addressMissing: query.address_missing === 'true' } : {}),
    ...(query.print === 'needs_attention' ? { printNeedsAttention: true } : {}),
    ...(query.problem === 'open' ? { problemOpen: true } : {}),
  };
}

/*
 * The cursor: base64url of {"t": created_at as UTC ISO text with microseconds, "i": order id}
 * (lib/cursor.ts).
 * Opaque to the client, which only hands back the next_cursor it was given; checked strictly here,
 * so that whatever else arrives is a 400 in words, never a database error.
 */
const cursorSchema = z.strictObject({ t: cursorTimeSchema, i: z.uuid() });
export const BAD_CURSOR_MESSAGE = 'That page of orders is not valid (a bad cursor): start again from the first page.';

export const encodeCursor = (position: OrderPosition): string => encodeJsonCursor({ t: position.at, i: position.id });

export function decodeCursor(cursor: string): OrderPosition {
  const { t, i } = decodeJsonCursor(cursor, cursorSchema, BAD_CURSOR_MESSAGE);
  return { at: t, id: i.toLowerCase() };
}

const positionOf = (row: OrderWithItems): OrderPosition => ({ at: row.createdAtExact, id: row.id });

/** One page of the overview, newest first; next_cursor is null on the last page. */
export async function orderOverview(ctx: AppContext, query: OverviewQuery): Promise<AdminOrderPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // One more than asked for tells whether another page follows without counting.
  const rows = await findOrdersPage(ctx.database.db, filterOf(query), after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map(toAdminOrderAnswer),
    next_cursor: rows.length > query.limit && last ? encodeCursor(positionOf(last)) : null,
  };
}

/**
 * What breaks the address rule in an order's stored address (decision 133): the rule as it stands,
 * the order's own country allowed, since the shop's list of countries may have changed since.
 */
function storedAddressProblems(row: OrderWithItems): string[] {
  return row.deliveryAddress ? addressProblemList(row.deliveryAddress, [row.deliveryAddress.country]) : [];
}

/** Everything about one order: lines with their prices, the money, the payment, and its history. */
export async function orderDetail(ctx: AppContext, orderId: string): Promise<AdminOrderDetail> {
  const row = await findOrder(ctx.database.db, orderId);
  if (!row) throw notFound('No order with that id.');
  const history = await orderHistoryLines(ctx.database.db, row.id);
  const job = await findPrintJob(ctx.database.db, row.id);
  return {
    ...toAdminOrderAnswer(row),
    ...(await adminMoneyAnswer(ctx.database.db, row, job)),
    lines: row.items.map((item) => ({
      product_id: item.productId,
      item: item.name,
      quantity: item.quantity,
      unit_price: penceToPounds(item.unitPricePence),
    })),
    subtotal: penceToPounds(row.subtotalPence),
    discount: penceToPounds(row.discountPence),
    discount_code: row.discountCode,
    shipping: penceToPounds(row.shippingPence),
    delivery_zone: row.deliveryZone,
    payment_ref: row.paymentRef,
    carrier: row.carrier,
    tracking_url: row.trackingUrl,
    address_problems: storedAddressProblems(row),
    print: await printJobAnswer(ctx, row),
    ...(await aftercareAnswer(ctx, row)),
    history: history.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      bookVault_ref: change.bookVaultRef,
      tracking_ref: change.trackingRef,
      at: change.createdAt.toISOString(),
      by: change.changedBy,
      mail: change.mailSubject,
      event: change.event,
    })),
  };
}

/** The export's columns, in order, with how each cell is read from an order and one of its lines. */
type Line = OrderWithItems['items'][number];
const pounds = (pence: number) => (pence / 100).toFixed(2);
/** The order number people are shown: the id's last 10 characters. */
const orderNumber = (id: string) => id.slice(-10);
const EXPORT_COLUMNS: ReadonlyArray<readonly [string, (order: OrderWithItems, line: Line | undefined) => CsvValue]> = [
  ['Order number', (o) => orderNumber(o.id)],
  ['Order id', (o) => o.id],
  // A replacement (lost, damaged, misprinted books sent again, decision 142): the original's number.
  ['Replacement for', (o) => (o.parentOrderId ? orderNumber(o.parentOrderId) : null)],
  ['Date', (o) => o.createdAt.toISOString()],
  ['Status', (o) => o.status],
  ['E-mail', (o) => o.email],
  ['Name', (o) => o.deliveryAddress?.name],
  ['Address line 1', (o) => o.deliveryAddress?.line1],
  ['Address line 2', (o) => o.deliveryAddress?.line2],
  ['Town or city', (o) => o.deliveryAddress?.city],
  ['County', (o) => o.deliveryAddress?.county],
  ['Postcode', (o) => o.deliveryAddress?.postcode],
  ['Country', (o) => o.deliveryAddress?.country],
  ['Phone', (o) => o.deliveryAddress?.phone],
  ['Address missing', (o) => (o.addressMissing ? 'yes' : 'no')],
  ['Address problems', (o) => storedAddressProblems(o).join(' ')],
  ['Book id', (_o, l) => l?.productId],
  ['Book', (_o, l) => l?.name],
  ['Quantity', (_o, l) => l?.quantity],
  ['Unit price', (_o, l) => (l ? pounds(l.unitPricePence) : null)],
  ['Order subtotal', (o) => pounds(o.subtotalPence)],
  ['Discount', (o) => pounds(o.discountPence)],
  ['Discount code', (o) => o.discountCode],
  ['Shipping', (o) => pounds(o.shippingPence)],
  ['Delivery zone', (o) => o.deliveryZone],
  ['Order total', (o) => pounds(o.totalPence)],
  ['Payment status', (o) => paymentStatusOf(o.totalPence, o.refundedPence)],
  ['Refunded', (o) => pounds(o.refundedPence)],
  ['Net', (o) => pounds(o.totalPence - o.refundedPence)],
  ['Currency', (o) => o.currency.toUpperCase()],
  ['Payment ref', (o) => o.paymentRef],
  ['Print ref', (o) => o.bookVaultRef],
  ['Tracking ref', (o) => o.trackingRef],
];
export const EXPORT_HEADER = EXPORT_COLUMNS.map(([name]) => name);

/** An order's records: one per line item (an order without lines, which checkout never makes, still gets one). */
function orderRecords(order: OrderWithItems): string {
  const lines: Array<Line | undefined> = order.items.length > 0 ? order.items : [undefined];
  return lines.map((line) => csvRecord(EXPORT_COLUMNS.map(([, cell]) => cell(order, line)))).join('');
}

/** Orders read per query while exporting: thousands of orders are never held at once. */
export const EXPORT_BATCH = 500;

/**
 * The CSV of every order the filter matches, newest first, as text chunks (the BOM and header,
 * then one chunk per batch), read by keyset batch by batch as the client takes them. The first
 * batch is read before this answers, so that a failing database is an error answer, not a cut file.
 * An order made while the export runs is newer than the first batch and is not in it.
 */
export async function exportOrdersCsv(
  ctx: AppContext,
  query: AdminOrdersFilterQuery,
  options: { batchSize?: number } = {},
): Promise<AsyncIterable<string>> {
  const batchSize = options.batchSize ?? EXPORT_BATCH;
  const db = ctx.database.db;
  const filter = filterOf(query);
  const first = await findOrdersPage(db, filter, undefined, batchSize);
  return (async function* chunks() {
    yield CSV_BOM + csvRecord(EXPORT_HEADER);
    let batch = first;
    while (batch.length > 0) {
      yield batch.map(orderRecords).join('');
      if (batch.length < batchSize) return;
      batch = await findOrdersPage(db, filter, positionOf(batch.at(-1)!), batchSize);
    }
  })();
}
