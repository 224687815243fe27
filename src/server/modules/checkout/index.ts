/** Checkout: turning a basket into a payment with a payment provider, and the paid checkout into an order (through the orders module). */
export { checkoutRoutes } from './routes';
export {
  CHECKOUT_EXPIRED,
  CHECKOUT_TTL_MS,
  HOLD_GRACE_MS,
  emailSchema,
  noZoneSentence,
  orderSuccessPath,
} from './service';
export {
  findCheckoutSession,
  insertCheckoutSession,
  lockCheckoutSession,
  pricedCountries,
  recordPaymentEvent,
  setCheckoutStatus,
  type CheckoutSessionRow,
} from './repository';
export { refundProviderOf } from './refund-provider';
export { currentZones } from './delivery-zones';
