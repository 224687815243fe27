/**
 * The flows: the only code that calls more than one module (decision 135). A module never imports
 * them: its routes and workers reach them through `ctx.flows`, which `buildApp` fills from here, so
 * no module imports another and no import goes in a circle.
 */
import { applyPrinterProgress, changeOrderStatus } from './change-order-status';
import { applyRetention } from './apply-retention';
import { erasePersonalData } from './erase-personal-data';
import { addressSubject, collectPersonalData, countsOf, customerSubject, personalDataFileName } from './personal-data';
import { basketBooks, mergeBasket, setBasketQty } from './basket-books';
import { cancelOrder } from './cancel-order';
import { checkoutOrder, orderIdOfPaidCheckout, savedDeliveryAddress } from './checkout-orders';
import { completeCheckout } from './complete-checkout';
import { expireCheckout, keepCodeWhilePaymentPends } from './expire-checkout';
import { openCheckout } from './open-checkout';
import { validateDiscount } from './price-basket';
import { orderDeliveryCountries, ordersDeliveryCountries } from './delivery-countries';
import { applyAfterSaleEvent } from './payment-events';
import { refundOrder, resumeUnansweredRefunds } from './refund-order';
import { bookReviews, booksToReview, signInWithReviewLink } from './review-books';
import { revokeDiscountCode } from './revoke-discount-code';
import { sendDiscountCode } from './send-discount-code';
import { addToWishlist, wishlistProducts } from './wishlist-books';

export const flows = {
  validateDiscount,
  openCheckout,
  expireCheckout,
  keepCodeWhilePaymentPends,
  completeCheckout,
  orderIdOfPaidCheckout,
  checkoutOrder,
  savedDeliveryAddress,
  changeOrderStatus,
  applyPrinterProgress,
  sendDiscountCode,
  revokeDiscountCode,
  wishlistProducts,
  addToWishlist,
  basketBooks,
  setBasketQty,
  mergeBasket,
  customerSubject,
  addressSubject,
  collectPersonalData,
  countsOf,
  personalDataFileName,
  erasePersonalData,
  applyRetention,
  cancelOrder,
  refundOrder,
  resumeUnansweredRefunds,
  applyAfterSaleEvent,
  orderDeliveryCountries,
  ordersDeliveryCountries,
  signInWithReviewLink,
  booksToReview,
  bookReviews,
};
export type Flows = typeof flows;
