import { describe, expect, it } from 'vitest';
import * as MSG from '@shared/messages';
import { ApiError } from '../../lib/api';
import { storedWishlist, wishlistFetchFailureText, wishlistToggleFailureText } from './wishlist';

const refused = new ApiError(503, 'down');
const unreachable = new ApiError(0, 'Could not reach the shop.');

describe('the wishlist banners', () => {
  it('when the wishlist cannot be fetched: refused, or no answer', () => {
    expect(wishlistFetchFailureText(refused)).toBe('Failed to fetch wishlist');
    expect(wishlistFetchFailureText(unreachable)).toBe('Error fetching wishlist');
  });

  it("when a heart cannot be changed: the spec's add and remove texts when refused, its update text without an answer", () => {
    expect(wishlistToggleFailureText(true, refused)).toBe(MSG.errorAddingToWishlist);
    expect(wishlistToggleFailureText(false, refused)).toBe(MSG.errorRemovingFromWishlist);
    expect(wishlistToggleFailureText(true, unreachable)).toBe('Error occurred while updating wishlist');
    expect(wishlistToggleFailureText(false, new TypeError('x'))).toBe('Error occurred while updating wishlist');
  });
});

describe('storedWishlist (the copy kept in local storage)', () => {
  it('is the kept list for its own shopper only', () => {
    const kept = { userId: 'u1', entries: [{ product_id: 'a' }] };
    expect(storedWishlist(kept, 'u1')).toEqual([{ product_id: 'a' }]);
    expect(storedWishlist(kept, 'u2')).toBeUndefined();
    expect(storedWishlist(null, 'u1')).toBeUndefined();
    expect(storedWishlist({ userId: 'u1', entries: 'x' }, 'u1')).toBeUndefined();
  });
});
