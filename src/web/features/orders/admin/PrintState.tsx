/**
 * Where an order is with the print partner (decision 112), in the owner's words: a small badge in
 * the overview's status cell and the order's Printing section. "Needs attention" is a warning;
 * nothing is shown for an order without a print job (a shop that sends its orders by hand).
 */
import type { PrintState } from '@shared/contracts/orders';
import styles from './PrintState.module.css';

export const PRINT_STATE_LABELS: Record<PrintState, string> = {
  queued: 'Queued',
  sent: 'Sent to printer',
  printing: 'Printing',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  'needs attention': 'Needs attention',
  cancelled: 'Cancelled',
};

const stateClass: Record<PrintState, string | undefined> = {
  queued: styles.queued,
  sent: styles.sent,
  printing: styles.printing,
  dispatched: styles.dispatched,
  delivered: styles.delivered,
  'needs attention': styles.attention,
  cancelled: styles.cancelled,
};

/** The print partners' names as the owner knows them. */
export function partnerName(partner: string): string {
  if (partner === 'bookvault') return 'BookVault';
  if (partner === 'simulated') return 'Simulated printer';
  return partner;
}

/**
 * The state as a badge. `prefixed` adds "Printer" before it (the overview, where the order's own
 * status stands beside it); a screen reader always hears what the badge is about.
 */
export function PrintStateBadge({ state, prefixed = false }: { state: PrintState | null; prefixed?: boolean }) {
  if (!state) return null;
  return (
    <span className={styles.wrap}>
      {prefixed ? (
        <span className={styles.prefix}>
          Printer<span className="visually-hidden">:</span>
        </span>
      ) : (
        <span className="visually-hidden">Print partner: </span>
      )}
      <span className={`${styles.badge} ${stateClass[state] ?? ''}`}>{PRINT_STATE_LABELS[state]}</span>
    </span>
  );
}
