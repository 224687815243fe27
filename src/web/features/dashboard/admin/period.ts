/**
 * The dashboard's period as the owner chooses it and as the address keeps it (?period=7d, or
 * ?period=custom&from=YYYY-MM-DD&to=YYYY-MM-DD; 30 days when missing or not understood), and how a
 * figure compares with the period before (the words and arrow shown, never the colour alone).
 * Pure functions: no contract values are imported (they would bring zod into the admin home's load).
 */
import type { DashboardPeriod } from '@shared/contracts/dashboard';
import { formatPence } from '@shared/money';
import { formatPounds } from '../../../lib/format';

export interface PeriodChoice {
  period: DashboardPeriod;
  /** Only for 'custom': UK days, both included. */
  from?: string;
  to?: string;
}

/** The picker's choices in order, with their names (the server's DASHBOARD_PERIODS). */
export const PERIOD_NAMES = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  year: 'This year',
  custom: 'Custom range',
} as const satisfies Record<DashboardPeriod, string>;
export const PERIODS = Object.keys(PERIOD_NAMES) as DashboardPeriod[];
export const DEFAULT_PERIOD: PeriodChoice = { period: '30d' };

/** 'YYYY-MM-DD' naming a real day. */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The server's DASHBOARD_FIRST_DAY and DASHBOARD_LAST_DAY: the days a custom range may name. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2999-12-31';
export const inDayBounds = (day: string) => day >= FIRST_DAY && day <= LAST_DAY;

/** The server's DASHBOARD_MAX_DAYS: the longest custom range, in days. */
export const MAX_RANGE_DAYS = 1096;

/** How many days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The choice the address holds; anything else is the default. */
export function periodFromAddress(params: URLSearchParams): PeriodChoice {
  const period = params.get('period');
  if (period === 'custom') {
    const from = params.get('from');
    const to = params.get('to');
    return isDay(from) &&
      isDay(to) &&
      inDayBounds(from) &&
      inDayBounds(to) &&
      from <= to &&
      daysInRange(from, to) <= MAX_RANGE_DAYS
      ? { period, from, to }
      : DEFAULT_PERIOD;
  }
  return PERIODS.includes(period as DashboardPeriod) ? { period: period as DashboardPeriod } : DEFAULT_PERIOD;
}

/** The query string of a choice, for the API and for the address. */
export function periodParams(choice: PeriodChoice): URLSearchParams {
  const params = new URLSearchParams({ period: choice.period });
  if (choice.period === 'custom' && choice.from && choice.to) {
    params.set('from', choice.from);
    params.set('to', choice.to);
  }
  return params;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '3 Nov 2026' from a UK day 'YYYY-MM-DD'. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** '3 Nov' from a UK day. */
export const formatShortDay = (day: string) => shortDayFormat.format(new Date(`${day}T00:00:00Z`));
/** '3 Nov 2026', or '3 Nov 2026 – 2 Dec 2026'. */
export const formatDays = (from: string, to: string) =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;

/** How a figure is shown: pounds, a count, or a share (0 to 1) shown as a percentage. */
export type FigureKind = 'money' | 'count' | 'share';

export function formatFigure(value: number | null, kind: FigureKind): string {
  if (value === null) return '–';
  if (kind === 'money') return formatPounds(value);
  if (kind === 'share') return `${(value * 100).toFixed(1).replace(/\.0$/, '')}%`;
  return value.toLocaleString('en-GB');
}

export interface Comparison {
  direction: 'up' | 'down' | 'same' | 'none';
  /** What is shown: '▲ £12.40 (+15%)', '▼ 2', 'No change', 'No comparison'. */
  shown: string;
  /** What a screen reader says instead: 'Up £12.40, 15%, from £80.00 in the previous period.' */
  spoken: string;
}

/**
 * The change from the previous period to this one. Money is compared in pence (no float drift);
 * a share's change is in percentage points; the percentage is left out when the previous figure is 0.
 */
export function compareFigure(current: number | null, previous: number | null, kind: FigureKind): Comparison {
  if (current === null || previous === null) {
    return {
      direction: 'none',
      shown: 'No comparison',
      spoken: `No comparison: ${current === null ? 'nothing in this period' : 'nothing in the previous period'}.`,
    };
  }
  const scale = kind === 'money' ? 100 : kind === 'share' ? 1000 : 1;
  const difference = Math.round(current * scale) - Math.round(previous * scale);
  const was = formatFigure(previous, kind);
  if (difference === 0)
    return { direction: 'same', shown: 'No change', spoken: `No change from the previous period (${was}).` };
  const size = Math.abs(difference);
  const amount =
    kind === 'money'
      ? formatPence(size)
      : kind === 'share'
        ? `${(size / 10).toFixed(1).replace(/\.0$/, '')} pts`
        : size.toLocaleString('en-GB');
  const percent =
    kind !== 'share' && previous !== 0 ? Math.round((size / Math.abs(Math.round(previous * scale))) * 100) : null;
  const share = percent === null ? null : percent === 0 ? 'under 1%' : `${percent}%`;
  const up = difference > 0;
  return {
    direction: up ? 'up' : 'down',
    shown: `${up ? '▲' : '▼'} ${amount}${share === null ? '' : ` (${up ? '+' : '−'}${share.replace('under ', '<')})`}`,
    spoken: `${up ? 'Up' : 'Down'} ${amount}${share === null ? '' : `, ${share},`} from ${was} in the previous period.`,
  };
}
