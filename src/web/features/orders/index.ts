/** The order history's query key: a new review marks an order 'Reviewed'. */
export { orderHistoryKey } from './api/order-history';
