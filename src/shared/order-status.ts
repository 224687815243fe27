/**
 * The order status machine, as one table (docs/decisions/042): every status in the order an order
 * goes through them, the statuses each may move to, which are final (the order can no longer be
 * changed), and the words shoppers and the owner see. The server's status change
 * (modules/orders), the admin's orders page (its options), the customer's order history and
 * the mails read it. Adding a status is a row here, plus its words where it is shown (the mails
 * and the pages' styles are keyed by status, so the compiler lists them).
 */

interface StatusRow<S extends string> {
  /** How the status is shown (admin options, order history, mails). */
  label: string;
  /** The statuses an order in this status may be moved to (besides staying, to add references). */
  next: readonly S[];
  /** No change at all once here: neither status nor references. */
  final: boolean;
  /** Reaching it mails the customer a link to review the books. */
  invitesReview?: boolean;
}

/** Checks that every `next` names a status of the table. */
const defineStatuses = <const S extends string>(table: { [K in S]: StatusRow<NoInfer<S>> }) => table;

export const ORDER_STATUS_TABLE = defineStatuses({
  Printing: { label: 'Printing', next: ['Shipped', 'Delivered'], final: false },
  Shipped: { label: 'Shipped', next: ['Delivered'], final: false },
  Delivered: { label: 'Delivered', next: [], final: true, invitesReview: true },
});

export type OrderStatus = keyof typeof ORDER_STATUS_TABLE;
/** Every status, in the order an order goes through them (a zod enum and the database column use it). */
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_TABLE) as [OrderStatus, ...OrderStatus[]];
/** A paid order's first status. */
export const INITIAL_ORDER_STATUS: OrderStatus = ORDER_STATUSES[0];

export const isFinalStatus = (status: OrderStatus): boolean => ORDER_STATUS_TABLE[status].final;
/** An order in this status can be reviewed (its books have arrived): the status that mails the review link. */
export const canBeReviewed = (status: OrderStatus): boolean => ORDER_STATUS_TABLE[status].invitesReview === true;
export const statusLabel = (status: OrderStatus): string => ORDER_STATUS_TABLE[status].label;

/** True when an order in `from` may be set to `to` (a different status). */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_STATUS_TABLE[from].next as readonly OrderStatus[]).includes(to);
}

/** Statuses an order may be set to from `current`: itself (to add references) and every allowed move; only itself when final. */
export function allowedStatuses(current: OrderStatus): OrderStatus[] {
  return isFinalStatus(current) ? [current] : [current, ...ORDER_STATUSES.filter((status) => canMove(current, status))];
}
