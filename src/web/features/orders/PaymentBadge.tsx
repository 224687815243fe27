/**
 * Where an order's money is (issue 26), as a badge beside its status: nothing for a paid order,
 * "Partly refunded" or "Refunded" once money went back. The customer's history, the owner's
 * overview and the owner's order page show the same words.
 */
import type { PaymentStatus } from '@shared/contracts/orders';
import styles from './PaymentBadge.module.css';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export function PaymentBadge({ status, showPaid = false }: { status: PaymentStatus; showPaid?: boolean }) {
  if (status === 'paid' && !showPaid) return null;
  return <span className={`${styles.badge} ${styles[status]}`}>{PAYMENT_STATUS_LABELS[status]}</span>;
}
