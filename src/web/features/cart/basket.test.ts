import { describe, expect, it } from 'vitest';
import { mergeLines, withQty } from './basket';

describe('mergeLines (the sign-in merge rule)', () => {
  it('sums quantities of the same product and caps them at 99', () => {
    expect(
      mergeLines(
        [{ product_id: 'a', qty: 60 }, { product_id: 'b', qty: 1 }],
        [{ product_id: 'a', qty: 50 }, { product_id: 'c', qty: 2 }],
      ),
    ).toEqual([
      { product_id: 'a', qty: 99 },
      { product_id: 'b', qty: 1 },
      { product_id: 'c', qty: 2 },
    ]);
  });
  it('never changes its inputs', () => {
    const base = [{ product_id: 'a', qty: 1 }];
    mergeLines(base, [{ product_id: 'a', qty: 1 }]);
    expect(base).toEqual([{ product_id: 'a', qty: 1 }]);
  });
});

describe('withQty', () => {
  it('sets, adds and removes one line per product', () => {
    const lines = [{ product_id: 'a', qty: 1 }];
    expect(withQty(lines, 'a', 5)).toEqual([{ product_id: 'a', qty: 5 }]);
    expect(withQty(lines, 'b', 2)).toEqual([{ product_id: 'a', qty: 1 }, { product_id: 'b', qty: 2 }]);
    expect(withQty(lines, 'a', 0)).toEqual([]);
    expect(withQty(lines, 'a', 150)).toEqual([{ product_id: 'a', qty: 99 }]);
  });
});
