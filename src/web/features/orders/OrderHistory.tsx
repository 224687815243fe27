/**
 * The signed-in customer's orders, for the profile page: order id as its last 10 characters,
 * items, total with the currency upper-cased, date en-GB, status, where it was sent (or "No
 * address recorded" for orders older than the address), and, once delivered, 'Reviewed' or a
 * 'Review' link to /review/order/{order_id} (before that, when it can be reviewed).
 */
import { Link } from 'react-router';
import * as MSG from '@shared/messages';
import { addressLines } from '@shared/delivery-address';
import { canBeReviewed, type OrderStatus } from '@shared/order-status';
import { reviewPath } from '@shared/routes';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatPounds, shortOrderId } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useOrderHistory } from './api/order-history';
import { OrderAfterSale } from './OrderAfterSale';
import { OrderItems } from './OrderItems';
import { OrderAftercare } from './OrderAftercare';
import styles from './OrderHistory.module.css';

/** Each status's colours: a new status does not compile until it has its own. */
export const STATUS_STYLE: Record<OrderStatus, string | undefined> = {
  Printing: styles.printing,
  Shipped: styles.shipped,
  Delivered: styles.delivered,
  Cancelled: styles.cancelled,
};

export function OrderHistory() {
  const { session } = useSession();
  const orders = useOrderHistory(session?.id ?? null);

  return (
    <div className={styles.history}>
      <h2 className={styles.title}>Your orders</h2>
      {orders.isPending ? (
        <Spinner label="Loading your orders" />
      ) : orders.isError ? (
        <p className={styles.error} role="alert">
          {MSG.failedLoadOrderHistory}
        </p>
      ) : orders.data.length === 0 ? (
        <div className={styles.empty}>
          <p>You have not ordered anything yet.</p>
          <Link to="/">Continue shopping</Link>
        </div>
      ) : (
        <ol className={styles.list}>
          {orders.data.map((order) => (
            <li key={order.order_id} className={styles.order}>
              <div className={styles.head}>
                <h3 className={styles.id}>
                  <span className="visually-hidden">Order </span>#{shortOrderId(order.order_id)}
                </h3>
                <span className={`${styles.status} ${STATUS_STYLE[order.status] ?? ''}`}>{order.status}</span>
              </div>
              <p className={styles.meta}>
                <time dateTime={order.date}>{formatDate(order.date)}</time>
                <span aria-hidden="true"> · </span>
                <span>
                  {formatPounds(order.total_cost)} {order.currency.toUpperCase()}
                </span>
              </p>
              <OrderItems className={styles.items} items={order.items} />
              <p className={styles.address}>
                <span className={styles.addressLabel}>Delivery address: </span>
                {order.delivery_address ? (
                  addressLines(order.delivery_address).join(', ')
                ) : (
                  <span className={styles.noAddress}>No address recorded</span>
                )}
              </p>
              {(order.tracking_ref || order.bookVault_ref) && (
                <p className={styles.refs}>
                  {order.tracking_ref && <>Tracking: {order.tracking_ref}</>}
                  {order.tracking_ref && order.bookVault_ref && ' · '}
                  {order.bookVault_ref && <>Print ref: {order.bookVault_ref}</>}
                </p>
              )}
              <OrderAfterSale order={order} />
              <OrderAftercare order={order} />
              <div className={styles.review}>
                {order.cancelled_at ? null : !canBeReviewed(order.status) ? (
                  <span className={styles.reviewLater}>You can review your books once they are delivered.</span>
                ) : order.reviewed ? (
                  <span className={styles.reviewed}>Reviewed</span>
                ) : (
                  <Link
                    className={styles.reviewLink}
                    to={reviewPath(order.order_id)}
                    aria-label={`Review order ${shortOrderId(order.order_id)}`}
                  >
                    Review
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
