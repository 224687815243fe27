/**
 * The basket, for the header's count, the product cards and page, and the sign-in merge; the
 * basket panel, mounted once by the layout.
 */
export { mergeGuestBasketAfterSignIn, useBasket } from './basket';
export { BasketPanel } from './BasketPanel';
