/**
 * The owner's dashboard at the top of the admin home (issue #20, decision 123): a period (today,
 * 7, 30 or 90 days, this year, a custom range; 30 days unless the address says otherwise), the
 * figures of that period each against the period before it, a chart of revenue and orders per day
 * or week with a table for screen readers, then the books, the orders, the discount codes and the
 * reviews (DashboardLists.tsx, DiscountCodes.tsx), and the backups (Backups.tsx).
 */
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type {
  Dashboard as DashboardAnswer,
  DashboardBucket,
  DashboardFigures,
  DashboardPeriod,
} from '@shared/contracts/dashboard';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { formatPounds } from '../../../lib/format';
import { useDashboard } from './api';
import { Backups } from './Backups';
import { BestSellers, OrdersNeedingYou, Reviews, UnsoldBooks } from './DashboardLists';
import { DeliveryByZone } from './DeliveryByZone';
import { DiscountCodes } from '../../discounts';
import {
  compareFigure,
  daysInRange,
  formatDay,
  formatDays,
  formatFigure,
  FIRST_DAY,
  inDayBounds,
  isDay,
  LAST_DAY,
  MAX_RANGE_DAYS,
  PERIOD_NAMES,
  PERIODS,
  periodFromAddress,
  periodParams,
  type Comparison,
  type FigureKind,
  type PeriodChoice,
} from './period';
import page from '../../../styles/admin.module.css';
import styles from './Dashboard.module.css';

const SalesChart = lazy(() => import('./SalesChart'));

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
/** '09:41', UK time: the figures may be a few seconds old (the server reuses an answer briefly). */
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/** The cards, in order (the money, then the counts): which figure, its name, how it is shown, and a line under it. */
const FIGURES: Array<{
  key: keyof DashboardFigures;
  name: string;
  kind: FigureKind;
  note?: (figures: DashboardFigures) => string;
  /** A rise is bad news (refunds): shown in the colour of a fall. */
  lowerIsBetter?: boolean;
}> = [
  {
    key: 'revenue',
    name: 'Revenue',
    kind: 'money',
    note: (f) => `After discounts (${formatPounds(f.discounts)} off), shipping included`,
  },
  {
    key: 'refunds',
    name: 'Refunds',
    kind: 'money',
    lowerIsBetter: true,
    note: () => 'Money returned in this period',
  },
  { key: 'net_revenue', name: 'Net revenue', kind: 'money', note: () => 'Revenue less refunds' },
  {
    key: 'revenue_without_shipping',
    name: 'Revenue without shipping',
    kind: 'money',
    note: (f) => `${formatPounds(f.shipping)} shipping left out`,
  },
  { key: 'average_order_value', name: 'Average order', kind: 'money', note: () => 'Revenue per order' },
  { key: 'orders', name: 'Orders', kind: 'count' },
  { key: 'books_sold', name: 'Books sold', kind: 'count', note: () => 'Copies' },
  { key: 'new_customers', name: 'New customers', kind: 'count', note: () => 'First order ever in this period' },
  {
    key: 'guest_share',
    name: 'Guest orders',
    kind: 'share',
    note: (f) => `${f.guest_orders} of ${f.orders} without an account`,
  },
];

/** The colour of a change where a fall is good news. */
const REVERSED: Record<Comparison['direction'], Comparison['direction']> = {
  up: 'down',
  down: 'up',
  same: 'same',
  none: 'none',
};

