/**
 * The order fulfilment rules as one pure function, over the status table of
 * src/shared/order-status.ts: status moves only as the table allows (Printing → Shipped →
 * Delivered today), a final status is read-only, and a reference (bookVault_ref, tracking_ref)
 * can be set once and never changed.
 */
import { ORDER_STATUSES, canMove, isFinalStatus, statusLabel, type OrderStatus } from '@shared/order-status';

export interface OrderState {
  status: OrderStatus;
  bookVaultRef: string | null;
  trackingRef: string | null;
}

export interface RequestedChange {
  status: OrderStatus;
  /** null = not given (keep what is there). */
  bookVaultRef: string | null;
  trackingRef: string | null;
}

export type OrderUpdatePlan =
  | { ok: true; next: OrderState; statusChanged: boolean; refsAdded: Array<'bookVaultRef' | 'trackingRef'> }
  | { ok: false; message: string };

const REF_LABEL = { bookVaultRef: 'BookVault reference', trackingRef: 'tracking reference' } as const;

function refusedMove(from: OrderStatus, to: OrderStatus): string {
  if (ORDER_STATUSES.indexOf(to) < ORDER_STATUSES.indexOf(from)) {
    return `An order cannot go back from ${from} to ${to}; status only moves forward (${ORDER_STATUSES.join(' → ')}).`;
  }
  return `An order cannot go from ${from} to ${to}.`;
}

export function planOrderUpdate(current: OrderState, change: RequestedChange): OrderUpdatePlan {
  if (isFinalStatus(current.status)) {
    return {
      ok: false,
      message: `This order has been ${statusLabel(current.status).toLowerCase()} and can no longer be changed.`,
    };
  }
  const statusChanged = change.status !== current.status;
  if (statusChanged && !canMove(current.status, change.status))
    return { ok: false, message: refusedMove(current.status, change.status) };
  const next: OrderState = { ...current, status: change.status };
  const refsAdded: Array<'bookVaultRef' | 'trackingRef'> = [];
  for (const key of ['bookVaultRef', 'trackingRef'] as const) {
    const wanted = change[key];
    if (wanted === null || wanted === current[key]) continue;
    if (current[key] !== null) {
      return { ok: false, message: `The ${REF_LABEL[key]} is already set to ${current[key]} and cannot be changed.` };
    }
    next[key] = wanted;
    refsAdded.push(key);
  }
  if (!statusChanged && refsAdded.length === 0) {
    return { ok: false, message: 'Nothing to update: choose a later status or add a reference.' };
  }
  return { ok: true, next, statusChanged, refsAdded };
}
