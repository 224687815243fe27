/**
 * The owner's steps on a paid order (issue 26), under the order's heading: "Send to printer now"
 * while the print job is held for the cancel window, "Refund" while money is left to return, and
 * "Cancel order" while the books have not left the printer. The cancel dialog can hand over to the
 * refund dialog when the printer refused the cancel (the books still go out).
 */
import { useState } from 'react';
import type { AdminOrderDetail } from '@shared/contracts/orders';
import { canBeCancelled } from '@shared/order-status';
import { Button } from '../../../components/Button';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { useSendToPrinterNow } from './after-sale-api';
import { CancelOrderDialog } from './CancelOrderDialog';
import { formatDateTime } from './date-time';
import { RefundDialog } from './RefundDialog';
import styles from './AfterSale.module.css';

function SendNow({ order }: { order: AdminOrderDetail }) {
  const send = useSendToPrinterNow(order.order_id);
  const banner = useBanner();
  const click = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => banner.show({ content: answer.message, action: 'success' }),
      onError: (error) =>
        banner.show({
          content: `The order could not be sent to the printer. ${serverMessage(error) ?? 'Please try again.'}`,
          action: 'error',
        }),
    });
  return (
    <span className={styles.hold}>
      {order.print_hold_until && (
        <span className={styles.holdText}>
          Held for the cancel window until{' '}
          <time dateTime={order.print_hold_until}>{formatDateTime(order.print_hold_until)}</time>
        </span>
      )}
      <Button variant="secondary" onClick={click} disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send to printer now'}
      </Button>
    </span>
  );
}

export function AfterSaleActions({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState<'cancel' | 'refund' | null>(null);
  const close = () => setOpen(null);
  const cancellable = canBeCancelled(order.status);
  if (!order.can_send_now && order.refundable <= 0 && !cancellable) return null;
  return (
    <div className={styles.bar} role="group" aria-label="Order actions">
      {order.can_send_now && <SendNow order={order} />}
      {order.refundable > 0 && (
        <Button variant="secondary" onClick={() => setOpen('refund')}>
          Refund
        </Button>
      )}
      {cancellable && (
        <Button variant="dangerOutline" onClick={() => setOpen('cancel')}>
          Cancel order
        </Button>
      )}
      <CancelOrderDialog
        order={order}
        open={open === 'cancel'}
        onClose={close}
        onRefundInstead={() => setOpen('refund')}
      />
      <RefundDialog order={order} open={open === 'refund'} onClose={close} />
    </div>
  );
}
