/**
 * Checkout and orders (docs/api.md, "Checkout and orders", and the admin's order calls). Money in
 * pounds. The statuses and their moves are the table in ../order-status.ts.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { checkoutItemSchema } from './cart';
import { discountCodeInputSchema } from './discount';

export const createCheckoutBodySchema = z.object({
  cartItems: z.array(checkoutItemSchema, { message: 'cartItems must be a list.' }).max(200, 'At most 200 lines per order.'),
  user_id: z.string().nullable().optional().default(null),
  user_email: z.string().max(320).optional().default(''),
  /** Ignored: shipping is always the shop's own. */
  shipping_cost: z.unknown().optional(),
  currency: z.string().optional(),
  discount_code: discountCodeInputSchema.nullable().optional(),
});
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const createCheckoutAnswerSchema = z.object({ sessionId: z.string(), url: z.string() });

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderItemSchema = z.object({ item: z.string(), quantity: z.number().int(), product_id: z.string() });
/** An order as its customer sees it (order history). */
export const orderSchema = z.object({
  order_id: z.string(),
  items: z.array(orderItemSchema),
  /** Pounds. */
  total_cost: z.number(),
  /** ISO timestamp. */
  date: z.string(),
  status: orderStatusSchema,
  currency: z.string(),
  bookVault_ref: z.string().nullable(),
  tracking_ref: z.string().nullable(),
  reviewed: z.boolean(),
});
export const orderHistorySchema = z.array(orderSchema);
export type Order = z.infer<typeof orderSchema>;

/** An order as the admin sees it: the customer's view and the address it was made for. */
export const adminOrderSchema = orderSchema.extend({ user_email: z.string() });
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrdersSchema = z.array(adminOrderSchema);

const REF_MAX = 100;
/** An optional reference: missing, null and blank all mean "not given". */
const optionalRef = z
  .string()
  .trim()
  .max(REF_MAX, { message: `must be at most ${REF_MAX} characters` })
  .nullish()
  .transform((value) => (value ? value : null));

export const updateOrderStatusBodySchema = z.object({
  /** The spec's client sends it; the server mails the address stored on the order. */
  customer_email: z.string().max(320).optional(),
  order_id: z.uuid({ message: 'must be an order id' }),
  status: orderStatusSchema,
  bookVault_ref: optionalRef,
  tracking_ref: optionalRef,
});
export type UpdateOrderStatusBody = z.input<typeof updateOrderStatusBodySchema>;
export const checkoutStatusSchema = z.enum(['open', 'completed', 'expired']);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** POST /api/checkout/sessions/:sessionId/cancel: the checkout's status afterwards (open: the buyer completed it at the provider meanwhile). */
export const cancelCheckoutAnswerSchema = z.object({ status: checkoutStatusSchema });

/** The demo checkout page's view of an open checkout (never the buyer's e-mail). */
export const demoCheckoutSchema = z.object({
  sessionId: z.string(),
  status: checkoutStatusSchema,
  lines: z.array(z.object({ product_id: z.string(), name: z.string(), qty: z.number().int(), unit_price: z.number() })),
  subtotal: z.number(),
  shipping: z.number(),
  discount: z.number(),
  discount_code: z.string().nullable(),
  total: z.number(),
  /** True when the checkout has no e-mail yet (a guest): the page asks for one. */
  needsEmail: z.boolean(),
});
export type DemoCheckout = z.infer<typeof demoCheckoutSchema>;

export const demoPayBodySchema = z.object({ email: z.string().trim().max(320).optional() });
export const demoPayAnswerSchema = z.object({ order_id: z.string(), redirect: z.string() });
