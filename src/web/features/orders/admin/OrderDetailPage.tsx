/**
 * /admin/orders/:orderId: one order in full, for the owner who posts it. What was bought (quantity,
 * unit price, line total) and what was paid (subtotal, discount and its code, shipping, total,
 * the payment's reference); who bought it and where it goes (the address as a label, copied with
 * one click); where the print partner has it (PrintPanel: its state, cost, tracking, and "Send
 * again" when it needs the owner); its status and print references, changed with the overview's
 * own control; and its history: each change, when, by whom and the mail it sent. The owner's
 * new-order mail and the print partner problem mail link here.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { AdminOrderDetail } from '@shared/contracts/orders';
import { addressLines, codePointName, splitAtInvisible, type DeliveryAddress } from '@shared/delivery-address';
import { statusLabel, type OrderStatus } from '@shared/order-status';
import { Button } from '../../../components/Button';
import { PricedLines } from '../../../components/PricedLines';
import { PriceRows } from '../../../components/PriceRows';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { formatPounds, shortOrderId } from '../../../lib/format';
import { useAdminOrder } from './api';
import { formatDateTime } from './date-time';
import { AfterSaleActions } from './AfterSaleActions';
import { EmailAddress } from './EmailAddress';
import { MoneyPanel } from './MoneyPanel';
import { OrderStatusEditor } from './OrderStatusEditor';
import { PrintPanel } from './PrintPanel';
import { CorrectAddress, OrderLog, ProblemPanel, ReplacementsPanel } from './Aftercare';
import page from '../../../styles/admin.module.css';
import styles from './OrderDetail.module.css';

/** How long "Copied" stays after the address was copied. */
const COPIED_MS = 4000;

const statusPill: Record<OrderStatus, string | undefined> = {
  Printing: styles.printing,
  Shipped: styles.shipped,
  Delivered: styles.delivered,
  Cancelled: styles.cancelled,
};

function StatusPill({ status }: { status: OrderStatus }) {
  return <span className={`${styles.pill} ${statusPill[status] ?? ''}`}>{statusLabel(status)}</span>;
}

/** Copies the label's lines; when the browser refuses, selects the label for a copy by hand. */
function CopyAddress({ lines, label }: { lines: string[]; label: RefObject<HTMLElement | null> }) {
  const [result, setResult] = useState<'copied' | 'refused' | null>(null);
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      setResult('copied');
    } catch {
      // no clipboard (an insecure page) or permission refused
      if (label.current) window.getSelection()?.selectAllChildren(label.current);
      setResult('refused');
    }
  };

  return (
    <div className={styles.copy}>
      <Button variant="secondary" onClick={() => void copy()}>
        Copy address
      </Button>
      <span className={result === 'refused' ? styles.copyRefused : styles.copied} role="status">
        {result === 'copied'
          ? 'Copied'
          : result === 'refused'
            ? 'The browser did not allow copying: the address is selected, copy it with Ctrl+C (⌘C on a Mac).'
            : ''}
      </span>
    </div>
  );
}

