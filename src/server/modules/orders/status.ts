/**
 * The order fulfilment rules as one pure function: status only moves forward
 * (Printing → Shipped → Delivered), a Delivered order is read-only, and a reference
 * (bookVault_ref, tracking_ref) can be set once and never changed.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';

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

/** Later statuses each status may move to. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  Printing: ['Shipped', 'Delivered'],
  Shipped: ['Delivered'],
  Delivered: [],
};

const REF_LABEL = { bookVaultRef: 'BookVault reference', trackingRef: 'tracking reference' } as const;

export function planOrderUpdate(current: OrderState, change: RequestedChange): OrderUpdatePlan {
  if (current.status === 'Delivered') {
    return { ok: false, message: 'This order has been delivered and can no longer be changed.' };
  }
  const statusChanged = change.status !== current.status;
  if (statusChanged && !NEXT_STATUSES[current.status].includes(change.status)) {
    return {
      ok: false,
      message: `An order cannot go back from ${current.status} to ${change.status}; status only moves forward (${ORDER_STATUSES.join(' → ')}).`,
    };
  }
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
