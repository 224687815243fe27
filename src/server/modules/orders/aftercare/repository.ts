/**
 * SQL of an order's after-care (issue 27): its own log (private notes, address corrections,
 * replacements, problems), the customer's problem reports, and the replacement orders linked to it.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { ProblemReason, ReplacementReason } from '@shared/contracts/orders';
import type { Db } from '../../../db/client';
import { orderEvents, orderItems, orderProblems, orders, printJobs } from '../../../db/schema';
import { listOrdersWithItems } from '../repository';

export type OrderEventKind = (typeof orderEvents.$inferInsert)['kind'];

export async function insertEvent(
  tx: Db,
  event: { orderId: string; kind: OrderEventKind; text: string; by: string },
): Promise<void> {
  // The statement's own time, so that two lines of one transaction keep their order.
  await tx.insert(orderEvents).values({ ...event, createdAt: sql`clock_timestamp()` });
}

export function listEvents(db: Db, orderId: string) {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** What after-care reads of an order. */
const aftercareColumns = {
  id: orders.id,
  checkoutSessionId: orders.checkoutSessionId,
  email: orders.email,
  userId: orders.userId,
  status: orders.status,
  kind: orders.kind,
  bookVaultRef: orders.bookVaultRef,
  deliveryAddress: orders.deliveryAddress,
  addressMissing: orders.addressMissing,
  deliveryZone: orders.deliveryZone,
  printHoldUntil: orders.printHoldUntil,
};

/** The order's row with what after-care needs, locked for the rest of the transaction. */
export async function lockAftercareOrder(tx: Db, orderId: string) {
  const [row] = await tx.select(aftercareColumns).from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}
export type AftercareOrder = NonNullable<Awaited<ReturnType<typeof lockAftercareOrder>>>;

/** The same row, unlocked. */
export async function findAftercareOrder(db: Db, orderId: string): Promise<AftercareOrder | null> {
  const [row] = await db.select(aftercareColumns).from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export async function saveDeliveryAddress(tx: Db, orderId: string, address: DeliveryAddress): Promise<void> {
  await tx
    .update(orders)
    .set({ deliveryAddress: address, addressMissing: false, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** The order's lines as bought (book, name, quantity, the book's key). */
export function orderLines(db: Db, orderId: string) {
  return db
    .select({
      productId: orderItems.productId,
      productKey: orderItems.productKey,
      name: orderItems.name,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** Copies of each book already sent again for `parentOrderId` (by the book's ID as bought). */
export async function replacedCopies(db: Db, parentOrderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: orderItems.productId, copies: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.parentOrderId, parentOrderId))
    .groupBy(orderItems.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.copies)]));
}

/** The replacement orders of these orders, oldest first, with their lines, print cost and reason. */
export async function findReplacements(db: Db, parentOrderIds: string[]) {
  if (parentOrderIds.length === 0) return [];
  const rows = await listOrdersWithItems(db, { where: inArray(orders.parentOrderId, parentOrderIds) });
  const extra = await db
    .select({ id: orders.id, reason: orders.replacementReason, costPence: printJobs.costPence })
    .from(orders)
    .leftJoin(printJobs, eq(printJobs.orderId, orders.id))
    .where(inArray(orders.parentOrderId, parentOrderIds));
  const byId = new Map(extra.map((row) => [row.id, row]));
  return rows.reverse().map((row) => ({
    ...row,
    reason: (byId.get(row.id)?.reason ?? 'other') as ReplacementReason,
    costPence: byId.get(row.id)?.costPence ?? null,
  }));
}

export type ProblemRow = typeof orderProblems.$inferSelect;

/** The report, or null when the order already has an open one (the partial unique index decides). */
export async function insertProblem(
  tx: Db,
  problem: { orderId: string; reason: ProblemReason; message: string; photoKeys: string[]; reportedBy: string },
): Promise<ProblemRow | null> {
  const [row] = await tx.insert(orderProblems).values(problem).onConflictDoNothing().returning();
  return row ?? null;
}

/** The order's last report, open or closed. */
export async function latestProblem(db: Db, orderId: string): Promise<ProblemRow | null> {
  const [row] = await db
    .select()
    .from(orderProblems)
    .where(eq(orderProblems.orderId, orderId))
    .orderBy(desc(orderProblems.createdAt))
    .limit(1);
  return row ?? null;
}

/** Closes the order's open report, if any; answers it. */
export async function closeOpenProblem(
  tx: Db,
  orderId: string,
  close: { how: 'replacement' | 'refund' | 'note'; note: string | null; by: string },
): Promise<ProblemRow | null> {
  const [row] = await tx
    .update(orderProblems)
    .set({ closedHow: close.how, closedNote: close.note, closedBy: close.by, closedAt: sql`now()` })
    .where(and(eq(orderProblems.orderId, orderId), isNull(orderProblems.closedAt)))
    .returning();
  return row ?? null;
}
