/**
 * What the customer's order history shows of a cancel and refunds (issue 26): when it was
 * cancelled, how much went back and when ("Partly refunded · £7.99 refunded on 28/11/2026"), and
 * "Cancel this order" while the print hold lasts. The history is rendered in the browser only
 * (the profile holds the session), so reading the clock here never differs from the server's.
 */
import type { Order } from '@shared/contracts/orders';
import { formatDate, formatPounds } from '../../lib/format';
import { CancelOrderConfirm } from './CancelOrderConfirm';
import { PaymentBadge } from './PaymentBadge';
import styles from './CancelOrder.module.css';

export function OrderAfterSale({ order }: { order: Order }) {
  const refunded = order.payment_status !== 'paid' && order.refunded_total > 0;
  const cancellable = order.cancellable_until !== null && Date.parse(order.cancellable_until) > Date.now();
  return (
    <>
      {(order.cancelled_at || refunded) && (
        <p className={styles.money}>
          {order.cancelled_at && (
            <span>
              Cancelled on <time dateTime={order.cancelled_at}>{formatDate(order.cancelled_at)}</time>
            </span>
          )}
          {refunded && (
            <span>
              <PaymentBadge status={order.payment_status} /> {formatPounds(order.refunded_total)} refunded
              {order.refunded_at && (
                <>
                  {' '}
                  on <time dateTime={order.refunded_at}>{formatDate(order.refunded_at)}</time>
                </>
              )}
            </span>
          )}
        </p>
      )}
      {cancellable && (
        <CancelOrderConfirm
          orderId={order.order_id}
          refund={Math.round((order.total_cost - order.refunded_total) * 100) / 100}
          until={order.cancellable_until!}
        />
      )}
    </>
  );
}
