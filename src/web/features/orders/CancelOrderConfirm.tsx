/**
 * "Cancel this order" for the customer (issue 26), in their order history and on the mailed
 * link's page: a confirm step that says what happens (nothing is printed, the money goes back and
 * when it shows), then the server's sentence. A refusal (the window closed a moment ago, the link
 * was used) is the server's 409 sentence, with the ways on: the contact page and the terms.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { CancelResult } from '@shared/contracts/orders';
import { REFUND_STATEMENT_TIME } from '@shared/terms';
import { Button } from '../../components/Button';
import { serverMessage } from '../../lib/api';
import { formatPounds, shortOrderId } from '../../lib/format';
import { useCustomerCancel } from './api/cancel-order';
import styles from './CancelOrder.module.css';

interface Props {
  orderId: string;
  /** Pounds that go back (what was paid and not yet refunded). */
  refund: number;
  /** ISO time the window closes. */
  until: string;
  /** The mailed link's token (a guest). */
  token?: string | null;
  onCancelled?(result: CancelResult): void;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/London',
});
/** "14:05 on 28 November" (UK time, as the shop's mails say it). */
export function untilText(iso: string): string {
  const parts = Object.fromEntries(timeFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.hour}:${parts.minute} on ${parts.day} ${parts.month}`;
}

export function CancelOrderConfirm({ orderId, refund, until, token = null, onCancelled }: Props) {
  const cancel = useCustomerCancel(orderId, token);
  const [confirming, setConfirming] = useState(false);
  const short = shortOrderId(orderId);

  if (cancel.isSuccess) {
    return (
      <p className={styles.done} role="status">
        {cancel.data.message}
      </p>
    );
  }
  if (cancel.isError) {
    return (
      <div className={styles.refused} role="alert">
        <p>{serverMessage(cancel.error) ?? 'The order could not be cancelled. Please try again.'}</p>
        <p className={styles.ways}>
          <Link to="/contact">Contact us</Link>
          <span aria-hidden="true"> · </span>
          <Link to="/terms">Terms of sale</Link>
        </p>
      </div>
    );
  }
  if (!confirming) {
    return (
      <div className={styles.offer}>
        <Button variant="dangerOutline" onClick={() => setConfirming(true)} aria-label={`Cancel order ${short}`}>
          Cancel this order
        </Button>
        <span className={styles.until}>Free until {untilText(until)}, before it goes to print.</span>
      </div>
    );
  }
  return (
    <div className={styles.confirm} role="group" aria-label={`Cancel order ${short}?`}>
      <p className={styles.question}>Cancel order #{short}?</p>
      <p>
        Nothing will be printed and {formatPounds(refund)} goes back to the card you paid with. It shows on your
        statement within {REFUND_STATEMENT_TIME}.
      </p>
      <div className={styles.buttons}>
        <Button
          variant="danger"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
          onClick={() => cancel.mutate(undefined, { onSuccess: (result) => onCancelled?.(result) })}
        >
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel the order'}
        </Button>
        <Button variant="secondary" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
          Keep the order
        </Button>
      </div>
    </div>
  );
}
