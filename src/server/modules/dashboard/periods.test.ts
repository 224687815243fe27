/** UK days and the dashboard's periods (decision 120), clock changes included. */
import { describe, expect, it } from 'vitest';
import { dashboardQuerySchema } from '@shared/contracts/dashboard';
import { bucketsOf, londonDay, londonMidnight, resolvePeriod, spansOf } from './periods';

const q = (query: Record<string, string>) => dashboardQuerySchema.parse(query);

describe('UK days', () => {
  it('finds London midnight on both sides of the clock changes', () => {
    expect(londonMidnight('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z'); // still GMT at midnight
    expect(londonMidnight('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z'); // BST
    expect(londonMidnight('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z'); // still BST at midnight
    expect(londonMidnight('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z'); // GMT
    expect(londonMidnight('2026-01-01').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(londonMidnight('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });

  it('tells the UK day of an instant', () => {
    expect(londonDay(new Date('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
    expect(londonDay(new Date('2026-03-29T22:59:59Z'))).toBe('2026-03-29');
    expect(londonDay(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
    expect(londonDay(new Date('2026-10-24T23:00:00Z'))).toBe('2026-10-25');
  });
});

describe('periods', () => {
  // 00:30 on 1 July in London is still 30 June in UTC.
  const now = new Date('2026-06-30T23:30:00Z');

  it('counts rolling periods back from today in London, with the previous period of the same length', () => {
    const p = resolvePeriod(q({}), now);
    expect(p.period).toBe('30d');
    expect(p.current).toMatchObject({ from: '2026-06-02', to: '2026-07-01', days: 30 });
    expect(p.previous).toMatchObject({ from: '2026-05-03', to: '2026-06-01', days: 30 });
    expect(p.current.start.toISOString()).toBe('2026-06-01T23:00:00.000Z');
    expect(p.current.end.toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(p.bucket).toBe('day');
    expect(resolvePeriod(q({ period: 'today' }), now).current).toMatchObject({
      from: '2026-07-01',
      to: '2026-07-01',
      days: 1,
    });
    expect(resolvePeriod(q({ period: 'today' }), now).previous).toMatchObject({ from: '2026-06-30', to: '2026-06-30' });
    expect(resolvePeriod(q({ period: '7d' }), now).current).toMatchObject({ from: '2026-06-25', days: 7 });
    expect(resolvePeriod(q({ period: '90d' }), now)).toMatchObject({
      bucket: 'day',
      current: { from: '2026-04-03', days: 90 },
    });
  });

  it('takes this year from 1 January, weekly, and a custom range as given', () => {
    const year = resolvePeriod(q({ period: 'year' }), now);
    expect(year.current).toMatchObject({ from: '2026-01-01', to: '2026-07-01', days: 182 });
    expect(year.previous).toMatchObject({ from: '2025-07-03', to: '2025-12-31', days: 182 });
    expect(year.bucket).toBe('week');
    const custom = resolvePeriod(q({ period: 'custom', from: '2026-03-23', to: '2026-03-29' }), now);
    expect(custom.current).toMatchObject({ from: '2026-03-23', to: '2026-03-29', days: 7 });
    expect(custom.previous).toMatchObject({ from: '2026-03-16', to: '2026-03-22', days: 7 });
    // The clock goes forward on the 29th: the period is 7 days less an hour long.
    expect(custom.current.end.getTime() - custom.current.start.getTime()).toBe(7 * 86_400_000 - 3_600_000);
  });

  it('makes day buckets, or Monday-to-Sunday weeks cut to the period', () => {
    const days = resolvePeriod(q({ period: 'custom', from: '2026-03-30', to: '2026-04-02' }), now);
    expect(bucketsOf(days.current, days.bucket).map((b) => b.from)).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    const weeks = resolvePeriod(q({ period: 'custom', from: '2026-01-01', to: '2026-06-30' }), now);
    const buckets = bucketsOf(weeks.current, weeks.bucket);
    expect(buckets[0]).toEqual({ from: '2026-01-01', to: '2026-01-04' }); // Thursday to Sunday
    expect(buckets[1]).toEqual({ from: '2026-01-05', to: '2026-01-11' });
    expect(buckets.at(-1)).toEqual({ from: '2026-06-29', to: '2026-06-30' });
    expect(buckets.length).toBe(27);
    const joined = buckets.every((b, i) => i === 0 || b.from > buckets[i - 1]!.to);
    expect(joined).toBe(true);
  });
});

describe('spansOf', () => {
  it('cuts a run of days into its whole months and the days around them', () => {
    expect(spansOf('2026-01-01', '2026-11-28')).toEqual({
      months: { from: '2026-01-01', to: '2026-10-01' },
      days: [{ from: '2026-11-01', to: '2026-11-28' }],
    });
    expect(spansOf('2025-02-03', '2025-12-31')).toEqual({
      months: { from: '2025-03-01', to: '2025-12-01' },
      days: [{ from: '2025-02-03', to: '2025-02-28' }],
    });
    expect(spansOf('2024-12-15', '2026-01-02')).toEqual({
      months: { from: '2025-01-01', to: '2025-12-01' },
      days: [
        { from: '2024-12-15', to: '2024-12-31' },
        { from: '2026-01-01', to: '2026-01-02' },
      ],
    });
  });

  it('answers only days when the run holds no whole month', () => {
    expect(spansOf('2026-03-02', '2026-03-31')).toEqual({
      months: null,
      days: [{ from: '2026-03-02', to: '2026-03-31' }],
    });
    expect(spansOf('2026-02-15', '2026-03-14')).toEqual({
      months: null,
      days: [{ from: '2026-02-15', to: '2026-03-14' }],
    });
    expect(spansOf('2026-02-01', '2026-02-28')).toEqual({ months: { from: '2026-02-01', to: '2026-02-01' }, days: [] });
  });
});
