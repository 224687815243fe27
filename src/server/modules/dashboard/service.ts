/**
 * The owner's dashboard (issue #20, decision 120): the figures of a period and of the one before
 * it, the chart's buckets, best sellers and unsold books, orders by status, what needs the owner,
 * the discount codes' share and the reviews. Sums stay integer pence until the answer, which shows
 * pounds (penceToPounds) as the other admin answers do.
 */
import {
  BEST_SELLERS_MAX,
  DASHBOARD_LIST_MAX,
  NEWEST_REVIEWS_MAX,
  REVIEW_EXCERPT_MAX,
  type AttentionOrder,
  type BestSeller,
  type Dashboard,
  type DashboardFigures,
  type DashboardQueryInput,
} from '@shared/contracts/dashboard';
import { printStateOf } from '@shared/contracts/orders';
import { imagePath } from '@shared/images';
import { penceToPounds } from '@shared/money';
import { ORDER_STATUSES } from '@shared/order-status';
import type { Db } from '../../db/client';
import type { SharedReads } from './cache';
import { bucketsOf, periodAnswer, resolvePeriod, type DayRange } from './periods';
import * as repo from './repository';

/** Sums of a run of days (pence). */
type Sums = Omit<repo.DayFigures, 'day' | 'byStatus'>;
const ZERO: Sums = {
  orders: 0,
  totalPence: 0,
  shippingPence: 0,
  discountPence: 0,
  guestOrders: 0,
  codeOrders: 0,
  codeTotalPence: 0,
  codeShippingPence: 0,
  codeDiscountPence: 0,
};

function sumDays(days: readonly repo.DayFigures[]): Sums {
  const sums = { ...ZERO };
  for (const day of days) for (const key of Object.keys(ZERO) as (keyof Sums)[]) sums[key] += day[key];
  return sums;
}

/** The refunds (pence) made on the days of `range`. */
function refundsIn(days: Map<string, number>, range: DayRange): number {
  let pence = 0;
  for (const [day, amount] of days) if (day >= range.from && day <= range.to) pence += amount;
  return pence;
}

const inRange = (range: DayRange) => (day: repo.DayFigures) => day.day >= range.from && day.day <= range.to;

/** Half up to the penny, then pounds: revenue / orders. */
const averagePence = (totalPence: number, orders: number) =>
  orders === 0 ? null : penceToPounds(Math.round(totalPence / orders));

function figures(sums: Sums, booksSold: number, newCustomers: number, refundPence: number): DashboardFigures {
  return {
    revenue: penceToPounds(sums.totalPence),
    refunds: penceToPounds(refundPence),
    net_revenue: penceToPounds(sums.totalPence - refundPence),
    revenue_without_shipping: penceToPounds(sums.totalPence - sums.shippingPence),
    shipping: penceToPounds(sums.shippingPence),
    discounts: penceToPounds(sums.discountPence),
    orders: sums.orders,
    books_sold: booksSold,
    average_order_value: averagePence(sums.totalPence, sums.orders),
    new_customers: newCustomers,
    guest_orders: sums.guestOrders,
    guest_share: sums.orders === 0 ? null : Math.round((sums.guestOrders / sums.orders) * 10_000) / 10_000,
  };
}

const bestSeller = (book: repo.BookSales): BestSeller => ({
  product_id: book.productId,
  name: book.name,
  image: book.imageKey ? imagePath(book.imageKey) : null,
  on_sale: book.onSale,
  copies: book.copies,
  revenue: penceToPounds(book.revenuePence),
});

const attentionOrder = (row: repo.AttentionRow): AttentionOrder => ({
  order_id: row.orderId,
  date: row.createdAt.toISOString(),
  email: row.email,
  status: row.status,
  total: penceToPounds(row.totalPence),
  since: row.since.toISOString(),
  print_state: printStateOf(row.jobState, row.partnerState),
  problem: row.problem,
});
const attentionAnswer = (list: repo.AttentionList) => ({ count: list.count, orders: list.rows.map(attentionOrder) });

/** A review's first words: at most REVIEW_EXCERPT_MAX characters, cut at a space, with '…' when cut. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= REVIEW_EXCERPT_MAX) return flat;
  const cut = flat.slice(0, REVIEW_EXCERPT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > REVIEW_EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What makes two queries' answers the same at `now`: the days of the period (so a new UK day is a new key) and stale_days. */
