import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHIPPING_PENCE } from './constants';
import { penceToPounds, poundsToPence } from './money';
import {
  discountApplies,
  isEligible,
  percentOfRoundedHalfUp,
  priceCart,
  type DiscountTerms,
  type PricingLine,
} from './pricing';

const line = (unitPence: number, qty = 1, type = 'Puzzle', age = 'Kids'): PricingLine => ({
  unitPence,
  qty,
  type,
  age,
});
const all = (percentage: number): DiscountTerms => ({ percentage, types: [], ages: [] });

const arbLine = fc.record({
  unitPence: fc.integer({ min: 1, max: 100_000 }),
  qty: fc.integer({ min: 1, max: 99 }),
  type: fc.constantFrom('Activity', 'Puzzle', 'Colouring', 'Journal'),
  age: fc.constantFrom('Kids', 'Adults', ''),
});
const arbLines = fc.array(arbLine, { maxLength: 30 });
const arbDiscount = fc.option(
  fc.record({
    percentage: fc.integer({ min: 1, max: 99 }),
    types: fc.subarray(['Activity', 'Puzzle', 'Colouring', 'Journal']),
    ages: fc.subarray(['Kids', 'Adults', '']),
  }),
  { nil: null },
);

describe('priceCart', () => {
  it('an empty cart costs nothing, not even shipping', () => {
    expect(priceCart([])).toEqual({
      subtotalPence: 0,
      shippingPence: 0,
      eligiblePence: 0,
      discountPence: 0,
      totalPence: 0,
      booksAfterCodePence: 0,
    });
    expect(priceCart([], all(50)).totalPence).toBe(0);
  });

  it('adds £3.83 shipping to the sum of price × quantity', () => {
    const price = priceCart([line(799, 2), line(1499)]);
    expect(price.subtotalPence).toBe(799 * 2 + 1499);
    expect(price.shippingPence).toBe(383);
    expect(price.totalPence).toBe(3097 + 383);
  });

  it('takes the discount from items and shipping together, rounded half up once', () => {
    // 10 % of (799 + 383) = 118.2 -> 118
    expect(priceCart([line(799)], all(10))).toMatchObject({ discountPence: 118, totalPence: 1182 - 118 });
    // 15 % of (1099 + 383) = 222.3 -> 222
    expect(priceCart([line(1099)], all(15)).discountPence).toBe(222);
    // 50 % of (117 + 383) = 250 exactly; 50 % of (118 + 383) = 250.5 -> 251
    expect(priceCart([line(117)], all(50)).discountPence).toBe(250);
    expect(priceCart([line(118)], all(50)).discountPence).toBe(251);
  });

  it('discounts only the lines whose type and age the code allows (plus shipping)', () => {
    const lines = [line(1000, 1, 'Puzzle', 'Kids'), line(2000, 1, 'Journal', 'Adults'), line(500, 2, 'Puzzle', '')];
    const code = { percentage: 20, types: ['Puzzle'], ages: ['Kids', ''] };
    const price = priceCart(lines, code);
    expect(price.eligiblePence).toBe(1000 + 1000);
    expect(price.discountPence).toBe(percentOfRoundedHalfUp(2000 + 383, 20));
    expect(price.totalPence).toBe(4000 + 383 - 477);
  });

  it('a code that fits no line changes nothing', () => {
    const lines = [line(1000, 1, 'Journal', 'Adults')];
    const code = { percentage: 50, types: ['Puzzle'], ages: [] };
    expect(discountApplies(lines, code)).toBe(false);
    expect(priceCart(lines, code)).toEqual(priceCart(lines));
  });

  it('matches types case-insensitively and ages exactly', () => {
    expect(isEligible({ type: 'puzzle', age: 'Kids' }, { types: ['Puzzle'], ages: [] })).toBe(true);
    expect(isEligible({ type: 'Puzzle', age: '' }, { types: [], ages: ['Kids'] })).toBe(false);
  });

  it('refuses a quantity outside 1 to 99 or a fractional one', () => {
    expect(() => priceCart([line(100, 0)])).toThrow(RangeError);
    expect(() => priceCart([line(100, 100)])).toThrow(RangeError);
    expect(() => priceCart([line(100, 1.5)])).toThrow(RangeError);
    expect(() => priceCart([line(-1, 1)])).toThrow(RangeError);
  });

  it('property: the total is never negative and is subtotal + shipping - discount', () => {
    fc.assert(
      fc.property(arbLines, arbDiscount, (lines, discount) => {
        const price = priceCart(lines, discount);
        expect(price.totalPence).toBeGreaterThanOrEqual(0);
        expect(price.totalPence).toBe(price.subtotalPence + price.shippingPence - price.discountPence);
        expect(Number.isInteger(price.discountPence)).toBe(true);
        expect(price.discountPence).toBeLessThanOrEqual(price.eligiblePence + price.shippingPence);
      }),
    );
  });

  it('property: shipping is 383 pence for any non-empty cart', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 30 }), arbDiscount, (lines, discount) => {
        expect(priceCart(lines, discount).shippingPence).toBe(SHIPPING_PENCE);
      }),
    );
  });

  it('property: the cart page (prices in pounds from the API) shows exactly what the server charges (pence from the database)', () => {
    fc.assert(
      fc.property(arbLines, arbDiscount, (lines, discount) => {
        const server = priceCart(lines, discount);
        const page = priceCart(
          lines.map((l) => ({ ...l, unitPence: poundsToPence(penceToPounds(l.unitPence))! })),
          discount,
        );
        expect(page).toEqual(server);
      }),
    );
  });

  it('property: the discount never exceeds the percentage of what it applies to by more than half a penny', () => {
    fc.assert(
      fc.property(arbLines, fc.integer({ min: 1, max: 99 }), (lines, percentage) => {
        const price = priceCart(lines, all(percentage));
        const exact = ((price.subtotalPence + price.shippingPence) * percentage) / 100;
        expect(Math.abs(price.discountPence - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