function PeriodPicker({ choice, onChoose }: { choice: PeriodChoice; onChoose: (choice: PeriodChoice) => void }) {
  const name = useId();
  // What was picked, shown at once (the address, and so `choice`, follows a moment later).
  const [picked, setPicked] = useState<DashboardPeriod>(choice.period);
  const [from, setFrom] = useState(choice.from ?? '');
  const [to, setTo] = useState(choice.to ?? '');
  const [problem, setProblem] = useState('');

  const pick = (period: DashboardPeriod) => {
    setPicked(period);
    setProblem('');
    if (period !== 'custom') onChoose({ period });
  };
  const showRange = (event: FormEvent) => {
    event.preventDefault();
    if (!isDay(from) || !isDay(to)) return setProblem('Choose both days of the range.');
    if (!inDayBounds(from) || !inDayBounds(to))
      return setProblem(`Choose days from ${formatDay(FIRST_DAY)} to ${formatDay(LAST_DAY)}.`);
    if (from > to) return setProblem('The first day must not be after the last.');
    if (daysInRange(from, to) > MAX_RANGE_DAYS)
      return setProblem(`A range can be at most ${MAX_RANGE_DAYS} days (about three years).`);
    setProblem('');
    onChoose({ period: 'custom', from, to });
  };

  return (
    <div className={styles.picker}>
      <fieldset className={styles.periods}>
        <legend className="visually-hidden">Period</legend>
        {PERIODS.map((period) => (
          <label key={period} className={styles.period}>
            <input type="radio" name={name} value={period} checked={picked === period} onChange={() => pick(period)} />
            <span>{PERIOD_NAMES[period]}</span>
          </label>
        ))}
      </fieldset>
      {picked === 'custom' && (
        <form className={styles.range} onSubmit={showRange} aria-label="Custom range">
          <label className={page.field}>
            <span className={page.label}>From</span>
            <input
              className={page.input}
              type="date"
              value={from}
              min={FIRST_DAY}
              max={to || LAST_DAY}
              onChange={(event) => setFrom(event.target.value)}
              required
            />
          </label>
          <label className={page.field}>
            <span className={page.label}>To</span>
            <input
              className={page.input}
              type="date"
              value={to}
              min={from || FIRST_DAY}
              max={LAST_DAY}
              onChange={(event) => setTo(event.target.value)}
              required
            />
          </label>
          <Button type="submit" variant="secondary">
            Show range
          </Button>
          {problem && (
            <p className={`${page.alert} ${page.danger} ${styles.rangeProblem}`} role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

function FigureCards({ current, previous }: { current: DashboardFigures; previous: DashboardFigures }) {
  return (
    <ul className={styles.cards} aria-label="Figures">
      {FIGURES.map(({ key, name, kind, note, lowerIsBetter }) => {
        const comparison = compareFigure(current[key], previous[key], kind);
        const tone = lowerIsBetter ? REVERSED[comparison.direction] : comparison.direction;
        return (
          <li key={key} className={styles.card}>
            <span className={styles.cardName}>{name}</span>
            <span className={styles.cardValue}>{formatFigure(current[key], kind)}</span>
            <span className={`${styles.change} ${styles[tone]}`}>
              <span aria-hidden="true">{comparison.shown}</span>
              <span className="visually-hidden">{comparison.spoken}</span>
            </span>
            {note && <span className={styles.cardNote}>{note(current)}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** Replacements sent in the period (decision 142): never sales, so beside the figures, with what the printer charged. */
function ReplacementsFigure({ replacements }: { replacements: DashboardAnswer['replacements'] }) {
  return (
    <ul className={styles.cards} aria-label="Replacements">
      <li className={styles.card}>
        <span className={styles.cardName}>Replacements sent</span>
        <span className={styles.cardValue}>{replacements.count}</span>
        <span className={styles.cardNote}>
          Printer cost {formatPounds(replacements.printer_cost)}; not counted as sales
        </span>
      </li>
    </ul>
  );
}

const bucketName = (bucket: DashboardBucket) =>
  bucket.from === bucket.to ? formatDay(bucket.from) : formatDays(bucket.from, bucket.to);

/** What the chart shows, in words: the canvas's name for a screen reader. */
function chartSummary(data: DashboardAnswer): string {
  const { series, period, figures } = data;
  const busiest = series.reduce<DashboardBucket | null>(
    (best, bucket) => (bucket.revenue > (best?.revenue ?? 0) ? bucket : best),
    null,
  );
  return `Chart of revenue and orders per ${period.bucket}, ${formatDays(period.from, period.to)}: ${formatPounds(figures.current.revenue)} from ${figures.current.orders} orders${
    busiest ? `; most revenue ${bucketName(busiest)}, ${formatPounds(busiest.revenue)}` : ''
  }. The same figures are in the table below the chart.`;
}

function SalesOverTime({ data }: { data: DashboardAnswer }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const per = data.period.bucket;
  return (
    <section className={`${page.panel} ${styles.chartPanel}`} aria-labelledby={`${tableId}-title`}>
      <div className={styles.sectionHeader}>
        <h3 id={`${tableId}-title`}>Revenue and orders per {per}</h3>
        <Button
          variant="secondary"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Hide the table' : 'Show as a table'}
        </Button>
      </div>
      <p className={styles.key} aria-hidden="true">
        <span className={styles.keyItem}>
          <span className={styles.keyBar} /> Revenue (bars, left scale)
        </span>
        <span className={styles.keyItem}>
          <span className={styles.keyLine} /> Orders (line, right scale)
        </span>
      </p>
      <Suspense fallback={<div className={styles.chart} />}>
        <SalesChart buckets={data.series} label={chartSummary(data)} />
      </Suspense>
      <div id={tableId} hidden={!asTable} className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>
            Revenue and orders per {per}, {formatDays(data.period.from, data.period.to)}
          </caption>
          <thead>
            <tr>
              <th scope="col">{per === 'week' ? 'Week' : 'Day'}</th>
              <th scope="col">Revenue</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((bucket) => (
              <tr key={bucket.from}>
                <th scope="row">{bucketName(bucket)}</th>
                <td>{formatPounds(bucket.revenue)}</td>
                <td>{bucket.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Dashboard() {
  const [params, setParams] = useSearchParams();
  const choice = periodFromAddress(params);
  const dashboard = useDashboard(choice);
  const data = dashboard.data;

  const choose = (next: PeriodChoice) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const name of ['period', 'from', 'to']) merged.delete(name);
        for (const [name, value] of periodParams(next)) merged.set(name, value);
        return merged;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="dashboard-title" className={styles.dashboard}>
      <div className={styles.top}>
        <h2 id="dashboard-title">How the shop is doing</h2>
        <PeriodPicker
          key={`${choice.period}${choice.from ?? ''}${choice.to ?? ''}`}
          choice={choice}
          onChoose={choose}
        />
      </div>
      {dashboard.isPending ? (
        <Spinner label="Loading the figures" />
      ) : dashboard.isError || !data ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {serverMessage(dashboard.error) ?? 'The figures could not be loaded. Please try again.'}
        </p>
      ) : (
        <div className={styles.body} aria-busy={dashboard.isPlaceholderData}>
          <p className={styles.caption} role="status">
            {PERIOD_NAMES[data.period.period]}: {formatDays(data.period.from, data.period.to)}, compared with{' '}
            {formatDays(data.period.previous.from, data.period.previous.to)}. Figures as of{' '}
            {formatTime(data.generated_at)}.
          </p>
          <FigureCards current={data.figures.current} previous={data.figures.previous} />
          <ReplacementsFigure replacements={data.replacements} />
          <SalesOverTime data={data} />
          <div className={styles.columns}>
            <BestSellers data={data} />
            <UnsoldBooks data={data} />
          </div>
          <OrdersNeedingYou data={data} />
          <DiscountCodes summary={data.discount_codes} />
          <DeliveryByZone rows={data.delivery_by_zone} />
          <Reviews data={data} />
          <Backups />
        </div>
      )}
    </section>
  );
}
