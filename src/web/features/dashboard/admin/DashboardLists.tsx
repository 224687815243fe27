/**
 * The dashboard's lists: best sellers by copies and by revenue (covers, links to edit), books not
 * sold in the period, orders by status and what needs the owner (links into the orders overview's
 * filters and to each order), and the reviews (average, newest, linking to the book's page).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { AttentionOrder, BestSeller, Dashboard } from '@shared/contracts/dashboard';
import { BackupAttention } from './Backups';
import { ReviewAttention } from './ReviewAttention';
import { imageKeyFrom, imagePath } from '@shared/images';
import { adminOrderPath, productPath } from '@shared/routes';
import { statusLabel, theStatusWhere } from '@shared/order-status';
import { Button } from '../../../components/Button';
import { Stars } from '../../../components/Stars';
import { formatDate, formatPounds, shortOrderId } from '../../../lib/format';
import page from '../../../styles/admin.module.css';
import styles from './Dashboard.module.css';

const editPath = (productId: string) => `/admin/edit_product/${encodeURIComponent(productId)}`;
const ordersPath = (filter: string) => `/admin/orders?${filter}`;

function Cover({ image }: { image: string | null }) {
  const key = image ? imageKeyFrom(image) : null;
  if (!image) return <span className={styles.cover} aria-hidden="true" />;
  return (
    <img
      className={styles.cover}
      src={key ? imagePath(key, 320) : image}
      alt=""
      loading="lazy"
      width={40}
      height={52}
    />
  );
}

/** A book's name: a link to edit it while it is on sale; otherwise its name and why there is no link. */
function BookName({ id, name, onSale = true }: { id: string; name: string; onSale?: boolean }) {
  if (!onSale)
    return (
      <span className={styles.bookName}>
        {name} <span className={styles.muted}>(no longer in the shop)</span>
      </span>
    );
  return (
    <Link className={styles.bookName} to={editPath(id)} aria-label={`Edit ${name}`}>
      {name}
    </Link>
  );
}

