/**
 * The flows: the only code that calls more than one module (decision 135). A module never imports
 * them: its routes and workers reach them through `ctx.flows`, which `buildApp` fills from here, so
 * no module imports another and no import goes in a circle.
 */
import { applyPrinterProgress, changeOrderStatus } from './change-order-status';
import { cancelOrder } from './cancel-order';
import { completeCheckout } from './complete-checkout';
import { applyAfterSaleEvent } from './payment-events';
import { refundOrder } from './refund-order';
import { sendDiscountCode } from './send-discount-code';
import { addToWishlist, wishlistProducts } from './wishlist-books';

export const flows = {
  completeCheckout,
  changeOrderStatus,
  applyPrinterProgress,
  sendDiscountCode,
  wishlistProducts,
  addToWishlist,
  cancelOrder,
  refundOrder,
  applyAfterSaleEvent,
};
export type Flows = typeof flows;
