/**
 * The print partner: who prints and posts a paid order. One interface, three implementations
 * (./index.ts chooses from PRINT_PARTNER): BookVault's API (./bookvault.ts), the embedded
 * simulated printer (./simulated.ts) and manual (./manual.ts: the owner places print orders by
 * hand and types the references). The orders module owns the rules (when to send, retries,
 * "needs attention", status changes and mails); an adapter only sends one order, reads one
 * order's state and cancels one, and says exactly what happened (decision 111).
 */
import type { DeliveryAddress } from '@shared/delivery-address';

export type PrintPartnerName = 'bookvault' | 'simulated' | 'manual';

export interface PrintOrderLine {
  /** The book's BookVault ID (products.id): its ISBN in the partner's library. */
  bookId: string;
  /** A whole number of copies, at least 1. */
  quantity: number;
}

export interface PrintOrder {
  /**
   * Our order id, sent as the partner's document reference (BookVault's DocRef): one print
   * order per DocRef, and the only thing that ties the partner's order to ours.
   */
  docRef: string;
  address: DeliveryAddress;
  /** The customer's e-mail: a tracked service needs one. The partner does not mail the customer (the shop does). */
  email: string;
  lines: PrintOrderLine[];
}

/**
 * What the partner charged, in the minor unit of its account's currency (pence for a GBP
 * account). Production and dispatch are null when the answer did not break the total down.
 */
export interface PrintCost {
  totalPence: number;
  productionPence: number | null;
  dispatchPence: number | null;
  /** ISO 4217 code ('GBP') when the answer named it. */
  currency: string | null;
}

/** Why an order was refused; what the owner must do differs. */
export type RefusalCause =
  /** Our settings: the partner refuses our credentials or is not at the configured address (BOOKVAULT_API_KEY, BOOKVAULT_API_URL). */
  | 'setup'
  /** The order waits for a payment (the saved card was declined, the balance is too low): `paymentLink`. */
  | 'payment_needed'
  /** One or more lines were refused (an unknown ISBN ...). */
  | 'line_errors'
  /** The order as a whole was refused (an address field, a critical error, not active ...). */
  | 'order_errors'
  /** We did not send it: the order itself is not complete (no lines, no e-mail). */
  | 'invalid_order';

/**
 * The outcome of one submission. Only `failed` may be retried by itself; `uncertain` and
 * `duplicate` mean the partner may hold (or holds) the order already, so sending it again could
 * print it twice: they go to the owner (decision 111).
 */
export type SubmitResult =
  /** The partner holds the order and will print it. */
  | { outcome: 'accepted'; ref: string; cost: PrintCost | null }
  /**
   * The partner refused it, in its own words (`partnerWords`; `reason` is one sentence for the
   * owner that includes them). Not retryable: the cause must be fixed first. `ref` is set when the
   * partner kept an order anyway (a draft, one waiting for payment): it may hold our DocRef, so
   * cancel it (or pay it through `paymentLink`) before sending the order again.
   */
  | {
      outcome: 'refused';
      cause: RefusalCause;
      reason: string;
      partnerWords: string[];
      ref: string | null;
      paymentLink: string | null;
    }
  /**
   * The partner already holds an order with this DocRef (an earlier attempt reached it). `ref` is
   * its reference when the answer named it; otherwise the owner finds it in the partner's portal.
   */
  | { outcome: 'duplicate'; reason: string; partnerWords: string[]; ref: string | null }
  /**
   * The partner certainly did not take the order (no connection was made, 429, 408, a 503 with
   * Retry-After): try again later, after `retryAfterSeconds` when the partner said so.
   */
  | { outcome: 'failed'; reason: string; retryAfterSeconds: number | null }
  /**
   * The request may have reached the partner and we do not know its answer (a timeout after
   * sending, the connection dropped before the answer, any other 5xx, an answer we could not
   * read). Never send it again blindly.
   */
  | { outcome: 'uncertain'; reason: string }
  /** Nothing was sent: the owner places print orders by hand (PRINT_PARTNER=manual). */
  | { outcome: 'manual' };

export interface Tracking {
  number: string | null;
  carrier: string | null;
  /** An http(s) address only; anything else the partner answers is dropped. */
  url: string | null;
}

/** The partner's state of an order, normalised. */
export type PrintState =
  | { state: 'submitted' }
  | { state: 'printing' }
  | { state: 'dispatched'; tracking: Tracking }
  | { state: 'delivered'; tracking: Tracking }
  | { state: 'cancelled' }
  /** A state we have no name for: `partnerStatus` holds the partner's words (logged by the adapter); keep the order open. */
  | { state: 'unknown' };

export type PrintStatus = PrintState & {
  /** The partner's own status words, as answered (for the owner and the log). */
  partnerStatus: string;
  cost: PrintCost | null;
  /** The DocRef the partner holds for this order, when it answered one: a reference typed by the owner can be checked against our order id. */
  docRef: string | null;
};

export type CancelResult =
  | { outcome: 'cancelled' }
  /** The partner would not cancel it (already printing, dispatched ...), in its words. */
  | { outcome: 'refused'; reason: string; partnerWords: string[] }
  /** Nothing was sent: the owner cancels with the printer by hand. */
  | { outcome: 'manual' };

export interface PrintPartner {
  readonly name: PrintPartnerName;
  /** Sends one order. Never throws for the partner's or the network's failures: the result says what happened. */
  submit(order: PrintOrder): Promise<SubmitResult>;
  /**
   * The state of the order the partner knows by `ref`. Throws PrintPartnerError when the partner
   * can not be asked (try again at the next poll) or does not know the reference.
   */
  status(ref: string): Promise<PrintStatus>;
  /** Cancels the order `ref`. Throws PrintPartnerError when the partner can not be asked. */
  cancel(ref: string): Promise<CancelResult>;
}

/**
 * A status or cancel call that got no usable answer. `kind`: unavailable (network, timeout, 5xx,
 * 429: ask again later), not_found (the partner has no such order), unauthorised (the key),
 * bad_answer (an answer we could not read). The message never holds credentials.
 */
export class PrintPartnerError extends Error {
  constructor(
    message: string,
    public readonly kind: 'unavailable' | 'not_found' | 'unauthorised' | 'bad_answer',
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PrintPartnerError';
  }
}

/** Where an adapter writes what the owner's log should show (an unknown status name); Fastify's logger fits. */
export interface PrintPartnerLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Checks an order before anything is sent: the partner would refuse it anyway, with less clear words. */
export function printOrderProblems(order: PrintOrder): string[] {
  const problems: string[] = [];
  if (!order.docRef) problems.push('The order has no reference.');
  if (!order.email) problems.push('The order has no e-mail address (a tracked delivery needs one).');
  if (order.lines.length === 0) problems.push('The order has no books to print.');
  for (const line of order.lines) {
    if (!line.bookId) problems.push('A line of the order has no book ID.');
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      problems.push(`The quantity of ${line.bookId || 'a book'} must be a whole number of at least 1.`);
  }
  return problems;
}

/** The refusal for an order that `printOrderProblems` finds incomplete. */
export function invalidOrder(problems: string[]): SubmitResult {
  return {
    outcome: 'refused',
    cause: 'invalid_order',
    reason: `The order was not sent to the printer: ${problems.join(' ')}`,
    partnerWords: [],
    ref: null,
    paymentLink: null,
  };
}
