/** Orders: made from a paid checkout, the customer's history, the admin's fulfilment (status changes and their mails). */
export { orderRoutes } from './routes';
export { aftercareRoutes } from './aftercare/routes';
export { orderIdOfCheckout, placeOrder, type PlacedCheckout } from './service';
export { lastDeliveryAddress, orderOfCheckout } from './confirmation';
export { PrintWorker, type PrintWorkerOptions } from './printing/worker';
export {
  lockOrderForChange,
  planPartnerProgress,
  saveOrderChange,
  type OrderStatusChange,
  type PartnerProgress,
  type PlannedChange,
} from './service';
export { planOrderUpdate } from './status';
export { CHANGED_BY_PRINT_PARTNER } from './history';
