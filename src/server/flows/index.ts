/**
 * The flows: the only code that calls more than one module (decision 135). A module never imports
 * them: its routes and workers reach them through `ctx.flows`, which `buildApp` fills from here, so
 * no module imports another and no import goes in a circle.
 */
import { applyPrinterProgress, changeOrderStatus } from './change-order-status';
import { applyRetention } from './apply-retention';
import { erasePersonalData } from './erase-personal-data';
import { addressSubject, collectPersonalData, countsOf, customerSubject, personalDataFileName } from './personal-data';
import { cancelOrder } from './cancel-order';
import { completeCheckout } from './complete-checkout';
import { orderDeliveryCountries } from './delivery-countries';
import { applyAfterSaleEvent } from './payment-events';
import { refundOrder, resumeUnansweredRefunds } from './refund-order';
import { sendDiscountCode } from './send-discount-code';
import { addToWishlist, wishlistProducts } from './wishlist-books';

export const flows = {
  completeCheckout,
  changeOrderStatus,
  applyPrinterProgress,
  sendDiscountCode,
  wishlistProducts,
  addToWishlist,
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
};
export type Flows = typeof flows;
