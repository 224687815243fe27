/**
 * /cancel_order?order=<id>&token=<token>: the confirmation mail's "Cancel this order" link for a
 * guest (issue 26). It shows the order (books, total, where it stands) and, while the print hold
 * lasts, "Cancel this order" with its confirm step; then the outcome. A link that was used, has
 * run out or was cut short gets the server's sentence and the ways on (contact page, terms). The
 * token is read in the browser (the page is rendered there: decision 131 keeps unknown parameters
 * away from the server's render).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CancelResult, Cancellation } from '@shared/contracts/orders';
import { statusLabel } from '@shared/order-status';
import { Spinner } from '../../components/Spinner';
import { serverMessage } from '../../lib/api';
import { formatDate, formatPounds, shortOrderId } from '../../lib/format';
import { useCancellation } from './api/cancel-order';
import { CancelOrderConfirm } from './CancelOrderConfirm';
import { STATUS_STYLE } from './OrderHistory';
import { PaymentBadge } from './PaymentBadge';
import pages from '../../styles/pages.module.css';
import history from './OrderHistory.module.css';
import styles from './GuestCancel.module.css';

const BROKEN_LINK =
  'This cancel link is not complete. Open it from your confirmation e-mail again, or write to us through the contact page with your order number.';

function WaysOn() {
  return (
    <p className={styles.ways}>
      <Link to="/contact">Contact us</Link>
      <span aria-hidden="true"> · </span>
      <Link to="/terms">Terms of sale: cancelling and refunds</Link>
    </p>
  );
}

function OrderSummary({ order, result }: { order: Cancellation; result: CancelResult | null }) {
  const status = result?.status ?? order.status;
  const payment = result?.payment_status ?? order.payment_status;
  return (
    <section className={styles.card} aria-labelledby="cancel-order-number">
      <div className={styles.head}>
        <h2 id="cancel-order-number" className={styles.number}>
          Order #{shortOrderId(order.order_id)}
        </h2>
        <span className={styles.badges}>
          <span className={`${history.status} ${STATUS_STYLE[status] ?? ''}`}>{statusLabel(status)}</span>
          <PaymentBadge status={payment} />
        </span>
      </div>
      <p className={styles.placed}>
        Placed on <time dateTime={order.date}>{formatDate(order.date)}</time>
      </p>
      <ul className={styles.lines}>
        {order.items.map((line) => (
          <li key={line.product_id}>
            <span>
              {line.quantity} × {line.item}
            </span>
            <span className={styles.price}>{formatPounds(line.unit_price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>Total paid</span>
        <span className={styles.price}>
          {formatPounds(order.total)} {order.currency.toUpperCase()}
        </span>
      </p>
      {order.refunded_total > 0 && !result && (
        <p className={styles.refunded}>{formatPounds(order.refunded_total)} has been refunded.</p>
      )}
    </section>
  );
}

export function GuestCancelPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const token = params.get('token');
  const cancellation = useCancellation(token ? orderId : '', token);
  const [result, setResult] = useState<CancelResult | null>(null);

  let body;
  if (!orderId || !token) {
    body = (
      <div className={styles.notice} role="alert">
        <p>{BROKEN_LINK}</p>
        <WaysOn />
      </div>
    );
  } else if (cancellation.isPending) {
    body = <Spinner label="Loading your order" />;
  } else if (cancellation.isError) {
    body = (
      <div className={styles.notice} role="alert">
        <p>{serverMessage(cancellation.error) ?? 'Your order could not be loaded. Please try again in a moment.'}</p>
        <WaysOn />
      </div>
    );
  } else {
    const order = cancellation.data;
    body = (
      <>
        <OrderSummary order={order} result={result} />
        {order.can_cancel && order.cancellable_until ? (
          <CancelOrderConfirm
            orderId={order.order_id}
            refund={Math.round((order.total - order.refunded_total) * 100) / 100}
            until={order.cancellable_until}
            token={token}
            onCancelled={setResult}
          />
        ) : (
          <div className={styles.notice}>
            <p>{order.reason ?? 'This order can no longer be cancelled here.'}</p>
            <WaysOn />
          </div>
        )}
      </>
    );
  }

  return (
    <main className={pages.page}>
      <h1>{result ? 'Your order is cancelled' : 'Cancel your order'}</h1>
      {body}
    </main>
  );
}
