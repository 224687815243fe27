/**
 * The owner's "Refund" dialog (issue 26): copies of each book and/or the delivery charge, the
 * amount they come to prefilled (and editable: a goodwill sum, a partial refund of a damaged
 * copy), a reason from the fixed list, a note, and "E-mail the customer" ticked. The amount shown
 * is the amount sent: what the chosen copies and shipping cost the customer, after the order's
 * discount (refund-choice.ts), or the owner's own figure. Never more than what is left to refund
 * (the server checks it again under a lock: a refused refund's sentence stays in the dialog).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminOrderDetail, RefundReason } from '@shared/contracts/orders';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { ApiError, serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { formatPounds } from '../../../lib/format';
import { useRefundOrder } from './after-sale-api';
import { NoteField, ReasonField } from './AfterSaleFields';
import { choiceAmountPence, copiesLeft, fieldToPence, penceToField, shippingRefunded } from './refund-choice';
import page from '../../../styles/admin.module.css';
import styles from './AfterSale.module.css';

interface Props {
  order: AdminOrderDetail;
  open: boolean;
  onClose(): void;
}

export function RefundDialog({ order, open, onClose }: Props) {
  const refund = useRefundOrder(order.order_id);
  return (
    <Dialog open={open} title="Refund" size="wide" busy={refund.isPending} onClose={onClose}>
      {/* The dialog renders its body only while open: the form starts afresh each time. */}
      <RefundForm order={order} refund={refund} onClose={onClose} />
    </Dialog>
  );
}

function RefundForm({
  order,
  refund,
  onClose,
}: {
  order: AdminOrderDetail;
  refund: ReturnType<typeof useRefundOrder>;
  onClose(): void;
}) {
  const banner = useBanner();
  const id = useId();
  const left = copiesLeft(order);
  const canShipping = order.shipping > 0 && !shippingRefunded(order);
  const [copies, setCopies] = useState<Record<string, number>>({});
  const [shipping, setShipping] = useState(false);
  const [amountText, setAmountText] = useState<string | null>(null); // null: follows the choice
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef<{ key: string; id: string | undefined } | null>(null);

  const fromChoice = choiceAmountPence(order, { copies, shipping });
  const amountField = amountText ?? (fromChoice > 0 ? penceToField(fromChoice) : '');
  const amount = fieldToPence(amountField);
  const chosenLines = order.lines
    .map((line) => ({ product_id: line.product_id, qty: copies[line.product_id] ?? 0 }))
    .filter((line) => line.qty > 0);
  const pending = refund.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null || amount <= 0)
      return setProblem('Choose books or the delivery charge, or enter an amount such as 7.99.');
    if (amount > Math.round(order.refundable * 100))
      return setProblem(`At most ${formatPounds(order.refundable)} is left to refund on this order.`);
    if (!reason) return setProblem('Choose a reason.');
    setProblem(null);
    const body = { lines: chosenLines, shipping, amount: amount / 100, reason, note, notify };
    // The same request sent again (after an error, a lost answer) carries the same refund id, which
    // is the payment provider's idempotency key: it can only ever make one refund (decision 138).
    const key = JSON.stringify(body);
    if (sent.current?.key !== key) sent.current = { key, id: globalThis.crypto?.randomUUID?.() };
    refund.mutate(
      { ...body, ...(sent.current.id ? { id: sent.current.id } : {}) },
      {
        onSuccess: (made) => {
          banner.show({
            content:
              made.state === 'failed'
                ? `The refund of ${formatPounds(made.amount)} failed: ${made.failure ?? 'the payment provider gave no reason.'}`
                : `Refunded ${formatPounds(made.amount)}${made.state === 'pending' ? ' (pending at the payment provider)' : ''}.`,
            action: made.state === 'failed' ? 'error' : 'success',
          });
          onClose();
        },
        onError: (error) => {
          // Possibly made and kept pending (decision 163): the shop finishes it; nothing more to do here.
          if (error instanceof ApiError && error.kind === 'refund_unanswered') {
            banner.show({ content: error.message, action: 'error' });
            return onClose();
          }
          setProblem(serverMessage(error) ?? 'The refund could not be made. Please try again.');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className={styles.intro}>
        {formatPounds(order.refundable)} of {formatPounds(order.total_cost)} paid is left to refund.
      </p>
      <fieldset className={styles.group}>
        <legend className={page.label}>Books</legend>
        <table className={styles.lines}>
          <thead>
            <tr>
              <th scope="col">Book</th>
              <th scope="col" className={styles.num}>
                Price
              </th>
              <th scope="col" className={styles.num}>
                Copies
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => {
              const max = left[line.product_id] ?? 0;
              return (
                <tr key={line.product_id}>
                  <th scope="row">
                    <label htmlFor={`${id}-${line.product_id}`}>{line.item}</label>
                    <span className={styles.lineHint}>
                      {max === line.quantity
                        ? `${line.quantity} bought`
                        : `${line.quantity} bought, ${line.quantity - max} refunded`}
                    </span>
                  </th>
                  <td className={styles.num}>{formatPounds(line.unit_price)}</td>
                  <td className={styles.num}>
                    <input
                      id={`${id}-${line.product_id}`}
                      className={`${page.input} ${styles.qty}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={max}
                      step={1}
                      disabled={max === 0 || pending}
                      value={copies[line.product_id] ?? 0}
                      onChange={(event) => {
                        const qty = Math.max(0, Math.min(max, Math.trunc(Number(event.target.value) || 0)));
                        setCopies((current) => ({ ...current, [line.product_id]: qty }));
                      }}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>

      <label className={styles.check}>
        <input
          type="checkbox"
          checked={shipping}
          disabled={!canShipping || pending}
          onChange={(event) => setShipping(event.target.checked)}
        />
        <span>
          Delivery charge ({formatPounds(order.shipping)})
          {!canShipping && order.shipping > 0 && <span className={styles.checkHint}>Already refunded.</span>}
        </span>
      </label>

      <div className={page.field}>
        <label className={page.label} htmlFor={`${id}-amount`}>
          Amount to refund (£)
        </label>
        <div className={styles.amountRow}>
          <input
            id={`${id}-amount`}
            className={`${page.input} ${styles.amount}`}
            inputMode="decimal"
            autoComplete="off"
            value={amountField}
            placeholder="0.00"
            disabled={pending}
            aria-describedby={`${id}-amount-hint`}
            onChange={(event) => setAmountText(event.target.value)}
          />
          {amountText !== null && fromChoice > 0 && (
            <Button variant="secondary" onClick={() => setAmountText(null)} disabled={pending}>
              Use {formatPounds(fromChoice / 100)}
            </Button>
          )}
        </div>
        <span id={`${id}-amount-hint`} className={page.hint}>
          Filled in from the books and delivery charge chosen (less the order&apos;s discount); change it for another
          sum.
        </span>
      </div>

      <ReasonField
        id={`${id}-reason`}
        value={reason}
        onChange={setReason}
        placeholder="Choose a reason"
        invalid={problem === 'Choose a reason.'}
      />
      <NoteField id={`${id}-note`} value={note} onChange={setNote} disabled={pending} />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={notify}
          disabled={pending}
          onChange={(event) => setNotify(event.target.checked)}
        />
        <span>E-mail the customer about this refund</span>
      </label>

      {problem && (
        <p className={`${page.alert} ${page.danger} ${styles.refusal}`} role="alert">
          {problem}
        </p>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? 'Refunding…' : amount && amount > 0 ? `Refund ${formatPounds(amount / 100)}` : 'Refund'}
        </Button>
      </div>
    </form>
  );
}
