/**
 * The simulated printer (PRINT_PARTNER=simulated, the embedded default): `npm start` shows the
 * whole life of an order offline. It accepts every order, "prints" it after one step
 * (SIMULATED_PRINTER_STEP_SECONDS) and "dispatches" it with a made-up Royal Mail tracking number
 * after another. Delivered stays the owner's action.
 *
 * It keeps nothing: the time of submission is written in the reference it answers
 * (`SIM-<time in base 36>-<check>`), so an order's state is worked out from its reference and the
 * clock, and survives a restart of the shop. Only a cancellation is remembered, in memory; the
 * orders module records a cancellation itself and stops asking.
 *
 * For tests and demos it can be told to fail: a book whose ID starts with `FAIL-` is refused as
 * an unknown book, and `failNext(count, outcome)` makes the next submissions fail that way.
 */
import { createHash } from 'node:crypto';
import {
  invalidOrder,
  printOrderProblems,
  PrintPartnerError,
  type PrintCost,
  type PrintOrder,
  type PrintPartner,
  type PrintState,
  type SubmitResult,
} from './partner';

export const SIMULATED_PARTNER = 'simulated';
/** A book whose ID starts with this is refused, as a partner refuses an ISBN it does not hold. */
export const SIMULATED_REFUSED_PREFIX = 'FAIL-';
export const SIMULATED_CARRIER = 'Royal Mail';
/** Made-up prices: per copy, and per order for the post. */
const PRODUCTION_PENCE_PER_COPY = 350;
const DISPATCH_PENCE = 299;

export interface SimulatedOptions {
  /** Each step's length: submitted → printing → dispatched. 0: dispatched at once. */
  stepSeconds: number;
  /** Milliseconds since the epoch; tests pass a clock they move. */
  now?: () => number;
  /** The tracking link of a made-up tracking number: a clearly fake address unless the shop gives one of its own. */
  trackingUrl?: (trackingNumber: string) => string;
}

export type SimulatedFailure = 'failed' | 'uncertain' | 'refused';

export interface SimulatedPrinter extends PrintPartner {
  /** The next `count` submissions answer `outcome` (nothing is accepted for them). */
  failNext(count: number, outcome: SimulatedFailure): void;
}

const REF = /^SIM-([0-9A-Z]{1,11})-([0-9A-F]{4})$/;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').toUpperCase();

/** The reference of an order submitted at `submittedAt` (ms): its time, and a check from our DocRef. */
export function simulatedRef(docRef: string, submittedAt: number): string {
  return `SIM-${Math.floor(submittedAt).toString(36).toUpperCase()}-${digest(docRef).slice(0, 4)}`;
}

/** When the order `ref` was submitted (ms), or null when it is not one of the simulated printer's. */
export function simulatedSubmittedAt(ref: string): number | null {
  const match = REF.exec(ref);
  if (!match) return null;
  const at = parseInt(match[1]!, 36);
  return Number.isSafeInteger(at) ? at : null;
}

/** A made-up tracking number like Royal Mail's (letters, nine digits, GB) but starting SIM, which no real one does: the same for the same reference. */
export function simulatedTrackingNumber(ref: string): string {
  const digits = (BigInt(`0x${digest(ref).slice(0, 15)}`) % 1_000_000_000n).toString().padStart(9, '0');
  return `SIM${digits}GB`;
}

const defaultTrackingUrl = (trackingNumber: string) => `https://tracking.example/simulated-printer/${trackingNumber}`;

function cost(order: PrintOrder): PrintCost {
  const copies = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const production = copies * PRODUCTION_PENCE_PER_COPY;
  return {
    totalPence: production + DISPATCH_PENCE,
    productionPence: production,
    dispatchPence: DISPATCH_PENCE,
    currency: 'GBP',
  };
}

function failure(outcome: SimulatedFailure): SubmitResult {
  if (outcome === 'failed')
    return { outcome, reason: 'The simulated printer is unavailable (told to fail).', retryAfterSeconds: null };
  if (outcome === 'uncertain') return { outcome, reason: 'The simulated printer did not answer (told to fail).' };
  const words = ['Told to refuse this order.'];
  return {
    outcome,
    cause: 'order_errors',
    reason: `The simulated printer refused the order: ${words.join(' ')}`,
    partnerWords: words,
    ref: null,
    paymentLink: null,
  };
}

export function simulatedPrintPartner(options: SimulatedOptions): SimulatedPrinter {
  const now = options.now ?? Date.now;
  const stepMs = Math.max(0, options.stepSeconds) * 1000;
  const trackingUrl = options.trackingUrl ?? defaultTrackingUrl;
  const cancelled = new Set<string>();
  const failures: SimulatedFailure[] = [];

  function stateOf(ref: string): PrintState['state'] {
    const submittedAt = simulatedSubmittedAt(ref);
    if (submittedAt === null) throw new PrintPartnerError(`The simulated printer has no order ${ref}.`, 'not_found');
    if (cancelled.has(ref)) return 'cancelled';
    const elapsed = now() - submittedAt;
    if (elapsed >= 2 * stepMs) return 'dispatched';
    if (elapsed >= stepMs) return 'printing';
    return 'submitted';
  }

  return {
    name: SIMULATED_PARTNER,

    failNext(count, outcome) {
      for (let i = 0; i < count; i++) failures.push(outcome);
    },

    async submit(order) {
      const problems = printOrderProblems(order);
      if (problems.length > 0) return invalidOrder(problems);
      const told = failures.shift();
      if (told) return failure(told);
      const refusedLines = order.lines.flatMap((line, index) =>
        line.bookId.startsWith(SIMULATED_REFUSED_PREFIX)
          ? [`Line ${index + 1} (ISBN ${line.bookId}): ISBNNotFound`]
          : [],
      );
      if (refusedLines.length > 0) {
        return {
          outcome: 'refused',
          cause: 'line_errors',
          reason: `The simulated printer refused the order: ${refusedLines.join('. ')}.`,
          partnerWords: refusedLines,
          ref: null,
          paymentLink: null,
        };
      }
      return { outcome: 'accepted', ref: simulatedRef(order.docRef, now()), cost: cost(order) };
    },

    async status(ref) {
      const state = stateOf(ref);
      const common = { cost: null, docRef: null };
      switch (state) {
        case 'dispatched': {
          const number = simulatedTrackingNumber(ref);
          return {
            state,
            tracking: { number, carrier: SIMULATED_CARRIER, url: trackingUrl(number) },
            partnerStatus: 'Dispatched',
            ...common,
          };
        }
        case 'printing':
          return { state, partnerStatus: 'Printing', ...common };
        case 'cancelled':
          return { state, partnerStatus: 'Cancelled', ...common };
        default:
          return { state: 'submitted', partnerStatus: 'Received', ...common };
      }
    },

    async cancel(ref) {
      const state = stateOf(ref);
      if (state === 'dispatched') {
        const words = ['The order has been dispatched.'];
        return {
          outcome: 'refused',
          reason: `The simulated printer did not cancel order ${ref}: ${words.join(' ')}`,
          partnerWords: words,
        };
      }
      cancelled.add(ref);
      return { outcome: 'cancelled' };
    },
  };
}