/** A line of the label with each invisible character shown as its code (⟨U+202E⟩), so that none reorders or hides the text around it. */
function Visible({ text }: { text: string }) {
  return (
    <>
      {splitAtInvisible(text).map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className={styles.invisible} title="An invisible character">
            ⟨{codePointName(part)}⟩
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

function AddressLabel({ address }: { address: DeliveryAddress }) {
  const label = useRef<HTMLElement>(null);
  const lines = addressLines(address);
  return (
    <>
      <address className={styles.label} ref={label}>
        {lines.map((line, index) => (
          <span key={index} className={styles.labelLine}>
            <Visible text={line} />
          </span>
        ))}
      </address>
      {address.phone && (
        <p className={styles.phone}>
          Phone:{' '}
          <a href={`tel:${address.phone.replace(/[^+0-9]/g, '')}`}>
            <Visible text={address.phone} />
          </a>
        </p>
      )}
      <CopyAddress lines={lines} label={label} />
    </>
  );
}

/** A history line's change: its making, a move, or references added without a move. */
function Change({ from, to }: { from: OrderStatus | null; to: OrderStatus }) {
  if (from === null) return <>Order placed: {statusLabel(to)}</>;
  if (from === to) return <>{statusLabel(to)}: references added</>;
  return (
    <>
      {statusLabel(from)}{' '}
      <span role="img" aria-label="to">
        →
      </span>{' '}
      {statusLabel(to)}
    </>
  );
}

function History({ history }: { history: AdminOrderDetail['history'] }) {
  if (history.length === 0) return <p className={page.muted}>No changes recorded.</p>;
  return (
    <ol className={styles.history}>
      {history.map((change, index) => {
        // A refund, a dispute or a refused cancel without a move: the event is the line's title.
        const eventOnly =
          change.event !== null && change.from === change.to && !change.bookVault_ref && !change.tracking_ref;
        return (
          <li key={index} className={styles.event}>
            <p className={styles.change}>{eventOnly ? change.event : <Change from={change.from} to={change.to} />}</p>
            <p className={styles.eventMeta}>
              <time dateTime={change.at}>{formatDateTime(change.at)}</time>
              <span aria-hidden="true"> · </span>
              <span>by {change.by.includes('@') ? <EmailAddress email={change.by} /> : change.by}</span>
            </p>
            {(change.bookVault_ref || change.tracking_ref) && (
              <p className={styles.eventRefs}>
                {change.bookVault_ref && (
                  <span>
                    BookVault: <span className={styles.ref}>{change.bookVault_ref}</span>
                  </span>
                )}
                {change.tracking_ref && (
                  <span>
                    Tracking: <span className={styles.ref}>{change.tracking_ref}</span>
                  </span>
                )}
              </p>
            )}
            {change.event && !eventOnly && <p className={styles.eventNote}>{change.event}</p>}
            <p className={styles.eventMail}>{change.mail ? <>Mail sent: “{change.mail}”</> : 'No mail sent'}</p>
          </li>
        );
      })}
    </ol>
  );
}

function PaymentReference({ reference }: { reference: string | null }) {
  if (reference === 'demo') return <>demo (the demo checkout: no card was charged)</>;
  if (!reference) return <span className={page.muted}>Not recorded</span>;
  return <span className={styles.code}>{reference}</span>;
}

function OrderDetail({ order, overview }: { order: AdminOrderDetail; overview: string }) {
  const short = shortOrderId(order.order_id);
  const currency = order.currency.toUpperCase();
  const missing = order.address_missing && !order.delivery_address;
  const mailto = `mailto:${order.user_email}?subject=${encodeURIComponent(`Your order ${short}`)}`;
  return (
    <main className={page.page}>
      <Link className={`${page.back} ${styles.back}`} to={overview}>
        <span aria-hidden="true">←</span>All orders
      </Link>
      <div className={`${page.header} ${styles.header}`}>
        <h1>
          <span className={page.eyebrow}>Order</span>
          <span className={styles.number}>{short}</span>
        </h1>
        <p className={styles.placed}>
          Placed <time dateTime={order.date}>{formatDateTime(order.date)}</time> <StatusPill status={order.status} />
        </p>
      </div>
      <AfterSaleActions order={order} />

      {order.address_problems.length > 0 && (
        <div className={styles.warning} role="region" aria-labelledby="address-problems">
          <h2 id="address-problems">Address to check before printing</h2>
          <p>The address the payment page collected breaks the shop&apos;s address rule:</p>
          <ul className={styles.problems}>
            {order.address_problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p>
            Check it with{' '}
            <a href={mailto}>
              <EmailAddress className={styles.email} email={order.user_email} />
            </a>
            {order.print
              ? ': the order is not sent to the printer until you send it from Printing.'
              : ' before you send it to the printer.'}
          </p>
        </div>
      )}

      {missing && (
        <div className={styles.warning}>
          <h2>Address missing: ask the customer</h2>
          <p>
            The payment came without a delivery address. Write to{' '}
            <a href={mailto}>
              <EmailAddress className={styles.email} email={order.user_email} />
            </a>{' '}
            for one before the order is printed.
          </p>
        </div>
      )}

      <div className={styles.layout}>
        <div className={styles.main}>
          <ProblemPanel order={order} />
          <section className={`${page.panel} ${styles.items}`} aria-labelledby="order-items">
            <h2 id="order-items">Items</h2>
            <PricedLines
              unitColumn
              rowHeaders
              lines={order.lines.map((line) => ({
                key: line.product_id,
                name: (
                  <>
                    {line.item}
                    <span className={styles.productId}>{line.product_id}</span>
                  </>
                ),
                qty: line.quantity,
                unitPrice: line.unit_price,
              }))}
              classes={{ table: styles.lines, num: styles.num }}
            />
            <PriceRows
              subtotal={formatPounds(order.subtotal)}
              shippingLabel={order.delivery_zone ? `Shipping (${order.delivery_zone})` : 'Shipping'}
              shipping={formatPounds(order.shipping)}
              discount={
                order.discount > 0 || order.discount_code
                  ? {
                      label: (
                        <>
                          Discount on books and shipping
                          {order.discount_code && (
                            <>
                              {' '}
                              (code <span className={styles.code}>{order.discount_code}</span>)
                            </>
                          )}
                        </>
                      ),
                      amount: formatPounds(order.discount),
                    }
                  : null
              }
              total={{
                label: 'Total',
                amount: (
                  <>
                    {formatPounds(order.total_cost)} <span className={styles.currency}>{currency}</span>
                  </>
                ),
              }}
              classes={{ list: styles.totals, total: styles.total }}
            />
          </section>

          <section className={`${page.panel} ${styles.status}`} aria-labelledby="order-status">
            <h2 id="order-status">Status and print references</h2>
            <OrderStatusEditor order={order} labelStatus>
              {(editor) => (
                <div className={styles.editor}>
                  {editor.status}
                  {editor.references}
                  {editor.actions}
                </div>
              )}
            </OrderStatusEditor>
          </section>

          <ReplacementsPanel order={order} />
          <section className={`${page.panel} ${styles.historyPanel}`} aria-labelledby="order-history">
            <h2 id="order-history">History</h2>
            <History history={order.history} />
          </section>
          <OrderLog order={order} />
        </div>

        <div className={styles.side}>
          <MoneyPanel order={order} />
          {(order.print || order.carrier || order.tracking_url) && (
            <div className={styles.print}>
              <PrintPanel order={order} />
            </div>
          )}
          <section className={`${page.panel} ${styles.delivery}`} aria-labelledby="order-delivery">
            <h2 id="order-delivery">Delivery address</h2>
            {order.delivery_address ? (
              <AddressLabel address={order.delivery_address} />
            ) : missing ? (
              <p className={styles.missing}>No address came with the payment: ask the customer.</p>
            ) : (
              <p className={page.muted}>No address recorded (the order was placed before the shop asked for one).</p>
            )}
            <CorrectAddress order={order} />
          </section>

          <section className={`${page.panel} ${styles.customer}`} aria-labelledby="order-customer">
            <h2 id="order-customer">Customer and payment</h2>
            <dl className={styles.facts}>
              <dt>E-mail</dt>
              <dd>
                <a href={mailto}>
                  <EmailAddress className={styles.email} email={order.user_email} />
                </a>
              </dd>
              <dt>Payment reference</dt>
              <dd>
                <PaymentReference reference={order.payment_ref} />
              </dd>
              <dt>Order id</dt>
              <dd className={styles.code}>{order.order_id}</dd>
            </dl>
          </section>
        </div>
      </div>
    </main>
  );
}

/** Where "All orders" goes: back to the overview as it was left (its search and filter). */
function overviewPath(state: unknown): string {
  const search = (state as { overview?: unknown } | null)?.overview;
  return typeof search === 'string' && search.startsWith('?') ? `/admin/orders${search}` : '/admin/orders';
}

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const location = useLocation();
  const overview = overviewPath(location.state);
  const order = useAdminOrder(orderId);

  if (order.isPending) {
    return (
      <main className={page.page}>
        <Spinner label="Loading the order" />
      </main>
    );
  }
  if (order.isError) {
    const unknown = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return (
      <main className={page.page}>
        <div className={styles.notFound}>
          <h1>{unknown ? 'No such order' : 'The order could not be loaded'}</h1>
          <p>
            {unknown
              ? `No order has the number ${shortOrderId(orderId)}: the link may be mistyped or cut short.`
              : 'Please try again in a moment.'}
          </p>
          <p className={styles.notFoundActions}>
            {!unknown && (
              <Button variant="secondary" onClick={() => void order.refetch()}>
                Try again
              </Button>
            )}
            <Link className={`${page.back} ${styles.back}`} to={overview}>
              <span aria-hidden="true">←</span>Back to all orders
            </Link>
          </p>
        </div>
      </main>
    );
  }
  return <OrderDetail order={order.data} overview={overview} />;
}
