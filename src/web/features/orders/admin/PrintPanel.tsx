/**
 * The order's Printing section (decision 112): where the print partner has it (its state, the
 * partner, the partner's reference and own words, the tries, what it charged), the carrier and the
 * parcel's tracking page once dispatched, and, when the order needs the owner, the partner's
 * problem with "Send again" (only a job that needs attention can be sent again, so a click on a
 * stale page never prints twice: the server answers 409 with its reason).
 */
import type { AdminOrderDetail } from '@shared/contracts/orders';
import { Button } from '../../../components/Button';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { formatPounds } from '../../../lib/format';
import { useSendToPrinterAgain } from './api';
import { formatDateTime } from './date-time';
import { PrintStateBadge, partnerName } from './PrintState';
import page from '../../../styles/admin.module.css';
import styles from './PrintPanel.module.css';

const CONFIRM_SEND_AGAIN =
  'Send this order to the printer again? Check first that the printer does not already have it.';
const CONFIRM_ADDRESS = 'Send this order to the printer with its address as it is? Check it with the customer first.';
const SEND_AGAIN_FAILED = 'The order could not be sent to the printer again.';

/** What the partner charged: "£6.49 GBP" as the shop shows its own totals; another currency in its own sign. */
function Cost({ amount, currency }: { amount: number; currency: string | null }) {
  const code = (currency ?? 'GBP').toUpperCase();
  if (code === 'GBP') {
    return (
      <>
        {formatPounds(amount)} <span className={styles.currency}>GBP</span>
      </>
    );
  }
  let text: string;
  try {
    text = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(amount);
  } catch {
    text = amount.toFixed(2); // a code Intl does not know: the number, and the code beside it
  }
  return (
    <>
      {text} <span className={styles.currency}>{code}</span>
    </>
  );
}

function SendAgain({ orderId, confirmText }: { orderId: string; confirmText: string }) {
  const send = useSendToPrinterAgain();
  const banner = useBanner();
  const click = () => {
    if (!window.confirm(confirmText)) return;
    send.mutate(orderId, {
      onSuccess: (answer) => banner.show({ content: answer.message, action: 'success' }),
      onError: (error) => {
        const reason = serverMessage(error);
        banner.show({
          content: reason ? `${SEND_AGAIN_FAILED} ${reason}` : `${SEND_AGAIN_FAILED} Please try again.`,
          action: 'error',
        });
      },
    });
  };
  return (
    <Button onClick={click} disabled={send.isPending} aria-busy={send.isPending}>
      {send.isPending ? 'Sending…' : 'Send again'}
    </Button>
  );
}

export function PrintPanel({ order }: { order: AdminOrderDetail }) {
  const { print, carrier, tracking_url: trackingUrl } = order;
  const attention = print?.state === 'needs attention';
  // Held before its first try because the payment page's address breaks the rule (decision 133): Send again confirms it.
  const addressHeld = attention && print.attempts === 0 && order.address_problems.length > 0;
  // what the partner has not told: not yet while it goes on, none once it stopped
  const notGiven = attention ? 'None' : 'Not yet';
  return (
    <section
      className={`${page.panel} ${styles.panel} ${attention ? styles.needsYou : ''}`}
      aria-labelledby="order-print"
    >
      <div className={styles.head}>
        <h2 id="order-print">Printing</h2>
        {print && <PrintStateBadge state={print.state} />}
      </div>

      {print && attention && (
        <div className={styles.problem}>
          <h3>{addressHeld ? 'Held until you check the address' : 'The printer could not take this order'}</h3>
          <p className={styles.problemText}>{print.problem ?? 'The print partner gave no reason.'}</p>
          <p className={styles.problemHint}>
            {addressHeld
              ? 'It has not been sent to the printer. Once the customer has confirmed the address, send it.'
              : "The customer has not been told. Fix the cause (or check in the partner's portal that it does not hold the order), then send it again."}
          </p>
          {print.can_send_again ? (
            <SendAgain orderId={order.order_id} confirmText={addressHeld ? CONFIRM_ADDRESS : CONFIRM_SEND_AGAIN} />
          ) : (
            <p className={styles.problemHint}>It can be sent again once it has a delivery address.</p>
          )}
        </div>
      )}
      {print && !attention && print.problem && (
        <p className={styles.retrying}>
          <strong>Last try failed:</strong> {print.problem} The shop tries again by itself.
        </p>
      )}

      <dl className={styles.facts}>
        {print && (
          <>
            <div>
              <dt>Partner</dt>
              <dd>{partnerName(print.partner)}</dd>
            </div>
            <div>
              <dt>Partner&apos;s reference</dt>
              <dd>
                {print.partner_ref ? (
                  <span className={styles.code}>{print.partner_ref}</span>
                ) : (
                  <span className={styles.none}>{notGiven}</span>
                )}
              </dd>
            </div>
            <div>
              <dt>Partner&apos;s status</dt>
              <dd>{print.partner_status ?? <span className={styles.none}>{notGiven}</span>}</dd>
            </div>
            <div>
              <dt>Tries</dt>
              <dd>{print.attempts}</dd>
            </div>
            <div>
              <dt>Cost</dt>
              <dd>
                {print.cost === null ? (
                  <span className={styles.none}>Not given</span>
                ) : (
                  <Cost amount={print.cost} currency={print.cost_currency} />
                )}
              </dd>
            </div>
          </>
        )}
        {carrier && (
          <div>
            <dt>Carrier</dt>
            <dd>{carrier}</dd>
          </div>
        )}
        {trackingUrl && (
          <div>
            <dt>Tracking</dt>
            <dd>
              <a className={styles.track} href={trackingUrl} target="_blank" rel="noopener noreferrer">
                {order.tracking_ref ? <span className={styles.code}>{order.tracking_ref}</span> : 'Tracking page'}
                <span className="visually-hidden"> (tracking page, opens in a new tab)</span>
                <span aria-hidden="true">↗</span>
              </a>
            </dd>
          </div>
        )}
        {print && (
          <div>
            <dt>Last change</dt>
            <dd>
              <time dateTime={print.updated_at}>{formatDateTime(print.updated_at)}</time>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