function SellerList({
  title,
  books,
  figure,
}: {
  title: string;
  books: BestSeller[];
  figure: (book: BestSeller) => string;
}) {
  return (
    <div>
      <h4>{title}</h4>
      {books.length === 0 ? (
        <p className={styles.muted}>No books sold in this period.</p>
      ) : (
        <ol className={styles.books}>
          {books.map((book) => (
            <li key={book.product_id} className={styles.book}>
              <Cover image={book.image} />
              <BookName id={book.product_id} name={book.name} onSale={book.on_sale} />
              <span className={styles.figure}>{figure(book)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function BestSellers({ data }: { data: Dashboard }) {
  const copies = (count: number) => (count === 1 ? '1 copy' : `${count} copies`);
  return (
    <section className={page.panel} aria-labelledby="dashboard-best">
      <h3 id="dashboard-best">Best sellers</h3>
      <div className={styles.sellerLists}>
        <SellerList title="By copies" books={data.best_sellers.by_copies} figure={(book) => copies(book.copies)} />
        <SellerList
          title="By revenue"
          books={data.best_sellers.by_revenue}
          figure={(book) => formatPounds(book.revenue)}
        />
      </div>
      <p className={styles.muted}>Revenue of a book is its price paid × copies, before discount codes.</p>
    </section>
  );
}

/** Unsold books shown before 'Show all'. */
const UNSOLD_SHOWN = 6;

export function UnsoldBooks({ data }: { data: Dashboard }) {
  const { count, books: all } = data.best_sellers.unsold;
  const [expanded, setExpanded] = useState(false);
  const books = expanded ? all : all.slice(0, UNSOLD_SHOWN);
  return (
    <section className={page.panel} aria-labelledby="dashboard-unsold">
      <h3 id="dashboard-unsold">Not sold in this period ({count})</h3>
      {count === 0 ? (
        <p className={styles.muted}>Every book in the shop sold at least one copy.</p>
      ) : (
        <>
          <ul className={styles.books}>
            {books.map((book) => (
              <li key={book.product_id} className={styles.book}>
                <Cover image={book.image} />
                <BookName id={book.product_id} name={book.name} />
              </li>
            ))}
          </ul>
          {all.length > UNSOLD_SHOWN && (
            <Button variant="secondary" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
              {expanded ? 'Show fewer' : `Show ${all.length === count ? `all ${count}` : `the first ${all.length}`}`}
            </Button>
          )}
          {count > books.length && (
            <p className={styles.muted}>
              {books.length} of {count} shown, by name.
            </p>
          )}
        </>
      )}
    </section>
  );
}

const ATTENTION: Array<{ key: keyof Dashboard['attention']; title: string; filter: string; none: string }> = [
  {
    key: 'print_needs_attention',
    title: 'Print needs attention',
    filter: 'print=needs_attention',
    none: 'The printer has taken every order.',
  },
  {
    key: 'waiting_for_printer',
    title: 'Waiting for the printer',
    filter: 'status=Printing',
    none: 'No order is waiting to be sent.',
  },
  {
    key: 'address_missing',
    title: 'Address missing',
    filter: 'status=address_missing',
    none: 'Every order has an address.',
  },
  {
    key: 'shipped_not_delivered',
    title: 'Shipped, not delivered',
    filter: `status=${theStatusWhere('inTransit')}`,
    none: 'No shipped order is late.',
  },
  {
    key: 'problems_reported',
    title: 'Problems reported',
    filter: 'problem=open',
    none: 'No customer has an open problem.',
  },
];

function AttentionOrderRow({ order }: { order: AttentionOrder }) {
  return (
    <li className={styles.attentionOrder}>
      <Link to={adminOrderPath(order.order_id)}>Order #{shortOrderId(order.order_id)}</Link>
      <span>
        {order.email} · {formatPounds(order.total)} · since {formatDate(order.since)}
      </span>
      {order.problem && <span className={styles.problem}>{order.problem}</span>}
    </li>
  );
}

export function OrdersNeedingYou({ data }: { data: Dashboard }) {
  return (
    <section className={page.panel} aria-labelledby="dashboard-orders">
      <h3 id="dashboard-orders">Orders</h3>
      <div className={styles.ordersGrid}>
        <div>
          <h4>Made in this period, by status now</h4>
          <ul className={styles.statuses}>
            {data.orders_by_status.map(({ status, count }) => (
              <li key={status}>
                <Link
                  to={ordersPath(`status=${encodeURIComponent(status)}`)}
                  aria-label={`${statusLabel(status)}: ${count} ${count === 1 ? 'order' : 'orders'}`}
                >
                  <span className={styles.statusCount}>{count}</span> {statusLabel(status)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4>Needs you now</h4>
          <ul className={styles.attention}>
            {ATTENTION.map(({ key, title, filter, none }) => {
              const { count, orders } = data.attention[key];
              return (
                <li key={key} className={count > 0 ? styles.attentionOn : undefined}>
                  <div className={styles.attentionHead}>
                    <span className={styles.statusCount}>{count}</span>
                    <span>
                      {key === 'shipped_not_delivered' ? `${title} after ${data.period.stale_days} days` : title}
                    </span>
                    {count > 0 && (
                      <Link to={ordersPath(filter)} className={styles.seeAll}>
                        Open in Orders
                      </Link>
                    )}
                  </div>
                  {count === 0 ? (
                    <p className={styles.muted}>{none}</p>
                  ) : (
                    <ul className={styles.attentionOrders}>
                      {orders.slice(0, 3).map((order) => (
                        <AttentionOrderRow key={order.order_id} order={order} />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
            <BackupAttention />
            <ReviewAttention />
          </ul>
        </div>
      </div>
    </section>
  );
}

export function Reviews({ data }: { data: Dashboard }) {
  const { average_rating: average, count, in_period: inPeriod, newest } = data.reviews;
  return (
    <section className={page.panel} aria-labelledby="dashboard-reviews">
      <h3 id="dashboard-reviews">Reviews</h3>
      {average === null ? (
        <p className={styles.muted}>No reviews yet.</p>
      ) : (
        <>
          <p className={styles.rating}>
            <Stars value={average} label={`Average rating ${average.toFixed(2)} out of 5`} />
            <span>
              <strong>{average.toFixed(2)}</strong> from {count} {count === 1 ? 'review' : 'reviews'}, {inPeriod} in
              this period
            </span>
          </p>
          <ul className={styles.reviews}>
            {newest.map((review) => (
              <li key={review.id}>
                <div className={styles.reviewHead}>
                  <Stars value={review.rating} size="sm" label={`Rated ${review.rating} out of 5`} />
                  <Link to={productPath(review.product_name)}>{review.product_name}</Link>
                  <span className={styles.muted}>{formatDate(review.date)}</span>
                </div>
                {review.excerpt && <p className={styles.excerpt}>{review.excerpt}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