export function dashboardKey(query: DashboardQueryInput, now: Date): string {
  const { current, staleDays } = resolvePeriod(query, now);
  return `${query.period}:${current.from}:${current.to}:${staleDays}`;
}

/**
 * GET /api/admin/dashboard, asked at `now`: from the figures kept per day (`source`: the orders
 * themselves, to check them). `shared`: what is the same for every period is read once for
 * dashboards asked at the same time (decision 169); without it each reads its own.
 */
export async function dashboard(
  db: Db,
  query: DashboardQueryInput,
  now = new Date(),
  source: repo.FigureSource = repo.keptFigures,
  shared?: SharedReads,
): Promise<Dashboard> {
  const resolved = resolvePeriod(query, now);
  const { current, previous } = resolved;
  const shippedBefore = new Date(now.getTime() - resolved.staleDays * 86_400_000);
  const both = { from: previous.from, to: current.to, start: previous.start, end: current.end };
  const read = <T>(key: string, make: () => Promise<T>) => (shared ? shared.read(key, now.getTime(), make) : make());
  const [days, refundDays, customers, sales, needs, codes, reviews, replacements, delivery] = await Promise.all([
    source.dayFigures(db, both),
    repo.refundDays(db, both),
    source.newCustomers(db, previous, current),
    source.books(db, previous, current, { best: BEST_SELLERS_MAX, unsold: DASHBOARD_LIST_MAX }),
    read(`attention:${resolved.staleDays}`, () => repo.attention(db, shippedBefore, DASHBOARD_LIST_MAX)),
    read('codes', () => repo.codeStates(db)),
    repo.reviewFigures(db, current, NEWEST_REVIEWS_MAX),
    source.replacementFigures(db, current),
    source.deliveryByZone(db, current),
  ]);
  const currentDays = days.filter(inRange(current));
  const currentSums = sumDays(currentDays);
  const byDay = new Map(currentDays.map((day) => [day.day, day]));
  const series = bucketsOf(current, resolved.bucket).map(({ from, to }) => {
    let orders = 0;
    let totalPence = 0;
    for (const [day, figures] of byDay) {
      if (day >= from && day <= to) {
        orders += figures.orders;
        totalPence += figures.totalPence;
      }
    }
    return { from, to, revenue: penceToPounds(totalPence), orders };
  });
  return {
    period: periodAnswer(resolved),
    figures: {
      current: figures(currentSums, sales.copies.current, customers.current, refundsIn(refundDays, current)),
      previous: figures(
        sumDays(days.filter(inRange(previous))),
        sales.copies.previous,
        customers.previous,
        refundsIn(refundDays, previous),
      ),
    },
    series,
    best_sellers: {
      by_copies: sales.byCopies.map(bestSeller),
      by_revenue: sales.byRevenue.map(bestSeller),
      unsold: {
        count: sales.unsold.count,
        books: sales.unsold.books.map((book) => ({
          product_id: book.productId,
          name: book.name,
          image: book.imageKey ? imagePath(book.imageKey) : null,
        })),
      },
    },
    orders_by_status: ORDER_STATUSES.map((status) => ({
      status,
      count: currentDays.reduce((sum, day) => sum + day.byStatus[status], 0),
    })),
    attention: {
      waiting_for_printer: attentionAnswer(needs.waiting),
      print_needs_attention: attentionAnswer(needs.failed),
      address_missing: attentionAnswer(needs.addressMissing),
      shipped_not_delivered: attentionAnswer(needs.shipped),
      problems_reported: attentionAnswer(needs.problems),
    },
    replacements: { count: replacements.count, printer_cost: penceToPounds(replacements.costPence) },
    discount_codes: {
      orders: currentSums.codeOrders,
      revenue: penceToPounds(currentSums.codeTotalPence),
      revenue_without_shipping: penceToPounds(currentSums.codeTotalPence - currentSums.codeShippingPence),
      discounts: penceToPounds(currentSums.codeDiscountPence),
      ...codes,
    },
    reviews: {
      average_rating: reviews.average === null ? null : Math.round(reviews.average * 100) / 100,
      count: reviews.count,
      in_period: reviews.inPeriod,
      newest: reviews.newest.map((review) => ({
        id: review.id,
        product_id: review.productId,
        product_name: review.productName,
        rating: review.rating,
        excerpt: excerpt(review.text),
        date: review.createdAt.toISOString(),
      })),
    },
    delivery_by_zone: delivery,
    generated_at: now.toISOString(),
  };
}
