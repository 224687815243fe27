import { describe, expect, it } from 'vitest';
import { isValidDiscountPercent, SIMPLE_EMAIL } from './discounts';

describe('discount form rules', () => {
  it('accepts whole percentages from 1 to 99 only', () => {
    expect([1, 10, 99, '25'].every(isValidDiscountPercent)).toBe(true);
    expect([0, 100, 12.5, '', 'ten', null].some(isValidDiscountPercent)).toBe(false);
  });

  it('checks e-mails with the spec\'s simple pattern', () => {
    expect(SIMPLE_EMAIL.test('a@b.co')).toBe(true);
    expect(SIMPLE_EMAIL.test('a@b')).toBe(false);
    expect(SIMPLE_EMAIL.test('a b@c.d')).toBe(false);
  });
});
