/**
 * The order status machine, as one table (docs/decisions/042): every status in the order an order
 * goes through them, the statuses each may move to, which are final (the order can no longer be
 * changed), what each means to the rest of the shop, and the words shoppers and the owner see.
 * Cancelled (decision 137) is final and reached only by a cancel, from a status that can be cancelled.
 * The server's status change (modules/orders), the print worker, the dashboard's SQL, the admin's
 * orders page, the customer's order history and the mails read it; nothing else names a status.
 * Adding a status is a row here (every meaning is required), plus its words and style where it is
 * shown (those are `Record<OrderStatus, …>`, so the compiler lists them). Decision 135.
 */

interface StatusRow<S extends string> {
  /** How the status is shown (admin options, order history, mails). */
  label: string;
  /**
   * The statuses the owner's status editor or the printer's progress may move an order in this status
   * to (besides staying, to add references). A cancel is not such a move: it has its own flow and
   * reaches the `cancelled` status from a status that `canBeCancelled`.
   */
  next: readonly S[];
  /** No change at all once here: neither status nor references. */
  final: boolean;
  /** With the printer and not yet sent: the printer's acceptance leaves an order here, and one without an address needs the owner. */
  awaitsPrinter: boolean;
  /** On its way: the printer's "dispatched" moves an order here; the dashboard lists those that take too long. */
  inTransit: boolean;
  /** The books have arrived: the printer's "delivered" moves an order here; reaching it mails a review link, and its books can be reviewed. */
  arrived: boolean;
  /** A sale: the dashboard counts the order and its revenue (a cancelled order is not one; its refunds still count). */
  countsAsSale: boolean;
  /** The owner (and the customer, within the print hold) may cancel it: the books have not left the printer. */
  canBeCancelled: boolean;
  /** Undone: reached only by a cancel (never by the status editor or the printer), with its own mail. */
  cancelled: boolean;
}

/** What a status can mean to the rest of the shop (a column of the table). */
export type StatusMeaning = 'awaitsPrinter' | 'inTransit' | 'arrived' | 'countsAsSale' | 'canBeCancelled' | 'cancelled';

/** Checks that every `next` names a status of the table. */
const defineStatuses = <const S extends string>(table: { [K in S]: StatusRow<NoInfer<S>> }) => table;

export const ORDER_STATUS_TABLE = defineStatuses({
  Printing: {
    label: 'Printing',
    next: ['Shipped', 'Delivered'],
    final: false,
    awaitsPrinter: true,
    inTransit: false,
    arrived: false,
    countsAsSale: true,
    canBeCancelled: true,
    cancelled: false,
  },
  Shipped: {
    label: 'Shipped',
    next: ['Delivered'],
    final: false,
    awaitsPrinter: false,
    inTransit: true,
    arrived: false,
    countsAsSale: true,
    canBeCancelled: false,
    cancelled: false,
  },
  Delivered: {
    label: 'Delivered',
    next: [],
    final: true,
    awaitsPrinter: false,
    inTransit: false,
    arrived: true,
    countsAsSale: true,
    canBeCancelled: false,
    cancelled: false,
  },
  Cancelled: {
    label: 'Cancelled',
    next: [],
    final: true,
    awaitsPrinter: false,
    inTransit: false,
    arrived: false,
    countsAsSale: false,
    canBeCancelled: false,
    cancelled: true,
  },
});

export type OrderStatus = keyof typeof ORDER_STATUS_TABLE;
/** Every status, in the order an order goes through them (a zod enum and the database column use it). */
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_TABLE) as [OrderStatus, ...OrderStatus[]];
/** A paid order's first status. */
export const INITIAL_ORDER_STATUS: OrderStatus = ORDER_STATUSES[0];

export const isFinalStatus = (status: OrderStatus): boolean => ORDER_STATUS_TABLE[status].final;
/** An order in this status can be reviewed (its books have arrived): the status that mails the review link. */
export const canBeReviewed = (status: OrderStatus): boolean => ORDER_STATUS_TABLE[status].arrived;
/** Reaching this status mails the customer a link to review the books. */
export const invitesReview = (status: OrderStatus): boolean => ORDER_STATUS_TABLE[status].arrived;

/** Every status with this meaning, in the order an order goes through them (for SQL: `status in (…)`). */
export const statusesWhere = (meaning: StatusMeaning): OrderStatus[] =>
  ORDER_STATUSES.filter((status) => ORDER_STATUS_TABLE[status][meaning]);

/**
 * The one status with this meaning: where the printer's progress moves an order. The table must
 * give each printer step one status; a test holds it, and this throws rather than guess.
 */
export function theStatusWhere(meaning: StatusMeaning): OrderStatus {
  const [only, ...more] = statusesWhere(meaning);
  if (!only || more.length > 0) throw new Error(`The order status table must have exactly one ${meaning} status`);
  return only;
}

/** The books have not left the printer: the order may still be cancelled (by the owner; by the customer within the hold). */
export const canBeCancelled = (status: OrderStatus): boolean => ORDER_STATUS_TABLE[status].canBeCancelled;
/** The order counts as a sale (dashboard's order count and revenue). */
export const countsAsSale = (status: OrderStatus): boolean => ORDER_STATUS_TABLE[status].countsAsSale;
/** The status a cancel moves an order to. */
export const cancelledStatus = (): OrderStatus => theStatusWhere('cancelled');

export const statusLabel = (status: OrderStatus): string => ORDER_STATUS_TABLE[status].label;

/** True when an order in `from` may be set to `to` (a different status). */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_STATUS_TABLE[from].next as readonly OrderStatus[]).includes(to);
}

/** Statuses an order may be set to from `current`: itself (to add references) and every allowed move; only itself when final. */
export function allowedStatuses(current: OrderStatus): OrderStatus[] {
  return isFinalStatus(current) ? [current] : [current, ...ORDER_STATUSES.filter((status) => canMove(current, status))];
}
