/**
 * The flows: the only code that calls more than one module (decision 135). A module never imports
 * them: its routes and workers reach them through `ctx.flows`, which `buildApp` fills from here, so
 * no module imports another and no import goes in a circle.
 */
import { applyPrinterProgress, changeOrderStatus } from './change-order-status';
import { completeCheckout } from './complete-checkout';
import { sendDiscountCode } from './send-discount-code';
import { addToWishlist, wishlistProducts } from './wishlist-books';

export const flows = {
  completeCheckout,
  changeOrderStatus,
  applyPrinterProgress,
  sendDiscountCode,
  wishlistProducts,
  addToWishlist,
};
export type Flows = typeof flows;
