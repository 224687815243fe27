/**
 * The spec's texts read by the code every page loads (the web's "app" chunk: the header, basket,
 * wishlist, grid and error screen), re-exported by messages.ts with all the others. That code
 * imports this module, not messages.ts: the app chunk then holds only these texts, not every text
 * some other page reads (home_js's 130 kB budget, issue 34).
 */
export const failedLoadCachedCart = 'Failed to load cached cart data';
export const errorRemovingFromWishlist = 'Error removing from wishlist';
export const errorAddingToWishlist = 'Error adding to wishlist';
export const errorUpdatingWishlist = 'Error occurred while updating wishlist';
export const errorSavingBasket = 'Error saving basket';
export const failedRemoveFromBasket = 'Failed to remove from basket';
export const failedUpdateQuantityInBasket = 'Failed to update quantity in basket';
export const failedRemoveItem = 'Failed to remove item';
export const errorRemovingItem = 'Error removing item';
export const failedUpdateQuantity = 'Failed to update quantity';
export const failedFetchWishlist = 'Failed to fetch wishlist';
export const errorFetchingWishlist = 'Error fetching wishlist';
export const somethingWentWrong = 'Something went wrong. Please try again later.';
export const noProductsFound = 'No products found';
export const unexpectedError = 'Unexpected Application Error!';
export const addedToBasket = 'Added to basket';
export const removedFromBasket = 'Removed from basket';
export const itemRemovedFromCart = 'Item removed from cart';
export const updatedQuantity = 'Updated quantity';
export const addedToWishlist = 'Added to wishlist';
export const removedFromWishlist = 'Removed from wishlist';
export const allAges = 'All ages';
