import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../validation';
import { isValidDiscountPercent } from './discounts';

describe('discount form rules', () => {
  it('accepts whole percentages from 1 to 99 only', () => {
    expect([1, 10, 99, '25'].every(isValidDiscountPercent)).toBe(true);
    expect([0, 100, 12.5, '', 'ten', null].some(isValidDiscountPercent)).toBe(false);
  });

  it("checks e-mails with the spec's simple pattern (the one e-mail rule, shared/validation.ts)", () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.d')).toBe(false);
  });
});
