import { describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { ApiError } from '../../lib/api';
import { basketFailureText, basketSuccessText, mergeLines, parseStoredLines, withQty } from './basket';

describe('mergeLines (the sign-in merge rule)', () => {
  it('sums quantities of the same product and caps them at 99', () => {
    expect(
      mergeLines(
        [
          { product_id: 'a', qty: 60 },
          { product_id: 'b', qty: 1 },
        ],
        [
          { product_id: 'a', qty: 50 },
          { product_id: 'c', qty: 2 },
        ],
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
    expect(withQty(lines, 'b', 2)).toEqual([
      { product_id: 'a', qty: 1 },
      { product_id: 'b', qty: 2 },
    ]);
    expect(withQty(lines, 'a', 0)).toEqual([]);
    expect(withQty(lines, 'a', 150)).toEqual([{ product_id: 'a', qty: 99 }]);
  });
  it("puts a new line back where it was when told (the cart page's Undo), and keeps an existing line in place", () => {
    const lines = [
      { product_id: 'a', qty: 1 },
      { product_id: 'c', qty: 1 },
    ];
    expect(withQty(lines, 'b', 3, 1)).toEqual([
      { product_id: 'a', qty: 1 },
      { product_id: 'b', qty: 3 },
      { product_id: 'c', qty: 1 },
    ]);
    expect(withQty(lines, 'b', 3, 0)[0]).toEqual({ product_id: 'b', qty: 3 });
    expect(withQty(lines, 'b', 3, 9).at(-1)).toEqual({ product_id: 'b', qty: 3 });
    expect(withQty(lines, 'c', 4, 0)).toEqual([
      { product_id: 'a', qty: 1 },
      { product_id: 'c', qty: 4 },
    ]);
  });
});

describe('parseStoredLines (the basket kept in local storage)', () => {
  it('reads a stored list, and nothing stored as an empty basket', () => {
    expect(parseStoredLines('[{"product_id":"a","qty":2}]')).toEqual({
      lines: [{ product_id: 'a', qty: 2 }],
      damaged: false,
    });
    expect(parseStoredLines(null)).toEqual({ lines: [], damaged: false });
    expect(parseStoredLines('[]')).toEqual({ lines: [], damaged: false });
  });

  it('says when what was stored cannot be read whole, keeping the lines that can', () => {
    expect(parseStoredLines('{broken')).toEqual({ lines: [], damaged: true });
    expect(parseStoredLines('{"product_id":"a"}')).toEqual({ lines: [], damaged: true });
    expect(parseStoredLines('[{"product_id":"a","qty":1},{"product_id":7},null]')).toEqual({
      lines: [{ product_id: 'a', qty: 1 }],
      damaged: true,
    });
    expect(parseStoredLines('[{"product_id":"a","qty":500}]')).toEqual({
      lines: [{ product_id: 'a', qty: 99 }],
      damaged: false,
    });
  });
});

describe('the basket banners', () => {
  const refused = new ApiError(500, 'down');
  const unreachable = new ApiError(0, 'Could not reach the shop.');

  it('speak of the basket on cards and the product page, of items on the cart page', () => {
    expect(basketSuccessText({ kind: 'add', place: 'elsewhere' })).toBe(MSG.addedToBasket);
    expect(basketSuccessText({ kind: 'remove', place: 'elsewhere' })).toBe('Removed from basket');
    expect(basketSuccessText({ kind: 'remove', place: 'cartPage' })).toBe(MSG.itemRemovedFromCart);
    expect(basketSuccessText({ kind: 'set', place: 'cartPage' })).toBe(MSG.updatedQuantity);
    expect(basketSuccessText({ kind: 'restore', place: 'cartPage' })).toBe(MSG.addedToBasket);
    expect(basketFailureText({ kind: 'restore', place: 'cartPage' }, new ApiError(500, 'down'))).toBe(
      MSG.errorSavingBasket,
    );
  });

  it('tell a removal the shop refused from one that got no answer, on the cart page', () => {
    expect(basketFailureText({ kind: 'remove', place: 'cartPage' }, refused)).toBe('Failed to remove item');
    expect(basketFailureText({ kind: 'remove', place: 'cartPage' }, unreachable)).toBe('Error removing item');
    expect(basketFailureText({ kind: 'remove', place: 'cartPage' }, new TypeError('x'))).toBe('Error removing item');
    expect(basketFailureText({ kind: 'remove', place: 'elsewhere' }, refused)).toBe(MSG.failedRemoveFromBasket);
  });

  it("name the quantity that failed: the cart page's, or a line an add would have raised", () => {
    expect(basketFailureText({ kind: 'set', place: 'cartPage' }, refused)).toBe('Failed to update quantity');
    expect(basketFailureText({ kind: 'add', place: 'elsewhere', hadLine: true }, refused)).toBe(
      MSG.failedUpdateQuantityInBasket,
    );
    expect(basketFailureText({ kind: 'add', place: 'elsewhere', hadLine: false }, unreachable)).toBe(
      MSG.errorSavingBasket,
    );
  });
});
