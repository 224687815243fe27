/**
 * What the order history shows of an order's after-care (issue 27): the replacements sent for it
 * (with their status and tracking), "Correct the address" before it is sent to the printer, and
 * "Report a problem" once it has been sent (or that a report is open).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { CustomerOrder } from '@shared/contracts/orders';
import { statusLabel } from '@shared/order-status';
import { serverMessage } from '../../lib/api';
import { formatDate, shortOrderId } from '../../lib/format';
import { AddressForm } from './AddressForm';
import { useCorrectMyAddress } from './api/aftercare';
import styles from './Aftercare.module.css';

export function OrderAftercare({ order }: { order: CustomerOrder }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const correct = useCorrectMyAddress();
  const short = shortOrderId(order.order_id);
  return (
    <>
      {order.replacements.length > 0 && (
        <ul className={styles.replacements} aria-label={`Replacements for order ${short}`}>
          {order.replacements.map((replacement) => (
            <li key={replacement.order_id}>
              <p className={styles.replacementTitle}>
                Replacement #{shortOrderId(replacement.order_id)}: {statusLabel(replacement.status)}
              </p>
              <p className={styles.logMeta}>
                Sent <time dateTime={replacement.date}>{formatDate(replacement.date)}</time> ·{' '}
                {replacement.items.map((item) => `${item.quantity} × ${item.item}`).join(', ')}
                {replacement.tracking_ref && <> · Tracking: {replacement.tracking_ref}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
      {saved && (
        <p className={styles.done} role="status">
          {saved}
        </p>
      )}
      {editing ? (
        <AddressForm
          initial={order.delivery_address}
          countries={order.address_countries}
          label={`Delivery address of order ${short}`}
          submitLabel="Save the address"
          pending={correct.isPending}
          error={correct.isError ? (serverMessage(correct.error) ?? 'The address could not be saved.') : null}
          onCancel={() => setEditing(false)}
          onSubmit={(address) =>
            correct.mutate(
              { orderId: order.order_id, address },
              {
                onSuccess: (answer) => {
                  setSaved(answer.message);
                  setEditing(false);
                },
              },
            )
          }
        />
      ) : (
        (order.can_correct_address || order.can_report_problem || order.problem_open) && (
          <div className={styles.actions}>
            {order.can_correct_address && (
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => {
                  setSaved(null);
                  setEditing(true);
                }}
                aria-label={`Correct the address of order ${short}`}
              >
                Correct the address
              </button>
            )}
            {order.can_report_problem && (
              <Link to={`/orders/${order.order_id}/problem`} aria-label={`Report a problem with order ${short}`}>
                Report a problem
              </Link>
            )}
            {order.problem_open && <span className={styles.reported}>Problem reported: we are looking at it.</span>}
          </div>
        )
      )}
    </>
  );
}
