/** The basket, for the header's count, the product cards and page, and the sign-in merge. */
export { mergeGuestBasketAfterSignIn, useBasket } from './basket';
