/** Refund SQL (issue 26, decision 138): an order's refunds, what they return, and their provider ids. */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Refund } from '@shared/contracts/orders';
import { penceToPounds } from '@shared/money';
import type { Db } from '../../../db/client';
import { orders, refunds } from '../../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = Omit<typeof refunds.$inferInsert, 'createdAt' | 'updatedAt'>;

/** States that return money (count against what was paid). */
export const COUNTED_REFUND_STATES = ['pending', 'succeeded'] as const;

export async function listRefunds(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** What the order's pending and succeeded refunds return, in pence (read under the order's lock). */
export async function refundedPence(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ pence: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.state, [...COUNTED_REFUND_STATES])));
  return row?.pence ?? 0;
}

export async function insertRefund(db: Db, refund: NewRefund): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(refund).returning();
  return row!;
}

export async function findRefund(db: Db, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row ?? null;
}

export async function findRefundByProviderId(db: Db, providerRefundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId)).limit(1);
  return row ?? null;
}

/** Records what the provider answered or reported of a refund. */
export async function updateRefund(
  db: Db,
  id: string,
  change: Partial<Pick<RefundRow, 'state' | 'providerRefundId' | 'failure' | 'notify'>>,
): Promise<RefundRow | null> {
  const [row] = await db
    .update(refunds)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(refunds.id, id))
    .returning();
  return row ?? null;
}

/** Pending refunds the provider has not answered, made before `before`, oldest first (decision 163). */
export async function unansweredRefunds(db: Db, before: Date, limit = 100): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.state, 'pending'), isNull(refunds.providerRefundId), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

/** Claims the recording of a refund's outcome: true for the one caller that gets it (decision 163). */
export async function claimRefundOutcome(db: Db, id: string): Promise<boolean> {
  const claimed = await db
    .update(refunds)
    .set({ outcomeRecordedAt: sql`now()` })
    .where(and(eq(refunds.id, id), isNull(refunds.outcomeRecordedAt)))
    .returning({ id: refunds.id });
  return claimed.length > 0;
}

export async function deleteRefund(db: Db, id: string): Promise<void> {
  await db.delete(refunds).where(eq(refunds.id, id));
}

export function toRefundAnswer(row: RefundRow): Refund {
  return {
    id: row.id,
    amount: penceToPounds(row.amountPence),
    lines: row.lines,
    shipping: row.shipping,
    reason: row.reason as Refund['reason'],
    note: row.note,
    by: row.by,
    by_email: row.byEmail,
    created_at: row.createdAt.toISOString(),
    state: row.state,
    failure: row.failure,
  };
}

/** The order a provider's payment reference belongs to (a refund or dispute event). */
export async function findOrderIdByPaymentRef(db: Db, paymentRef: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentRef, paymentRef)).limit(1);
  return row?.id ?? null;
}

/** Marks the order disputed (once: the first dispute's time stays). */
export async function markDisputed(db: Db, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ disputedAt: sql`coalesce(${orders.disputedAt}, now())` })
    .where(eq(orders.id, orderId));
}
