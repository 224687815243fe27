/**
 * /admin/orders: 'Orders Overview'. Newest first, a page at a time ("Load more orders": the server
 * pages by keyset, never by offset); a search by order number, e-mail or name and a filter (a
 * status, the orders without an address, or those the print partner could not take), both kept in
 * the address (?q=, ?status=, ?print=needs_attention) so a filtered list can be bookmarked, shared
 * and returned to; an export of the filtered orders as CSV. Each row edits its own status and
 * references (OrderStatusEditor: the spec's rules), shows where the print partner has the order,
 * and links to the order in full; the row's Submit and Cancel stand under its references, so the
 * table fits a laptop's width. On a phone the table turns into one card per order.
 */
import { useCallback, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { AdminOrder } from '@shared/contracts/orders';
import * as MSG from '@shared/messages';
import { adminOrderPath } from '@shared/routes';
import { ORDER_STATUSES, isFinalStatus, statusLabel, type OrderStatus } from '@shared/order-status';
import { Button } from '../../../components/Button';
import { SearchField } from '../../../components/SearchField';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useBanner } from '../../../lib/banner';
import { formatDate, formatPounds, shortOrderId } from '../../../lib/format';
import { OrderItems } from '../OrderItems';
import { PaymentBadge } from '../PaymentBadge';
import { exportOrders, useAdminOrderPages, type OrderFilters } from './api';
import { EmailAddress } from './EmailAddress';
import { OrderStatusEditor } from './OrderStatusEditor';
import { PrintStateBadge } from './PrintState';
import { saveFile } from '../../../lib/save-file';
import page from '../../../styles/admin.module.css';
import styles from './Orders.module.css';

/** How long the search waits after the last key before it asks the server. */
const SEARCH_MAX = 200;
const ADDRESS_MISSING = 'address_missing';
/** "Show: Needs attention" is `?print=needs_attention` in the address, as the API asks for it. */
const NEEDS_ATTENTION = 'needs_attention';
/** "Show: Problem reported" is `?problem=open` (decision 144). */
const PROBLEM_OPEN = 'problem_open';

/** The filters in the address (?q=, ?status= or ?print=); an unknown value is no filter. */
function filtersFrom(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    status:
      status === ADDRESS_MISSING || ORDER_STATUSES.includes(status as OrderStatus)
        ? (status as OrderFilters['status'])
        : params.get('print') === NEEDS_ATTENTION
          ? NEEDS_ATTENTION
          : params.get('problem') === 'open'
            ? PROBLEM_OPEN
            : null,
  };
}

/** The name and town an order goes to, or why there is none. */
function DeliveryTo({ order }: { order: AdminOrder }) {
  if (order.address_missing) return <span className={styles.warning}>Address missing</span>;
  if (!order.delivery_address) return <span className={styles.none}>No address recorded</span>;
  const { name, city } = order.delivery_address;
  return (
    <span className={styles.deliverTo}>
      <span className="visually-hidden">Deliver to </span>
      {[name, city].filter(Boolean).join(', ')}
    </span>
  );
}

/** A replacement, and an open problem report, are marked on the row (decisions 142, 144). */
function OrderFlags({ order }: { order: AdminOrder }) {
  if (!order.problem_open && order.kind === 'sale') return null;
  return (
    <span className={styles.flags}>
      {order.kind === 'replacement' && <span className={styles.flagReplacement}>Replacement</span>}
      {order.problem_open && <span className={styles.flagProblem}>Problem reported</span>}
    </span>
  );
}

function OrderRow({ order, from }: { order: AdminOrder; from: string }) {
  const short = shortOrderId(order.order_id);
  return (
    <OrderStatusEditor order={order}>
      {(editor) => (
        <tr
          className={
            order.print_state === 'needs attention'
              ? styles.needsYou
              : order.cancelled_at
                ? styles.cancelled
                : isFinalStatus(order.status)
                  ? styles.done
                  : undefined
          }
        >
          <th scope="row" data-label="Order">
            <span>
              <Link className={styles.orderId} to={adminOrderPath(order.order_id)} state={{ overview: from }}>
                <span className="visually-hidden">Order </span>
                {short}
              </Link>
              <time className={styles.date} dateTime={order.date}>
                {formatDate(order.date)}
              </time>
            </span>
          </th>
          <td data-label="Customer" className={styles.stacked}>
            <span className={styles.customer}>
              <EmailAddress className={styles.email} email={order.user_email} />
              <DeliveryTo order={order} />
              <OrderFlags order={order} />
            </span>
          </td>
          <td data-label="Items">
            <OrderItems className={styles.items} items={order.items} />
          </td>
          <td data-label="Total" className={styles.money}>
            <span>
              {formatPounds(order.total_cost)} <span className={styles.currency}>{order.currency.toUpperCase()}</span>{' '}
              <PaymentBadge status={order.payment_status} />
            </span>
          </td>
          <td data-label="Status">
            <span className={styles.statusParts}>
              {editor.status}
              <PrintStateBadge state={order.print_state} prefixed />
            </span>
          </td>
          <td data-label="References" className={styles.stacked}>
            <span className={styles.edit}>
              {editor.references}
              {editor.actions}
            </span>
          </td>
        </tr>
      )}
    </OrderStatusEditor>
  );
}

