/**
 * /admin/orders: 'Orders Overview'. Each order row edits its own status and references: the
 * status select offers only the current and later states, a reference is read-only once set,
 * a Delivered order cannot be edited. Submitting asks for confirmation, then mails the customer.
 * On a phone the table turns into one card per order.
 */
import { useState } from 'react';
import type { AdminOrder } from '@shared/contracts/order';
import { allowedStatuses, type OrderStatus } from '@shared/order-status';
import { MSG } from '@shared/messages';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { formatDate, formatPounds, shortOrderId } from '../../../lib/format';
import { OrderItems } from '../OrderItems';
import { useAdminOrders, useUpdateOrderStatus } from './api';
import page from '../../../styles/admin.module.css';
import styles from './Orders.module.css';

interface Draft {
  status: OrderStatus;
  bookVaultRef: string;
  trackingRef: string;
}

/** Lets a long address wrap before the @ rather than mid-word. */
const withBreakBeforeAt = (email: string) => {
  const at = email.lastIndexOf('@');
  return at > 0 ? (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  ) : (
    email
  );
};

const draftOf = (order: AdminOrder): Draft => ({ status: order.status, bookVaultRef: order.bookVault_ref ?? '', trackingRef: order.tracking_ref ?? '' });

function OrderRow({ order }: { order: AdminOrder }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [seen, setSeen] = useState(order);
  if (seen !== order) {
    // the server's copy changed (after an update): start from it again
    setSeen(order);
    setDraft(draftOf(order));
  }
  const update = useUpdateOrderStatus();
  const banner = useBanner();
  const delivered = order.status === 'Delivered';
  const short = shortOrderId(order.order_id);
  const changed =
    draft.status !== order.status || draft.bookVaultRef.trim() !== (order.bookVault_ref ?? '') || draft.trackingRef.trim() !== (order.tracking_ref ?? '');

  const submit = () => {
    if (!window.confirm(MSG.confirmOrderUpdate)) return;
    update.mutate(
      {
        customer_email: order.user_email,
        order_id: order.order_id,
        status: draft.status,
        bookVault_ref: draft.bookVaultRef.trim() || null,
        tracking_ref: draft.trackingRef.trim() || null,
      },
      {
        onSuccess: () => banner.show({ content: MSG.orderStatusUpdated, action: 'success' }),
        onError: (error) => {
          const reason = serverMessage(error);
          banner.show({ content: reason ? `${MSG.failedUpdateOrderStatus} ${reason}` : MSG.failedUpdateOrderStatus, action: 'error' });
        },
      },
    );
  };

  const id = (name: string) => `${name}-${order.order_id}`;
  return (
    <tr className={delivered ? styles.done : undefined}>
      <th scope="row" data-label="Order">
        <span>
          <span className={styles.orderId}>{short}</span>
          <span className={styles.date}>{formatDate(order.date)}</span>
        </span>
      </th>
      <td data-label="Customer" className={styles.email}>
        {withBreakBeforeAt(order.user_email)}
      </td>
      <td data-label="Items">
        <OrderItems className={styles.items} items={order.items} />
      </td>
      <td data-label="Total" className={styles.money}>
        <span>
          {formatPounds(order.total_cost)} <span className={styles.currency}>{order.currency.toUpperCase()}</span>
        </span>
      </td>
      <td data-label="Status">
        <label className="visually-hidden" htmlFor={id('status')}>
          Status of order {short}
        </label>
        <select
          id={id('status')}
          className={`${page.input} ${styles.control} ${styles[`status${draft.status}`]}`}
          value={draft.status}
          disabled={delivered || update.isPending}
          onChange={(event) => setDraft({ ...draft, status: event.target.value as OrderStatus })}
        >
          {allowedStatuses(order.status).map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </td>
      <td data-label="References">
        <div className={styles.refs}>
          <label className={styles.refLabel} htmlFor={id('bookvault')}>
            BookVault<span className="visually-hidden"> reference of order {short}</span>
          </label>
          <input
            id={id('bookvault')}
            className={`${page.input} ${styles.control}`}
            value={draft.bookVaultRef}
            readOnly={Boolean(order.bookVault_ref) || delivered}
            disabled={update.isPending}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, bookVaultRef: event.target.value })}
          />
          <label className={styles.refLabel} htmlFor={id('tracking')}>
            Tracking<span className="visually-hidden"> reference of order {short}</span>
          </label>
          <input
            id={id('tracking')}
            className={`${page.input} ${styles.control}`}
            value={draft.trackingRef}
            readOnly={Boolean(order.tracking_ref) || delivered}
            disabled={update.isPending}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, trackingRef: event.target.value })}
          />
        </div>
      </td>
      <td data-label="Actions">
        <div className={styles.rowActions}>
          <Button onClick={submit} disabled={delivered || !changed || update.isPending} aria-label={`Submit order ${short}`}>
            Submit
          </Button>
          <Button variant="secondary" onClick={() => setDraft(draftOf(order))} disabled={delivered || !changed || update.isPending} aria-label={`Cancel changes to order ${short}`}>
            Cancel
          </Button>
        </div>
      </td>
    </tr>
  );
}

export function OrdersPage() {
  const orders = useAdminOrders();
  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Admin</span>
          Orders Overview
        </h1>
        {orders.data && <p className={page.muted}>{orders.data.length === 1 ? '1 order' : `${orders.data.length} orders`}</p>}
      </div>
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {serverMessage(orders.error) ? MSG.failedFetchOrders : MSG.errorFetchingOrders}
        </p>
      ) : orders.data.length === 0 ? (
        <p className={page.muted}>No orders yet.</p>
      ) : (
        <div className={styles.wrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Items</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
                <th scope="col">References</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <OrderRow key={order.order_id} order={order} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
