/**
 * Orders and privacy (issue 28, decision 145): an address's orders as the customer may see them
 * (export), and their personal fields redacted while the money record stays (erasure, retention).
 * The personal fields are the e-mail address and the delivery address (name, address, phone); the
 * books, amounts, date, status and references are the money record HMRC asks for.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { penceToPounds } from '@shared/money';
import { statusesWhere } from '@shared/order-status';
import type { Db } from '../../db/client';
import { checkoutSessions, discountCodes, orderItems, orders, orderStatusChanges } from '../../db/schema';

/** Whose orders: the account's, and (only for a proven address) those placed with the address. */
export interface OrderOwner {
  userId: string | null;
  /** Lower-cased; null when the address is not proven (an unverified account's). */
  email: string | null;
}

function ownedBy(owner: OrderOwner): SQL | undefined {
  const parts: SQL[] = [];
  if (owner.userId) parts.push(eq(orders.userId, owner.userId));
  // An order kept only until it arrives, for someone who asked to be forgotten, is no longer
  // anyone's: not even a new account of the same address sees it.
  if (owner.email) parts.push(sql`lower(${orders.email}) = ${owner.email} and not ${orders.redactWhenFinal}`);
  return parts.length === 0 ? sql`false` : or(...parts);
}

/**
 * The owner's orders with their lines and the history the customer sees (status, date, mail
 * subject; never who made a change, nor anything the owner keeps for himself).
 */
export async function ordersForExport(db: Db, owner: OrderOwner) {
  const rows = await db.select().from(orders).where(ownedBy(owner)).orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, history] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    db
      .select({
        orderId: orderStatusChanges.orderId,
        toStatus: orderStatusChanges.toStatus,
        mailSubject: orderStatusChanges.mailSubject,
        createdAt: orderStatusChanges.createdAt,
      })
      .from(orderStatusChanges)
      .where(inArray(orderStatusChanges.orderId, ids))
      .orderBy(asc(orderStatusChanges.createdAt), asc(orderStatusChanges.id)),
  ]);
  return rows.map((order) => ({
    id: order.id,
    placedAt: order.createdAt.toISOString(),
    status: order.status,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        bookId: line.productId,
        name: line.name,
        unitPrice: penceToPounds(line.unitPricePence),
        quantity: line.quantity,
      })),
    subtotal: penceToPounds(order.subtotalPence),
    shipping: penceToPounds(order.shippingPence),
    discount: penceToPounds(order.discountPence),
    total: penceToPounds(order.totalPence),
    currency: order.currency,
    discountCode: order.discountCode,
    email: order.email,
    deliveryAddress: order.deliveryAddress ? { ...order.deliveryAddress } : null,
    trackingRef: order.trackingRef,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
    history: history
      .filter((line) => line.orderId === order.id)
      .map((line) => ({ status: line.toStatus, at: line.createdAt.toISOString(), mailSubject: line.mailSubject })),
  }));
}

export async function countOrders(db: Db, owner: OrderOwner): Promise<number> {
  const [row] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(orders)
    .where(ownedBy(owner));
  return Number(row?.n ?? 0);
}

/** The fields a redaction clears: the e-mail address and the whole delivery address (name, address, phone). */
const REDACTED = {
  email: '',
  deliveryAddress: null,
  redactWhenFinal: false,
  personalDataRedactedAt: sql`now()`,
  updatedAt: sql`now()`,
} as const;

const finalStatuses = () => statusesWhere('final');

/**
 * Detaches the owner's orders from the account and redacts their personal fields: at once for an
 * order in a final status, on reaching one for an order still on its way (`redact_when_final`).
 * Also clears the address from the checkouts and discount codes that carry it. Answers counts.
 */
export async function detachAndRedactOrders(
  tx: Db,
  owner: OrderOwner,
): Promise<{ redacted: number; onArrival: number }> {
  const mine = ownedBy(owner);
  const redacted = await tx
    .update(orders)
    .set({ ...REDACTED, userId: null })
    .where(and(mine, inArray(orders.status, finalStatuses())))
    .returning({ id: orders.id });
  const onArrival = await tx
    .update(orders)
    .set({ userId: null, redactWhenFinal: true, updatedAt: sql`now()` })
    .where(and(mine, sql`not (${inArray(orders.status, finalStatuses())})`))
    .returning({ id: orders.id });
  if (owner.email) {
    await tx
      .update(checkoutSessions)
      .set({ email: '' })
      .where(sql`lower(${checkoutSessions.email}) = ${owner.email}`);
    await tx
      .update(discountCodes)
      .set({ email: '' })
      .where(sql`lower(${discountCodes.email}) = ${owner.email}`);
  }
  if (owner.userId)
    await tx.update(checkoutSessions).set({ userId: null }).where(eq(checkoutSessions.userId, owner.userId));
  return { redacted: redacted.length, onArrival: onArrival.length };
}

/**
 * Redacts the orders whose customer asked to be forgotten and that have reached a final status
 * (those of `orderId` only, or all). Answers the e-mail addresses they held, so the caller can
 * scrub the mail kept for them.
 */
export async function redactArrivedOrders(tx: Db, orderId?: string): Promise<{ redacted: number; emails: string[] }> {
  const rows = await tx
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(
      and(
        eq(orders.redactWhenFinal, true),
        inArray(orders.status, finalStatuses()),
        orderId ? eq(orders.id, orderId) : undefined,
      ),
    )
    .for('update');
  if (rows.length === 0) return { redacted: 0, emails: [] };
  await tx
    .update(orders)
    .set(REDACTED)
    .where(
      inArray(
        orders.id,
        rows.map((row) => row.id),
      ),
    );
  return { redacted: rows.length, emails: [...new Set(rows.map((row) => row.email.toLowerCase()))] };
}

/**
 * Retention: redacts the personal fields of orders made before `boundary` (decision 146) that
 * still hold them. Answers how many.
 */
export async function redactOrdersMadeBefore(tx: Db, boundary: Date): Promise<number> {
  const rows = await tx
    .update(orders)
    .set(REDACTED)
    .where(and(lt(orders.createdAt, boundary), isNull(orders.personalDataRedactedAt)))
    .returning({ id: orders.id });
  return rows.length;
}
