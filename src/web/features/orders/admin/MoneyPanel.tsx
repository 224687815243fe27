/**
 * The order's money (issue 26): what was paid, refunded and kept (net), where the payment stands
 * (paid, partly refunded, refunded), a dispute the customer opened with their bank, and each refund:
 * how much, what for, why, who made it and when, and its state at the payment provider (a failed
 * one with the provider's words; it returned nothing, so it is not in the refunded sum).
 */
import type { AdminOrderDetail, Refund } from '@shared/contracts/orders';
import { REFUND_REASONS } from '@shared/contracts/orders';
import { formatPounds } from '../../../lib/format';
import { PaymentBadge } from '../PaymentBadge';
import { formatDateTime } from './date-time';
import { EmailAddress } from './EmailAddress';
import page from '../../../styles/admin.module.css';
import styles from './AfterSale.module.css';

const STATE_LABELS: Record<Refund['state'], string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/** What a refund covered: "1 × Mazes, delivery charge", or "An amount" for a sum alone. */
function covered(refund: Refund, order: AdminOrderDetail): string {
  const names = new Map(order.lines.map((line) => [line.product_id, line.item]));
  const parts = refund.lines.map((line) => `${line.qty} × ${names.get(line.product_id) ?? line.product_id}`);
  if (refund.shipping) parts.push('delivery charge');
  return parts.length > 0 ? parts.join(', ') : 'An amount';
}

function By({ refund }: { refund: Refund }) {
  if (refund.by === 'stripe_dashboard') return <>in Stripe&apos;s dashboard</>;
  if (refund.by === 'customer') return <>by the customer (cancelled)</>;
  return <>by {refund.by_email ? <EmailAddress email={refund.by_email} /> : 'the owner'}</>;
}

export function MoneyPanel({ order }: { order: AdminOrderDetail }) {
  const refunded = Math.round((order.total_cost - order.refundable) * 100) / 100;
  return (
    <section className={`${page.panel} ${styles.money}`} aria-labelledby="order-money">
      <div className={styles.moneyHead}>
        <h2 id="order-money">Money</h2>
        <PaymentBadge status={order.payment_status} showPaid />
      </div>
      {order.disputed_at && (
        <p className={`${page.alert} ${page.danger}`}>
          The customer disputed this payment with their bank on {formatDateTime(order.disputed_at)}. Answer it in
          Stripe&apos;s dashboard.
        </p>
      )}
      <dl className={styles.sums}>
        <div>
          <dt>Paid</dt>
          <dd>{formatPounds(order.total_cost)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{refunded > 0 ? `− ${formatPounds(refunded)}` : formatPounds(0)}</dd>
        </div>
        <div className={styles.net}>
          <dt>Net</dt>
          <dd>{formatPounds(order.refundable)}</dd>
        </div>
      </dl>
      {order.refunds.length > 0 && (
        <>
          <h3 className={styles.smallHeading}>Refunds</h3>
          <ol className={styles.refunds}>
            {order.refunds.map((refund) => (
              <li key={refund.id} className={styles.refund}>
                <p className={styles.refundHead}>
                  <strong>{formatPounds(refund.amount)}</strong>
                  <span className={`${styles.state} ${styles[refund.state]}`}>{STATE_LABELS[refund.state]}</span>
                </p>
                <p className={styles.refundWhat}>
                  {covered(refund, order)} · {REFUND_REASONS[refund.reason]}
                </p>
                {refund.note && <p className={styles.refundNote}>“{refund.note}”</p>}
                {refund.state !== 'succeeded' && refund.failure && (
                  <p className={styles.refundFailure}>{refund.failure}</p>
                )}
                <p className={styles.refundMeta}>
                  <time dateTime={refund.created_at}>{formatDateTime(refund.created_at)}</time> <By refund={refund} />
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
