/**
 * The owner's side of a problem order (issue 27), on the order's page: the customer's report with
 * its photos (closed by a replacement or a note), the linked orders (the original and the
 * replacements, with what the printer charged), "Send a replacement" (books and quantities, a
 * reason, a note, the address prefilled), the address correction while the printer does not hold
 * the order, and the order's log with the owner's private notes.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  PROBLEM_REASON_LABELS,
  REPLACEMENT_REASONS,
  type AdminOrderDetail,
  type ReplacementReason,
} from '@shared/contracts/orders';
import type { DeliveryAddress } from '@shared/delivery-address';
import { statusLabel } from '@shared/order-status';
import { Button } from '../../../components/Button';
import { ApiError, serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { formatPounds, shortOrderId } from '../../../lib/format';
import { AddressFields, AddressForm, startingAddress } from '../AddressForm';
import { RefundDialog } from './RefundDialog';
import { useAddNote, useCloseProblem, useCorrectAddress, useSendReplacement } from './api';
import { formatDateTime } from './date-time';
import page from '../../../styles/admin.module.css';
import styles from '../Aftercare.module.css';

const adminOrderPath = (orderId: string) => `/admin/orders/${orderId}`;
const failed = (error: unknown, fallback: string) => serverMessage(error) ?? fallback;

/** The customer's report: reason, message, photos; closed how, or a note that closes it. */
export function ProblemPanel({ order }: { order: AdminOrderDetail }) {
  const problem = order.problem;
  const close = useCloseProblem();
  const [note, setNote] = useState('');
  if (!problem) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate({ orderId: order.order_id, text: note }, { onSuccess: () => setNote('') });
  };
  return (
    <section className={`${page.panel} ${problem.closed ? '' : styles.problemPanel}`} aria-labelledby="order-problem">
      <h2 id="order-problem">{problem.closed ? 'Problem reported (closed)' : 'Problem reported'}</h2>
      <p>
        <strong>{PROBLEM_REASON_LABELS[problem.reason]}</strong> · by {problem.reported_by},{' '}
        <time dateTime={problem.at}>{formatDateTime(problem.at)}</time>
      </p>
      <p className={styles.logText}>{problem.message}</p>
      {problem.photos.length > 0 && (
        <ul className={styles.photos} aria-label="Photos">
          {problem.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noopener noreferrer">
                <img src={photo} alt={`Photo ${index + 1} from the customer`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {problem.closed ? (
        <p className={page.muted}>
          Closed by {problem.closed.how === 'note' ? 'a note' : `a ${problem.closed.how}`} ({problem.closed.by},{' '}
          <time dateTime={problem.closed.at}>{formatDateTime(problem.closed.at)}</time>)
          {problem.closed.note ? `: ${problem.closed.note}` : '.'}
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} aria-label="Close the problem">
          <p className={page.muted}>
            Send a replacement or make a refund (either closes the report), or close it with a note saying what was
            done.
          </p>
          <div className={styles.field}>
            <label htmlFor="problem-close-note" className={styles.label}>
              Note
            </label>
            <input
              id="problem-close-note"
              className={styles.input}
              value={note}
              maxLength={2000}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {close.isError && (
            <p className={styles.error} role="alert">
              {failed(close.error, 'The report could not be closed.')}
            </p>
          )}
          <div className={styles.buttons}>
            <Button type="submit" variant="secondary" disabled={close.isPending || !note.trim()}>
              Close with this note
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function ReplacementDialog({ order, onClose }: { order: AdminOrderDetail; onClose: () => void }) {
  const send = useSendReplacement();
  const banner = useBanner();
  const [picked, setPicked] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReplacementReason>('damaged_in_transit');
  const [note, setNote] = useState('');
  // Typed only when changed (else the original's is sent), from the countries the order may go to.
  const [address, setAddress] = useState<DeliveryAddress>(() =>
    startingAddress(order.delivery_address, order.address_countries),
  );
  const [editAddress, setEditAddress] = useState(order.delivery_address === null);
  const [error, setError] = useState<string | null>(null);
  const lines = Object.entries(picked).filter(([, qty]) => qty > 0);

  const submit = (event: FormEvent, confirmAgain = false) => {
    event.preventDefault();
    setError(null);
    const body = {
      lines: lines.map(([product_id, qty]) => ({ product_id, qty })),
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(editAddress ? { address } : {}),
      ...(confirmAgain ? { confirm_again: true } : {}),
    };
    send.mutate(
      { orderId: order.order_id, body },
      {
        onSuccess: (answer) => {
          banner.show({ content: answer.message, action: 'success' });
          onClose();
        },
        onError: (failure) => {
          const message = failed(failure, 'The replacement could not be made.');
          // 'already_replaced': a book of it was replaced already; the owner may confirm another (decision 165).
          if (failure instanceof ApiError && failure.kind === 'already_replaced' && window.confirm(message))
            submit(event, true);
          else setError(message);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Send a replacement">
      <fieldset className={styles.fieldset}>
        <legend>Books to send again</legend>
        {order.lines.map((line) => {
          const chosen = (picked[line.product_id] ?? 0) > 0;
          return (
            <div key={line.product_id} className={styles.lineChoice}>
              <input
                type="checkbox"
                id={`replace-${line.product_id}`}
                checked={chosen}
                onChange={(event) =>
                  setPicked({ ...picked, [line.product_id]: event.target.checked ? line.quantity : 0 })
                }
              />
              <label htmlFor={`replace-${line.product_id}`}>{line.item}</label>
              <input
                type="number"
                className={styles.input}
                aria-label={`Copies of ${line.item}`}
                min={1}
                max={line.quantity}
                value={picked[line.product_id] || line.quantity}
                disabled={!chosen}
                onChange={(event) => setPicked({ ...picked, [line.product_id]: Number(event.target.value) })}
              />
            </div>
          );
        })}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="replacement-reason" className={styles.label}>
          Reason
        </label>
        <select
          id="replacement-reason"
          className={styles.input}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReplacementReason)}
        >
          {Object.entries(REPLACEMENT_REASONS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="replacement-note" className={styles.label}>
          Note (private)
        </label>
        <textarea
          id="replacement-note"
          className={styles.input}
          value={note}
          maxLength={1000}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend>Send to</legend>
        {editAddress ? (
          <AddressFields value={address} countries={order.address_countries} onChange={setAddress} />
        ) : (
          <p>
            {[address.name, address.line1, address.city, address.postcode].filter(Boolean).join(', ')}{' '}
            <button type="button" className={styles.linkButton} onClick={() => setEditAddress(true)}>
              Change
            </button>
          </p>
        )}
      </fieldset>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" disabled={send.isPending || lines.length === 0} aria-busy={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send the replacement'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The original and the replacements, and "Send a replacement". */
export function ReplacementsPanel({ order }: { order: AdminOrderDetail }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const { original, replacements } = order.linked_orders;
  if (!original && replacements.length === 0 && !order.can_replace) return null;
  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
    setOpen(false);
  };
  return (
    <section className={`${page.panel} ${styles.afterStatus}`} aria-labelledby="order-replacements">
      <h2 id="order-replacements">{original ? 'Replacement' : 'Replacements'}</h2>
      {original && (
        <p>
          A free replacement for order{' '}
          <Link to={adminOrderPath(original.order_id)}>{shortOrderId(original.order_id)}</Link> (
          {statusLabel(original.status)}). It is not a sale.
        </p>
      )}
      {replacements.length > 0 && (
        <ul className={styles.log}>
          {replacements.map((replacement) => (
            <li key={replacement.order_id} className={styles.logEntry}>
              <p className={styles.logText}>
                <Link to={adminOrderPath(replacement.order_id)}>{shortOrderId(replacement.order_id)}</Link>:{' '}
                {replacement.items.map((item) => `${item.quantity} × ${item.item}`).join(', ')}
              </p>
              <p className={styles.logMeta}>
                {replacement.reason ? REPLACEMENT_REASONS[replacement.reason] : ''} · {statusLabel(replacement.status)}
                {replacement.tracking_ref && <> · tracking {replacement.tracking_ref}</>}
                {replacement.print_cost !== null && <> · printer {formatPounds(replacement.print_cost)}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
      {order.can_replace && (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={show}>
            Send a replacement
          </Button>
        </div>
      )}
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="replacement-title" onClose={() => setOpen(false)}>
        <h2 id="replacement-title">Send a replacement</h2>
        <p className={page.muted}>
          The books chosen are printed again at no charge to the customer, who is told by e-mail.
        </p>
        {order.refundable > 0 && (
          <p className={page.muted}>
            Or put it right with money:{' '}
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                close();
                setRefunding(true);
              }}
            >
              Refund instead…
            </button>
          </p>
        )}
        {open && <ReplacementDialog order={order} onClose={close} />}
      </dialog>
      <RefundDialog order={order} open={refunding} onClose={() => setRefunding(false)} />
    </section>
  );
}

/** "Correct the address", while the printer does not hold the order. */
export function CorrectAddress({ order }: { order: AdminOrderDetail }) {
  const [editing, setEditing] = useState(false);
  const correct = useCorrectAddress();
  const banner = useBanner();
  if (!order.can_correct_address) return null;
  if (!editing)
    return (
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {order.delivery_address ? 'Correct the address' : 'Add the address'}
        </Button>
      </div>
    );
  return (
    <AddressForm
      initial={order.delivery_address}
      countries={order.address_countries}
      label="Delivery address"
      submitLabel="Save the address"
      pending={correct.isPending}
      error={correct.isError ? failed(correct.error, 'The address could not be saved.') : null}
      onCancel={() => setEditing(false)}
      onSubmit={(address) =>
        correct.mutate(
          { orderId: order.order_id, address },
          {
            onSuccess: (answer) => {
              banner.show({ content: answer.message, action: 'success' });
              setEditing(false);
            },
          },
        )
      }
    />
  );
}

/** The order's own log: notes, corrections, replacements, reports; and a private note. */
export function OrderLog({ order }: { order: AdminOrderDetail }) {
  const add = useAddNote();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ orderId: order.order_id, text }, { onSuccess: () => setText('') });
  };
  return (
    <section className={`${page.panel} ${styles.last}`} aria-labelledby="order-notes">
      <h2 id="order-notes">Notes and after-care</h2>
      <p className={styles.private}>Private: never shown or mailed to the customer.</p>
      {order.events.length > 0 && (
        <ol className={styles.log}>
          {order.events.map((event, index) => (
            <li key={index} className={`${styles.logEntry} ${event.kind === 'note' ? styles.logNote : ''}`}>
              <p className={styles.logText}>{event.text}</p>
              <p className={styles.logMeta}>
                {event.kind === 'note' ? 'Note' : 'Event'} · <time dateTime={event.at}>{formatDateTime(event.at)}</time>{' '}
                · {event.by}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className={styles.form} onSubmit={submit} aria-label="Add a note">
        <div className={styles.field}>
          <label htmlFor="order-note" className={styles.label}>
            Add a private note
          </label>
          <textarea
            id="order-note"
            className={styles.input}
            value={text}
            maxLength={2000}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {add.isError && (
          <p className={styles.error} role="alert">
            {failed(add.error, 'The note could not be added.')}
          </p>
        )}
        <div className={styles.buttons}>
          <Button type="submit" variant="secondary" disabled={add.isPending || !text.trim()}>
            Add note
          </Button>
        </div>
      </form>
    </section>
  );
}
