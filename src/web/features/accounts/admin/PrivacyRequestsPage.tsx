/**
 * /admin/privacy: "Privacy requests" (issue 28, decision 145). The owner types the address a
 * request came from (a customer or a guest), sees what the shop holds for it, downloads it as the
 * same JSON file a customer gets, or erases it by the rules of a customer's own deletion. Every
 * export and erasure is in the audit list below (who, when, the address as a hash).
 */
import { useState, type FormEvent } from 'react';
import type { PrivacyCounts } from '@shared/contracts/accounts';
import * as MSG from '@shared/messages';
import { ERASURE_DELETED, erasureKept } from '@shared/privacy';
import { isValidEmail } from '@shared/validation';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { clientConfig } from '../../../lib/config';
import { usePrivacyErase, usePrivacyExport, usePrivacyLookup, usePrivacyRequests } from './api';
import page from '../../../styles/admin.module.css';
import styles from './PrivacyRequests.module.css';

/** The customer's words about themselves, said about the person the owner answers. */
const aboutThem = (text: string) => text.replace(/\byour\b/g, 'their').replace(/\byou\b/g, 'them');

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : MSG.somethingWentWrong);

const COUNT_LABELS: Record<string, string> = {
  account: 'Account',
  orders: 'Orders',
  reviews: 'Reviews',
  wishlist: 'Wishlist books',
  basket: 'Basket lines',
  contactMessages: 'Contact messages',
  mails: 'E-mails sent',
  reviewsDeleted: 'Reviews deleted',
  reviewsAnonymised: 'Reviews kept as “A customer”',
  ordersRedacted: 'Orders redacted',
  ordersRedactedOnArrival: 'Orders redacted on arrival',
};

function Counts({ counts, label }: { counts: PrivacyCounts; label: string }) {
  return (
    <dl className={styles.counts} aria-label={label}>
      {Object.entries(counts).map(([key, value]) => (
        <div key={key} className={styles.count}>
          <dt>{COUNT_LABELS[key] ?? key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PrivacyRequestsPage() {
  const [typed, setTyped] = useState('');
  const [email, setEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [keepReviews, setKeepReviews] = useState(false);
  const found = usePrivacyLookup(email);
  const exportData = usePrivacyExport();
  const erase = usePrivacyErase();
  const banner = useBanner();

  const onFind = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setConfirming(false);
    if (!isValidEmail(typed.trim())) return setProblem(MSG.invalidEmail);
    setEmail(typed.trim().toLowerCase());
  };

  const onErase = () => {
    if (!email) return;
    erase.mutate(
      { email, reviews: keepReviews ? 'anonymise' : 'delete' },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          banner.show({ content: answer.message, action: 'success' });
        },
        onError: (error) => setProblem(messageOf(error)),
      },
    );
  };

  const data = found.data;
  const holdsAnything = data ? Object.values(data.counts).some((n) => n > 0) : false;

  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Admin</span>
          Privacy requests
        </h1>
      </div>
      <div className={styles.layout}>
        <form className={page.panel} onSubmit={onFind} noValidate>
          <p className={page.muted}>
            A customer or guest asked for a copy of their data, or to have it erased: check that the request came from
            the address, then find it here. Answer within one month.
          </p>
          <div className={page.field}>
            <label className={page.label} htmlFor="privacy-email">
              E-mail address
            </label>
            <input
              id="privacy-email"
              className={page.input}
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <div aria-live="assertive">
            {(problem || found.isError) && (
              <p className={`${page.alert} ${page.danger}`} role="alert">
                {problem ?? messageOf(found.error)}
              </p>
            )}
          </div>
          <Button type="submit" disabled={found.isFetching}>
            Find
          </Button>
        </form>

        {email && found.isPending && <Spinner label="Looking for this address" />}
        {data && (
          <section className={page.panel} aria-labelledby="held-heading">
            <h2 id="held-heading" className={styles.title}>
              Held for <span className={styles.address}>{data.email}</span>
            </h2>
            <Counts counts={data.counts} label="What the shop holds" />
            {data.data.orders.length > 0 && (
              <ul className={styles.orders}>
                {data.data.orders.map((order) => (
                  <li key={order.id}>
                    Order {order.id.slice(-10)} · {order.placedAt.slice(0, 10)} · {order.status} · £
                    {order.total.toFixed(2)}
                  </li>
                ))}
              </ul>
            )}
            {data.isOwner && <p className={page.muted}>This is an owner’s account: it cannot be erased here.</p>}
            <div className={page.actions}>
              <Button
                variant="secondary"
                onClick={() => exportData.mutate(data.email)}
                disabled={exportData.isPending}
                aria-busy={exportData.isPending}
              >
                Download as JSON
              </Button>
              {!data.isOwner && holdsAnything && !confirming && (
                <Button variant="dangerOutline" onClick={() => setConfirming(true)}>
                  Erase personal data
                </Button>
              )}
            </div>
            {exportData.isError && (
              <p className={`${page.alert} ${page.danger}`} role="alert">
                {messageOf(exportData.error)}
              </p>
            )}
            {confirming && (
              <div className={styles.confirm} role="group" aria-labelledby="erase-heading">
                <h3 id="erase-heading" className={styles.confirmTitle}>
                  Erase everything held for this address?
                </h3>
                <ul className={styles.list}>
                  {ERASURE_DELETED.map((line) => (
                    <li key={line}>{aboutThem(line)}</li>
                  ))}
                </ul>
                <p className={styles.small}>{aboutThem(erasureKept(clientConfig.retention.orderYears))}</p>
                <label className={styles.check}>
                  <input type="checkbox" checked={keepReviews} onChange={(e) => setKeepReviews(e.target.checked)} />
                  They asked to keep their reviews, shown as “A customer”
                </label>
                <div className={page.actions}>
                  <Button variant="danger" onClick={onErase} disabled={erase.isPending} aria-busy={erase.isPending}>
                    Erase for good
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                </div>
              </div>
            )}
          </section>
        )}

        <AuditList />
      </div>
    </main>
  );
}

function AuditList() {
  const list = usePrivacyRequests();
  return (
    <section className={page.panel} aria-labelledby="audit-heading">
      <h2 id="audit-heading" className={styles.title}>
        Requests answered
      </h2>
      <p className={page.muted}>
        Every export and erasure: who, when, and the address only as its SHA-256 hash, so the list keeps no personal
        data.
      </p>
      {list.isPending ? (
        <Spinner label="Loading the requests" />
      ) : list.isError ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {messageOf(list.error)}
        </p>
      ) : list.data.requests.length === 0 ? (
        <p className={page.muted}>No request yet.</p>
      ) : (
        <ol className={styles.audit}>
          {list.data.requests.map((request) => (
            <li key={request.id} className={styles.auditRow}>
              <span className={styles.kind}>{request.kind === 'erase' ? 'Erasure' : 'Export'}</span>
              <span>{new Date(request.createdAt).toLocaleString('en-GB')}</span>
              <span>by {request.requestedBy === 'customer' ? 'the customer' : request.requestedBy}</span>
              <code className={styles.hash} title={request.emailHash}>
                {request.emailHash.slice(0, 16)}…
              </code>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
