import { describe, expect, it } from 'vitest';
import { DASHBOARD_FIRST_DAY, DASHBOARD_LAST_DAY, DASHBOARD_MAX_DAYS } from '@shared/contracts/dashboard';
import {
  compareFigure,
  FIRST_DAY,
  formatDays,
  formatFigure,
  LAST_DAY,
  MAX_RANGE_DAYS,
  periodFromAddress,
  periodParams,
} from './period';

describe('the period in the address', () => {
  it("uses the server's bounds (the page copies them to stay free of zod)", () => {
    expect([FIRST_DAY, LAST_DAY, MAX_RANGE_DAYS]).toEqual([
      DASHBOARD_FIRST_DAY,
      DASHBOARD_LAST_DAY,
      DASHBOARD_MAX_DAYS,
    ]);
  });

  it('reads a fixed period, a custom range, and falls back to 30 days for anything else', () => {
    expect(periodFromAddress(new URLSearchParams('period=7d'))).toEqual({ period: '7d' });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=2026-03-01&to=2026-03-31'))).toEqual({
      period: 'custom',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(periodFromAddress(new URLSearchParams(''))).toEqual({ period: '30d' });
    expect(periodFromAddress(new URLSearchParams('period=week'))).toEqual({ period: '30d' });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=2026-02-30&to=2026-03-31'))).toEqual({
      period: '30d',
    });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=2026-04-01&to=2026-03-31'))).toEqual({
      period: '30d',
    });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=2023-01-01&to=2025-12-31'))).toEqual({
      period: 'custom',
      from: '2023-01-01',
      to: '2025-12-31',
    });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=2023-01-01&to=2026-01-01'))).toEqual({
      period: '30d',
    });
    // Only the days the server takes (2000 to 2999).
    expect(periodFromAddress(new URLSearchParams('period=custom&from=2000-01-01&to=2000-01-31'))).toEqual({
      period: 'custom',
      from: '2000-01-01',
      to: '2000-01-31',
    });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=2999-12-01&to=2999-12-31'))).toEqual({
      period: 'custom',
      from: '2999-12-01',
      to: '2999-12-31',
    });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=1999-12-31&to=2000-01-31'))).toEqual({
      period: '30d',
    });
    expect(periodFromAddress(new URLSearchParams('period=custom&from=9999-12-01&to=9999-12-31'))).toEqual({
      period: '30d',
    });
  });

  it('writes from and to only for a custom range', () => {
    expect(periodParams({ period: 'year', from: '2026-01-01', to: '2026-01-02' }).toString()).toBe('period=year');
    expect(periodParams({ period: 'custom', from: '2026-01-01', to: '2026-01-02' }).toString()).toBe(
      'period=custom&from=2026-01-01&to=2026-01-02',
    );
  });

  it('names days in en-GB', () => {
    expect(formatDays('2026-03-29', '2026-03-29')).toBe('29 Mar 2026');
    expect(formatDays('2026-03-01', '2026-03-31')).toBe('1 Mar 2026 – 31 Mar 2026');
  });
});

describe('a figure against the previous period', () => {
  it('says up or down with the amount and the percentage, in words for a screen reader', () => {
    expect(compareFigure(92.4, 80, 'money')).toEqual({
      direction: 'up',
      shown: '▲ £12.40 (+16%)',
      spoken: 'Up £12.40, 16%, from £80.00 in the previous period.',
    });
    expect(compareFigure(3, 5, 'count')).toEqual({
      direction: 'down',
      shown: '▼ 2 (−40%)',
      spoken: 'Down 2, 40%, from 5 in the previous period.',
    });
  });

  it('compares money to the penny without float drift', () => {
    expect(compareFigure(0.3, 0.1 + 0.2, 'money').direction).toBe('same');
    expect(compareFigure(10.01, 10, 'money').shown).toBe('▲ £0.01 (+<1%)');
  });

  it('leaves the percentage out from nothing, and gives a share in points', () => {
    expect(compareFigure(4, 0, 'count').shown).toBe('▲ 4');
    expect(compareFigure(0.25, 0.5, 'share')).toMatchObject({ direction: 'down', shown: '▼ 25 pts' });
    expect(formatFigure(0.3333, 'share')).toBe('33.3%');
  });

  it('says when there is nothing to compare', () => {
    expect(compareFigure(null, 20, 'money')).toMatchObject({ direction: 'none', shown: 'No comparison' });
    expect(compareFigure(5, 5, 'count')).toMatchObject({ direction: 'same', shown: 'No change' });
  });
});
