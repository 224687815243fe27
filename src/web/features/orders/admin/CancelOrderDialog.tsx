/**
 * The owner's "Cancel order" dialog (issue 26): what will happen at the printer (the server's
 * sentence for this order's print job), how much goes back (everything not yet refunded, ticked by
 * default), a reason from the fixed list and a note. A refused cancel keeps the dialog open with
 * the server's sentence; when the printer refused or could not be reached the books still go out,
 * so a refund is offered instead.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AdminOrderDetail, RefundReason } from '@shared/contracts/orders';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ApiError, serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { formatPounds } from '../../../lib/format';
import { useCancelOrder } from './after-sale-api';
import { NoteField, ReasonField } from './AfterSaleFields';
import page from '../../../styles/admin.module.css';
import styles from './AfterSale.module.css';

interface Props {
  order: AdminOrderDetail;
  open: boolean;
  onClose(): void;
  onRefundInstead(): void;
}

export function CancelOrderDialog({ order, open, onClose, onRefundInstead }: Props) {
  const cancel = useCancelOrder(order.order_id);
  const banner = useBanner();
  const id = useId();
  const [refund, setRefund] = useState(true);
  const [reason, setReason] = useState<RefundReason>('customer_cancelled');
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<{ text: string; refundInstead: boolean } | null>(null);
  const canRefund = order.refundable > 0;
  const possible = order.cancel.possible;

  const close = () => {
    setRefusal(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    cancel.mutate(
      { refund: canRefund && refund, reason, note },
      {
        onSuccess: (result) => {
          banner.show({ content: result.message, action: 'success' });
          close();
        },
        onError: (error) =>
          setRefusal({
            text: serverMessage(error) ?? 'The order could not be cancelled. Please try again.',
            // The printer refused, or could not be reached: the books still go out, so the owner may
            // refund instead (not after another refusal, such as a change that came first).
            refundInstead:
              error instanceof ApiError &&
              (error.kind === 'printer_refused' || error.kind === 'printer_unreachable') &&
              canRefund,
          }),
      },
    );
  };

  return (
    <Dialog open={open} title="Cancel this order?" size="wide" busy={cancel.isPending} onClose={close}>
      <form onSubmit={submit} aria-describedby={`${id}-printer`}>
        <div className={styles.printerNews} id={`${id}-printer`}>
          <h3 className={styles.smallHeading}>At the printer</h3>
          <p>{order.cancel.message}</p>
        </div>

        {possible && (
          <>
            {canRefund ? (
              <label className={styles.check}>
                <input type="checkbox" checked={refund} onChange={(event) => setRefund(event.target.checked)} />
                <span>
                  Refund <strong>{formatPounds(order.refundable)}</strong> to the customer
                  <span className={styles.checkHint}>
                    {order.refundable < order.total_cost
                      ? `Everything not refunded yet, of ${formatPounds(order.total_cost)} paid.`
                      : 'Everything they paid, shipping included.'}{' '}
                    Untick to keep the money for now; you can refund later.
                  </span>
                </span>
              </label>
            ) : (
              <p className={page.muted}>Nothing is left to refund: the order was refunded in full.</p>
            )}
            <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
            <NoteField id={`${id}-note`} value={note} onChange={setNote} />
          </>
        )}

        {refusal && (
          <div className={`${page.alert} ${page.danger} ${styles.refusal}`} role="alert">
            <p>{refusal.text}</p>
            {refusal.refundInstead && (
              <Button
                variant="secondary"
                onClick={() => {
                  setRefusal(null);
                  onRefundInstead();
                }}
              >
                Refund instead…
              </Button>
            )}
          </div>
        )}

        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            {possible ? 'Keep the order' : 'Close'}
          </Button>
          {possible && (
            <Button type="submit" variant="danger" disabled={cancel.isPending} aria-busy={cancel.isPending}>
              {cancel.isPending
                ? 'Cancelling…'
                : canRefund && refund
                  ? `Cancel and refund ${formatPounds(order.refundable)}`
                  : 'Cancel order'}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
