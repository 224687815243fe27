/** Print jobs SQL (decision 112): queued with the order, claimed one at a time, their outcomes, and the polls of open ones. */
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '@shared/delivery-address';
import type { Db } from '../../../db/client';
import { orderItems, orders, printJobs } from '../../../db/schema';

export type PrintJobRow = typeof printJobs.$inferSelect;

/** Partner states after which an order is no longer asked about. */
const SETTLED_PARTNER_STATES = ['delivered', 'cancelled'];

/** Queues an order's print job in the caller's transaction (the order's own), held until `holdUntil`; `problem` queues it as needing the owner at once. */
export async function insertPrintJob(
  tx: Db,
  orderId: string,
  partner: string,
  problem: string | null = null,
  /** Held until then (the cancel window, decision 137): the worker claims it only after. */
  holdUntil: Date = new Date(),
): Promise<void> {
  await tx
    .insert(printJobs)
    .values({ orderId, partner, state: problem ? 'failed' : 'queued', problem, nextAttemptAt: holdUntil })
    .onConflictDoNothing();
}

/**
 * Claims the next due job: marks it submitting (committed before anything is sent, so a stop of
 * the shop mid-call leaves a trace) and counts the attempt. Two workers never claim one job: the
 * row is locked and others skip it.
 */
export async function claimDueJob(db: Db): Promise<PrintJobRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ orderId: printJobs.orderId })
      .from(printJobs)
      .where(and(eq(printJobs.state, 'queued'), lte(printJobs.nextAttemptAt, sql`now()`)))
      .orderBy(asc(printJobs.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(printJobs)
      .set({
        state: 'submitting',
        claimedAt: sql`now()`,
        claimId: sql`gen_random_uuid()`,
        attempts: sql`${printJobs.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(printJobs.orderId, due.orderId))
      .returning();
    return claimed ?? null;
  });
}

/**
 * The job, locked, only while it is still the submission `claimed` began: still submitting under
 * the same claim (one cut off, handed to the owner and sent again since has another).
 */
export async function lockClaimedJob(tx: Db, claimed: PrintJobRow): Promise<PrintJobRow | null> {
  const [row] = await tx
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.orderId, claimed.orderId),
        eq(printJobs.state, 'submitting'),
        eq(printJobs.claimId, claimed.claimId!),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function updatePrintJob(
  tx: Db,
  orderId: string,
  values: Partial<typeof printJobs.$inferInsert>,
): Promise<void> {
  await tx
    .update(printJobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(printJobs.orderId, orderId));
}

/**
 * Submissions whose worker stopped mid-call (the shop was killed or lost the database): their
 * outcome is unknown. Each is marked failed with `problem` in one statement and answered, so the
 * owner can be told; none is sent again by itself.
 */
export async function failAbandonedSubmissions(tx: Db, olderThanMs: number, problem: string): Promise<string[]> {
  const rows = await tx
    .update(printJobs)
    .set({ state: 'failed', problem, outcomeUnknown: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(printJobs.state, 'submitting'),
        lte(printJobs.claimedAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`),
      ),
    )
    .returning({ orderId: printJobs.orderId });
  return rows.map((row) => row.orderId);
}

/**
 * Claims up to `limit` submitted jobs that are due a look (never asked, or not for `everyMs`):
 * their checked_at is set now, so another instance polling at the same time takes others.
 */
export async function claimDuePolls(db: Db, everyMs: number, limit: number): Promise<PrintJobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ orderId: printJobs.orderId })
      .from(printJobs)
      .where(
        and(
          eq(printJobs.state, 'submitted'),
          or(isNull(printJobs.partnerState), notInArray(printJobs.partnerState, SETTLED_PARTNER_STATES)),
          or(isNull(printJobs.checkedAt), lte(printJobs.checkedAt, sql`now() - ${everyMs} * interval '1 millisecond'`)),
        ),
      )
      .orderBy(sql`${printJobs.checkedAt} nulls first`)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(printJobs)
      .set({ checkedAt: sql`now()` })
      .where(
        inArray(
          printJobs.orderId,
          due.map((row) => row.orderId),
        ),
      )
      .returning();
  });
}

export async function lockPrintJob(tx: Db, orderId: string): Promise<PrintJobRow | null> {
  const [row] = await tx.select().from(printJobs).where(eq(printJobs.orderId, orderId)).for('update');
  return row ?? null;
}

export async function findPrintJob(db: Db, orderId: string): Promise<PrintJobRow | null> {
  const [row] = await db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).limit(1);
  return row ?? null;
}

/** What the printer needs of an order: where it goes, whom to ask, and the books (their BookVault IDs as bought). */
export async function printableOrder(db: Db, orderId: string) {
  const [order] = await db
    .select({ id: orders.id, email: orders.email, address: orders.deliveryAddress })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select({ bookId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  return { ...order, address: order.address as DeliveryAddress | null, lines };
}

/** The carrier and tracking page the partner gave, kept only where the order has none yet. */
export async function fillTracking(
  tx: Db,
  orderId: string,
  carrier: string | null,
  trackingUrl: string | null,
): Promise<void> {
  if (carrier)
    await tx
      .update(orders)
      .set({ carrier })
      .where(and(eq(orders.id, orderId), isNull(orders.carrier)));
  if (trackingUrl)
    await tx
      .update(orders)
      .set({ trackingUrl })
      .where(and(eq(orders.id, orderId), isNull(orders.trackingUrl)));
}

/** The tracking page of an order, when the partner gave one. */
export async function trackingUrlOf(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ url: orders.trackingUrl }).from(orders).where(eq(orders.id, orderId));
  return row?.url ?? null;
}
