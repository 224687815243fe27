import { describe, expect, it } from 'vitest';
import { orderRetentionBoundary, period, taxYearStart } from './privacy';

describe('UK tax years and the order retention boundary', () => {
  it('starts a tax year on 6 April at midnight London time (BST, so 23:00 UTC the day before)', () => {
    expect(taxYearStart(new Date('2026-04-05T22:59:59Z')).toISOString()).toBe('2025-04-05T23:00:00.000Z');
    expect(taxYearStart(new Date('2026-04-05T23:00:00Z')).toISOString()).toBe('2026-04-05T23:00:00.000Z');
    expect(taxYearStart(new Date('2026-01-10T12:00:00Z')).toISOString()).toBe('2025-04-05T23:00:00.000Z');
  });

  it('keeps an order six years from the end of its tax year, not from its date', () => {
    // An order of 1 May 2019 belongs to the tax year 2019-20, which ends on 5 April 2020.
    const order = new Date('2019-05-01T10:00:00Z');
    const justBefore = orderRetentionBoundary(new Date('2026-04-05T22:59:59Z'), 6);
    const justAfter = orderRetentionBoundary(new Date('2026-04-05T23:00:00Z'), 6);
    expect(order < justBefore).toBe(false);
    expect(order < justAfter).toBe(true);
    // An order of 5 April 2020 (the last day of the same tax year) expires at the same moment.
    expect(new Date('2020-04-05T20:00:00Z') < justAfter).toBe(true);
    // One of 6 April 2020 belongs to the next year: a year more.
    expect(new Date('2020-04-06T08:00:00Z') < justAfter).toBe(false);
  });

  it('says periods in words', () => {
    expect(period(6, 'year')).toBe('6 years');
    expect(period(1, 'month')).toBe('1 month');
  });
});
