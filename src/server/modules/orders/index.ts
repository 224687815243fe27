/** Orders: made from a paid checkout, the customer's history, the admin's fulfilment (status changes and their mails). */
export { orderRoutes } from './routes';
export { orderIdOfCheckout, placeOrder, type PlacedCheckout } from './service';
export { lastDeliveryAddress, orderOfCheckout } from './confirmation';
export { PrintWorker, type PrintWorkerOptions } from './printing/worker';
