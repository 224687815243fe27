/**
 * The dashboard's periods in UK days (decision 120): today in London, a period's first and last
 * day, the previous period of the same length, the instants of the London midnights that bound them
 * (a day of a clock change is 23 or 25 hours), and the chart's buckets. Pure.
 */
import {
  DASHBOARD_MAX_DAY_BUCKETS,
  daysBetween,
  type DashboardPeriod,
  type DashboardPeriodAnswer,
  type DashboardQueryInput,
} from '@shared/contracts/dashboard';

export const TIME_ZONE = 'Europe/London';

const londonParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The UK day ('YYYY-MM-DD') and hour:minute of an instant. */
function inLondon(instant: Date): { day: string; minutes: number } {
  const parts = Object.fromEntries(londonParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The UK day an instant falls on. */
export const londonDay = (instant: Date): string => inLondon(instant).day;

/** 'YYYY-MM-DD' moved by `days` (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instant of midnight in London starting `day`. London is UTC+0 or UTC+1 and clocks change at
 * 01:00 UTC, so midnight always exists once: it is UTC midnight, or an hour before it in summer time.
 */
export function londonMidnight(day: string): Date {
  const utc = new Date(`${day}T00:00:00Z`);
  const summer = new Date(utc.getTime() - 3_600_000);
  const local = inLondon(summer);
  return local.day === day && local.minutes === 0 ? summer : utc;
}

export interface DayRange {
  from: string;
  to: string;
  days: number;
  /** London midnight starting `from`. */
  start: Date;
  /** London midnight after `to` (exclusive). */
  end: Date;
}

function range(from: string, to: string): DayRange {
  return {
    from,
    to,
    days: daysBetween(from, to) + 1,
    start: londonMidnight(from),
    end: londonMidnight(addDays(to, 1)),
  };
}

const ROLLING: Partial<Record<DashboardPeriod, number>> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

export interface ResolvedPeriod {
  period: DashboardPeriod;
  current: DayRange;
  previous: DayRange;
  bucket: 'day' | 'week';
  staleDays: number;
}

/** The period a (checked) query asks for, at `now`. */
export function resolvePeriod(query: DashboardQueryInput, now: Date): ResolvedPeriod {
  const today = londonDay(now);
  let from: string;
  let to = today;
  const rolling = ROLLING[query.period];
  if (rolling !== undefined) from = addDays(today, -(rolling - 1));
  else if (query.period === 'year') from = `${today.slice(0, 4)}-01-01`;
  else {
    from = query.from!;
    to = query.to!;
  }
  const current = range(from, to);
  const previous = range(addDays(from, -current.days), addDays(from, -1));
  return {
    period: query.period,
    current,
    previous,
    bucket: current.days > DASHBOARD_MAX_DAY_BUCKETS ? 'week' : 'day',
    staleDays: query.stale_days,
  };
}

export function periodAnswer(resolved: ResolvedPeriod): DashboardPeriodAnswer {
  const { current, previous } = resolved;
  return {
    period: resolved.period,
    from: current.from,
    to: current.to,
    days: current.days,
    starts_at: current.start.toISOString(),
    ends_at: current.end.toISOString(),
    previous: {
      from: previous.from,
      to: previous.to,
      days: previous.days,
      starts_at: previous.start.toISOString(),
      ends_at: previous.end.toISOString(),
    },
    bucket: resolved.bucket,
    time_zone: TIME_ZONE,
    stale_days: resolved.staleDays,
  };
}

/** Monday of the week of `day` (ISO weeks). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The chart's buckets of a period, oldest first: each day, or each Monday-to-Sunday week cut to the period. */
export function bucketsOf(current: DayRange, bucket: 'day' | 'week'): { from: string; to: string }[] {
  const buckets: { from: string; to: string }[] = [];
  let day = current.from;
  while (day <= current.to) {
    const weekEnd = addDays(mondayOf(day), 6);
    const to = bucket === 'day' ? day : weekEnd < current.to ? weekEnd : current.to;
    buckets.push({ from: day, to });
    day = addDays(to, 1);
  }
  return buckets;
}

/** The first day of the month of `day`. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The first day of the month after the one of `day`. */
function nextMonth(day: string): string {
  const [year, month] = day.slice(0, 7).split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * A run of days cut into the whole months it holds (their first days, `months.from` to
 * `months.to`) and the runs of days before and after them (decision 158: the books sold are kept
 * per day and per month, so a year reads twelve month rows per book and the days at its edges).
 */
export function spansOf(
  from: string,
  to: string,
): { months: { from: string; to: string } | null; days: { from: string; to: string }[] } {
  const first = from === monthOf(from) ? from : nextMonth(from);
  const afterLast = monthOf(addDays(to, 1));
  if (first >= afterLast) return { months: null, days: [{ from, to }] };
  const days: { from: string; to: string }[] = [];
  if (from < first) days.push({ from, to: addDays(first, -1) });
  if (afterLast <= to) days.push({ from: afterLast, to });
  return { months: { from: first, to: monthOf(addDays(afterLast, -1)) }, days };
}
