/**
 * The dashboard's discount codes: what came with a code in the period, and every code sent
 * (newest first, a page at a time): recipient, percentage, the types and ages it is for, sent,
 * expires, its state and the order that used it; an unused code can be revoked, after a confirm.
 */
import { Link } from 'react-router';
import type { Dashboard } from '@shared/contracts/dashboard';
import type { AdminDiscountCode } from '@shared/contracts/discounts';
import { adminOrderPath } from '@shared/routes';
import { Button } from '../../../components/Button';
import { ShowMore } from '../../../components/ShowMore';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { formatDate, formatPounds, shortOrderId } from '../../../lib/format';
import { useDiscountCodes, useRevokeCode } from './api';
import page from '../../../styles/admin.module.css';
import styles from './DiscountCodes.module.css';

const STATE_NAMES: Record<AdminDiscountCode['state'], string> = {
  unused: 'Unused',
  used: 'Used',
  expired: 'Expired',
  revoked: 'Revoked',
};

const confirmRevokeText = (code: AdminDiscountCode) =>
  `Revoke ${code.code}, sent to ${code.email}? It can no longer be used, and this cannot be undone.`;

function CodeRow({
  code,
  onRevoke,
  revoking,
}: {
  code: AdminDiscountCode;
  onRevoke: (code: AdminDiscountCode) => void;
  revoking: boolean;
}) {
  const scope = [
    code.types.length ? code.types.join(', ') : 'Every type',
    code.ages.length ? code.ages.join(', ') : 'every age',
  ].join(' · ');
  return (
    <li className={styles.code}>
      <div className={styles.codeHead}>
        <span className={styles.codeText}>{code.code}</span>
        <span className={`${styles.state} ${styles[`state_${code.state}`]}`}>{STATE_NAMES[code.state]}</span>
        <span className={styles.percent}>{code.percentage}% off</span>
      </div>
      <div className={styles.codeMeta}>
        <EmailAddress email={code.email} />
        <span>{scope}</span>
        <span>
          Sent {formatDate(code.sent_at)} · {code.state === 'expired' ? 'expired' : 'expires'}{' '}
          {formatDate(code.expires_at)}
          {code.revoked_at && ` · revoked ${formatDate(code.revoked_at)}`}
        </span>
        {code.used && (
          <span>
            Used by <Link to={adminOrderPath(code.used.order_id)}>order #{shortOrderId(code.used.order_id)}</Link>
            {code.used.order_date && ` on ${formatDate(code.used.order_date)}`}
          </span>
        )}
      </div>
      {code.can_revoke && (
        <Button
          variant="dangerOutline"
          className={styles.revoke}
          onClick={() => onRevoke(code)}
          disabled={revoking}
          aria-label={`Revoke ${code.code}`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** An address that breaks before its @ when it must, never inside either part unless one alone is too long. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className={styles.email}>{email}</span>;
  return (
    <span className={styles.email}>
      <span className={styles.emailPart}>{email.slice(0, at)}</span>
      <wbr />
      <span className={styles.emailPart}>{email.slice(at)}</span>
    </span>
  );
}

export function DiscountCodes({ summary }: { summary: Dashboard['discount_codes'] }) {
  const codes = useDiscountCodes();
  const revoke = useRevokeCode();
  const banner = useBanner();
  const shown = codes.data?.pages.flatMap((result) => result.codes) ?? [];

  const onRevoke = (code: AdminDiscountCode) => {
    if (!window.confirm(confirmRevokeText(code))) return;
    revoke.mutate(code.code, {
      onSuccess: (answer) => banner.show({ content: answer.message, action: 'success' }),
      onError: (error) =>
        banner.show({
          content: serverMessage(error) ?? `${code.code} could not be revoked. Please try again.`,
          action: 'error',
        }),
    });
  };

  return (
    <section className={page.panel} aria-labelledby="dashboard-codes">
      <h3 id="dashboard-codes">Discount codes</h3>
      <dl className={styles.codeFigures}>
        <div>
          <dt>Revenue with a code</dt>
          <dd>{formatPounds(summary.revenue)}</dd>
        </div>
        <div>
          <dt>Orders with a code</dt>
          <dd>{summary.orders}</dd>
        </div>
        <div>
          <dt>Taken off by codes</dt>
          <dd>{formatPounds(summary.discounts)}</dd>
        </div>
        <div>
          <dt>Codes sent</dt>
          <dd>
            {summary.sent}
            <span className={styles.muted}>
              {' '}
              ({summary.unused} unused, {summary.used} used, {summary.expired} expired, {summary.revoked} revoked)
            </span>
          </dd>
        </div>
      </dl>
      {codes.isPending ? (
        <Spinner label="Loading the codes" />
      ) : codes.isError ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          The discount codes could not be loaded. Please try again.
        </p>
      ) : shown.length === 0 ? (
        <p className={styles.muted}>
          No codes sent yet: <Link to="/admin/discounts">send one</Link>.
        </p>
      ) : (
        <>
          <ul className={styles.codes} aria-label="Codes sent, newest first">
            {shown.map((code) => (
              <CodeRow key={code.code} code={code} onRevoke={onRevoke} revoking={revoke.isPending} />
            ))}
          </ul>
          <ShowMore pages={codes} label="Show more codes" loading="Loading more codes…" />
        </>
      )}
    </section>
  );
}
