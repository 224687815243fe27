/** Discount codes: made and mailed by the admin, checked against a basket, redeemed by a paid order. */
export { discountRoutes } from './routes';
export { DISCOUNT_PROBLEMS, isDiscountCodeUsed, redeemDiscountCode, usableDiscount, type UsableDiscount } from './service';