function ExportButton({ filters }: { filters: OrderFilters }) {
  const [busy, setBusy] = useState(false);
  const banner = useBanner();
  const download = async () => {
    setBusy(true);
    try {
      const file = await exportOrders(filters);
      saveFile(file.blob, file.filename ?? 'orders.csv');
    } catch (error) {
      const reason = serverMessage(error);
      banner.show({
        content: reason
          ? `The orders could not be exported. ${reason}`
          : 'The orders could not be exported. Please try again.',
        action: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}

export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersFrom(params);
  const orders = useAdminOrderPages(filters);
  const filtered = Boolean(filters.q || filters.status);
  const shown = orders.data?.pages.flatMap((result) => result.orders) ?? [];

  const setFilter = useCallback(
    (name: 'q' | 'status', value: string, replace: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(name);
          // "Show" is one choice: a status, or the print partner's "needs attention" (?print=)
          if (name === 'status') next.delete('print');
          if (name === 'status') next.delete('problem');
          if (value === PROBLEM_OPEN) next.set('problem', 'open');
          else if (value) next.set(name === 'status' && value === NEEDS_ATTENTION ? 'print' : name, value);
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  // Typing replaces the address (one history entry per search, not per key); a status is a step Back can undo.
  const search = useCallback((q: string) => setFilter('q', q, true), [setFilter]);

  return (
    <main className={page.page}>
      <div className={page.header}>
        <h1>
          <span className={page.eyebrow}>Admin</span>
          Orders Overview
        </h1>
        <ExportButton filters={filters} />
      </div>

      <div className={styles.filters} role="search" aria-label="Find orders">
        <SearchField
          q={filters.q}
          onSearch={search}
          id="orders-search"
          label="Search orders"
          placeholder="Order number, e-mail or name"
          maxLength={SEARCH_MAX}
          className={styles.search}
        />
        <div className={`${page.field} ${styles.statusFilter}`}>
          <label className={page.label} htmlFor="orders-status">
            Show
          </label>
          <select
            id="orders-status"
            className={page.input}
            value={filters.status ?? ''}
            onChange={(event) => setFilter('status', event.target.value, false)}
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
            <option value={ADDRESS_MISSING}>Address missing</option>
            <option value={NEEDS_ATTENTION}>Needs attention</option>
            <option value={PROBLEM_OPEN}>Problem reported</option>
          </select>
        </div>
      </div>

      <p className={`${page.muted} ${styles.count}`} role="status">
        {shown.length > 0 &&
          `${shown.length === 1 ? '1 order' : `${shown.length} orders`}${orders.hasNextPage ? ' shown, newest first: more below' : ', newest first'}`}
      </p>

      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {serverMessage(orders.error) ? MSG.failedFetchOrders : MSG.errorFetchingOrders}
        </p>
      ) : shown.length === 0 ? (
        <div className={styles.empty}>
          <p>{filtered ? 'No orders match the search and filter.' : 'No orders yet.'}</p>
          {filtered && (
            <Button variant="secondary" onClick={() => setParams(new URLSearchParams())}>
              Clear search and filter
            </Button>
          )}
        </div>
      ) : (
        <>
          <div className={styles.wrap} aria-busy={orders.isPlaceholderData}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Items</th>
                  <th scope="col">Total</th>
                  <th scope="col">Status</th>
                  <th scope="col">References</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((order) => (
                  <OrderRow key={order.order_id} order={order} from={location.search} />
                ))}
              </tbody>
            </table>
          </div>
          {orders.hasNextPage && (
            <div className={styles.more}>
              <Button
                variant="secondary"
                onClick={() => void orders.fetchNextPage()}
                disabled={orders.isFetchingNextPage}
              >
                {orders.isFetchingNextPage ? 'Loading more orders…' : 'Load more orders'}
              </Button>
            </div>
          )}
          {orders.isFetchNextPageError && (
            <p className={`${page.alert} ${page.danger}`} role="alert">
              {MSG.errorFetchingOrders}
            </p>
          )}
        </>
      )}
    </main>
  );
}
