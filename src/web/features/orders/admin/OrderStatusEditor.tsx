/**
 * The control that moves an order on and sets its print references, as the spec's Orders Overview
 * has it: the status select offers only the current and later statuses, a reference is read-only
 * once set, a final (Delivered) order cannot be edited at all, and Submit asks for confirmation
 * before the customer is mailed. The overview's rows and the order's detail page both use it; it
 * hands its three parts (status, references, actions) to its caller, which places them (table
 * cells in a row, a panel on the detail page).
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import type { AdminOrder } from '@shared/contracts/orders';
import * as MSG from '@shared/messages';
import { allowedStatuses, isFinalStatus, statusLabel, type OrderStatus } from '@shared/order-status';
import { Button } from '../../../components/Button';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { shortOrderId } from '../../../lib/format';
import { useUpdateOrderStatus } from './api';
import page from '../../../styles/admin.module.css';
import styles from './OrderStatusEditor.module.css';

type EditableOrder = Pick<AdminOrder, 'order_id' | 'user_email' | 'status' | 'bookVault_ref' | 'tracking_ref'>;

interface Draft {
  status: OrderStatus;
  bookVaultRef: string;
  trackingRef: string;
}

export interface StatusEditorParts {
  status: ReactNode;
  references: ReactNode;
  actions: ReactNode;
}

const draftOf = (order: EditableOrder): Draft => ({
  status: order.status,
  bookVaultRef: order.bookVault_ref ?? '',
  trackingRef: order.tracking_ref ?? '',
});
/** What the server holds of the editable fields: a refetch that brings the same values keeps the admin's draft. */
const savedOf = (order: EditableOrder) => JSON.stringify([order.status, order.bookVault_ref, order.tracking_ref]);

/** The status colour of the select's border. */
const statusClass: Record<OrderStatus, string | undefined> = {
  Printing: styles.statusPrinting,
  Shipped: styles.statusShipped,
  Delivered: styles.statusDelivered,
  Cancelled: styles.statusCancelled,
};

export function OrderStatusEditor({
  order,
  labelStatus = false,
  children,
}: {
  order: EditableOrder;
  /** Shows the status select's label ("Status"); in the overview the column heading says it. */
  labelStatus?: boolean;
  children: (parts: StatusEditorParts) => ReactNode;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [saved, setSaved] = useState(() => savedOf(order));
  if (saved !== savedOf(order)) {
    // the server's copy changed (after an update): start from it again
    setSaved(savedOf(order));
    setDraft(draftOf(order));
  }
  const update = useUpdateOrderStatus();
  const banner = useBanner();
  const final = isFinalStatus(order.status);
  const short = shortOrderId(order.order_id);
  const changed =
    draft.status !== order.status ||
    draft.bookVaultRef.trim() !== (order.bookVault_ref ?? '') ||
    draft.trackingRef.trim() !== (order.tracking_ref ?? '');

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
          banner.show({
            content: reason ? `${MSG.failedUpdateOrderStatus} ${reason}` : MSG.failedUpdateOrderStatus,
            action: 'error',
          });
        },
      },
    );
  };

  const id = (name: string) => `${name}-${order.order_id}`;
  const reference = (field: 'bookVaultRef' | 'trackingRef', name: string, savedValue: string | null) => (
    <>
      <label className={styles.refLabel} htmlFor={id(field)}>
        {name}
        <span className="visually-hidden"> reference of order {short}</span>
      </label>
      <input
        id={id(field)}
        className={`${page.input} ${styles.control}`}
        value={draft[field]}
        title={savedValue ?? undefined}
        style={{ '--ref-length': draft[field].length } as CSSProperties}
        readOnly={Boolean(savedValue) || final}
        disabled={update.isPending}
        maxLength={100}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
      />
    </>
  );

  return children({
    status: (
      <div className={styles.status}>
        <label className={labelStatus ? styles.refLabel : 'visually-hidden'} htmlFor={id('status')}>
          Status<span className={labelStatus ? 'visually-hidden' : undefined}> of order {short}</span>
        </label>
        <select
          id={id('status')}
          className={`${page.input} ${styles.control} ${statusClass[draft.status] ?? ''}`}
          value={draft.status}
          disabled={final || update.isPending}
          onChange={(event) => setDraft({ ...draft, status: event.target.value as OrderStatus })}
        >
          {allowedStatuses(order.status).map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
    ),
    references: (
      <div className={styles.refs}>
        {reference('bookVaultRef', 'BookVault', order.bookVault_ref)}
        {reference('trackingRef', 'Tracking', order.tracking_ref)}
      </div>
    ),
    actions: (
      <div className={styles.actions}>
        <Button
          className={styles.submit}
          onClick={submit}
          disabled={final || !changed || update.isPending}
          aria-label={`Submit order ${short}`}
          aria-describedby={final ? id('final') : undefined}
        >
          Submit
        </Button>
        <Button
          variant="secondary"
          className={styles.cancel}
          onClick={() => setDraft(draftOf(order))}
          disabled={final || !changed || update.isPending}
          aria-label={`Cancel changes to order ${short}`}
          aria-describedby={final ? id('final') : undefined}
        >
          Cancel
        </Button>
        {final && (
          <p className={styles.final} id={id('final')}>
            {statusLabel(order.status)}: this order cannot be changed.
          </p>
        )}
      </div>
    ),
  });
}
