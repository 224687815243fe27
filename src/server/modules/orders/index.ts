/** Orders: made from a paid checkout, the customer's history, the admin's fulfilment (status changes and their mails). */
export { orderRoutes } from './routes';
export { aftercareRoutes } from './aftercare/routes';
export { closeProblemWith } from './aftercare/problems';
export { draftOrder, orderIdOfCheckout, placeOrder, type OrderDraft, type PlacedCheckout } from './service';
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
export {
  countOrders,
  detachAndRedactOrders,
  ordersForExport,
  redactArrivedOrders,
  redactOrdersMadeBefore,
  type OrderOwner,
} from './privacy';
export {
  lockOrderForMoney,
  markCancelled,
  mailRefund,
  recordOrderEvent,
  refundAmount,
  refundEvent,
  releaseHold,
  tellOwner,
  type MoneyOrder,
} from './refunds/service';
export {
  claimRefundOutcome,
  deleteRefund,
  findRefund,
  findRefundByProviderId,
  findOrderIdByPaymentRef,
  markDisputed,
  insertRefund,
  refundedPence,
  toRefundAnswer,
  unansweredRefunds,
  updateRefund,
  type RefundRow,
} from './refunds/repository';
export { planCancel } from './refunds/cancel-plan';
export { customerCancellableUntil, paymentStatusOf } from './refunds/money';
export { isCancelToken } from './refunds/cancel-link';
export {
  ALREADY_CANCELLED,
  authoriseCustomer,
  cancellationView,
  customerRefusal,
  type CustomerAsk,
} from './refunds/cancellation';
