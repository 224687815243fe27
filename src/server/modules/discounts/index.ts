/** Discount codes: made and mailed by the admin, checked against a basket, redeemed by a paid order. */
export { discountRoutes } from './routes';
export { discountAdminRoutes } from './admin/routes';
export {
  DISCOUNT_PROBLEMS,
  discountCodeUsage,
  holdDiscountCode,
  holdDiscountCodeUntilItExpires,
  codeTypes,
  issueDiscountCode,
  passDiscountHold,
  redeemDiscountCode,
  freeDiscountCode,
  releaseDiscountHold,
  usableDiscount,
  type UsableDiscount,
} from './service';
export { revokeCode } from './admin/codes';
