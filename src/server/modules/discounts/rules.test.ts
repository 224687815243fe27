import { describe, expect, it } from 'vitest';
import { DISCOUNT_PROBLEMS, discountProblem, type DiscountCodeFacts } from './rules';

const now = new Date('2026-03-01T12:00:00Z');
const code = (over: Partial<DiscountCodeFacts> = {}): DiscountCodeFacts => ({
  percentage: 10,
  types: [],
  ages: [],
  expiresAt: new Date('2026-03-02T00:00:00Z'),
  usedAt: null,
  heldUntil: null,
  ...over,
});
const kidsPuzzle = [{ type: 'Puzzle', age: 'Kids' }];

describe('discountProblem', () => {
  it('accepts an unused, unexpired code that fits a line', () => {
    expect(discountProblem(code(), kidsPuzzle, now)).toBeNull();
    expect(discountProblem(code({ types: ['Puzzle'], ages: ['Kids'] }), kidsPuzzle, now)).toBeNull();
  });
  it('says why a code cannot be used, in order: unknown, used, expired, not applicable, held by an open checkout', () => {
    expect(discountProblem(null, kidsPuzzle, now)).toBe(DISCOUNT_PROBLEMS.unknown);
    expect(discountProblem(code({ usedAt: now, expiresAt: new Date(0) }), kidsPuzzle, now)).toBe(
      DISCOUNT_PROBLEMS.used,
    );
    expect(discountProblem(code({ expiresAt: now }), kidsPuzzle, now)).toBe(DISCOUNT_PROBLEMS.expired);
    expect(discountProblem(code({ ages: ['Adults'] }), kidsPuzzle, now)).toBe(DISCOUNT_PROBLEMS.notApplicable);
    expect(discountProblem(code(), [], now)).toBe(DISCOUNT_PROBLEMS.notApplicable);
    expect(discountProblem(code({ heldUntil: new Date(now.getTime() + 1) }), kidsPuzzle, now)).toBe(
      DISCOUNT_PROBLEMS.held,
    );
    expect(discountProblem(code({ heldUntil: new Date(now.getTime() + 1), ages: ['Adults'] }), kidsPuzzle, now)).toBe(
      DISCOUNT_PROBLEMS.notApplicable,
    );
  });
  it('refuses a revoked code with the expired words (decision 120), a used one still as used', () => {
    expect(discountProblem(code({ revokedAt: now }), kidsPuzzle, now)).toBe(DISCOUNT_PROBLEMS.expired);
    expect(discountProblem(code({ revokedAt: now, usedAt: now }), kidsPuzzle, now)).toBe(DISCOUNT_PROBLEMS.used);
  });
  it('a hold whose time is up no longer stands in the way', () => {
    expect(discountProblem(code({ heldUntil: now }), kidsPuzzle, now)).toBeNull();
  });
});
