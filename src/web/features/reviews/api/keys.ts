/** Query keys of the review feature: per user where the answer is the user's. */
export const reviewKeys = {
  orderProducts: (userId: string, orderId: string) => ['reviews', 'order-products', userId, orderId] as const,
};
