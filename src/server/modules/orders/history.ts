/** An order's history (order_status_changes): a line for its making and for every change after it, written in the change's transaction. */
import { asc, eq } from 'drizzle-orm';
import type { OrderStatus } from '@shared/order-status';
import type { Db } from '../../db/client';
import { orderStatusChanges } from '../../db/schema';

/** Who made a change that no admin made. */
export const CHANGED_BY_CHECKOUT = 'checkout';
export const CHANGED_BY_PRINT_PARTNER = 'print partner';

export interface StatusChange {
  orderId: string;
  /** Null for the order's making. */
  from: OrderStatus | null;
  to: OrderStatus;
  /** The references this change set; null when it left them as they were. */
  bookVaultRef?: string | null;
  trackingRef?: string | null;
  /** An admin's e-mail address, or CHANGED_BY_CHECKOUT / CHANGED_BY_PRINT_PARTNER. */
  by: string;
  /** The subject of the mail the change sent, null when it sent none. */
  mailSubject: string | null;
  /** What happened besides a status move (a refund, a dispute, a refused cancel), in words for the owner. */
  event?: string | null;
}

export async function recordStatusChange(tx: Db, change: StatusChange): Promise<void> {
  await tx.insert(orderStatusChanges).values({
    orderId: change.orderId,
    fromStatus: change.from,
    toStatus: change.to,
    bookVaultRef: change.bookVaultRef ?? null,
    trackingRef: change.trackingRef ?? null,
    changedBy: change.by,
    mailSubject: change.mailSubject,
    event: change.event ?? null,
  });
}

/** The order's history, oldest first. */
export async function orderHistoryLines(db: Db, orderId: string) {
  return db
    .select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.createdAt), asc(orderStatusChanges.id));
}
