/** Checkout: turning a basket into a payment with a payment provider, and the paid checkout into an order (through the orders module). */
export { checkoutRoutes } from './routes';
export { CHECKOUT_EXPIRED } from './service';
export { lockCheckoutSession, recordPaymentEvent, setCheckoutStatus, type CheckoutSessionRow } from './repository';
export { refundProviderOf } from './refund-provider';
export { currentZones } from './delivery-zones';
