/** Checkout, orders and discount codes (docs/api.md, "Checkout and orders"). Money in pounds. */
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { productIdSchema, qtySchema } from './cart';

/** A cart line as the browser sends it; any price or other field it carries is ignored. */
export const checkoutItemSchema = z.looseObject({ product_id: productIdSchema, qty: qtySchema });

export const discountCodeInputSchema = z.string().trim().max(100, 'That discount code is too long.');

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

export const validateDiscountBodySchema = z.object({
  code: discountCodeInputSchema.min(1, 'Enter a discount code.'),
  cartItems: z.array(checkoutItemSchema).max(200).default([]),
});
export const validateDiscountAnswerSchema = z.object({
  code: z.string(),
  percentage: z.number().int(),
  /** The product types and ages the code applies to (empty = all), so the cart can re-price at once on every change. */
  types: z.array(z.string()),
  ages: z.array(z.string()),
  /** Pounds taken off. */
  discount: z.number(),
  /** Pounds to pay with the code. */
  total: z.number(),
});
export type ValidateDiscountAnswer = z.infer<typeof validateDiscountAnswerSchema>;

export const orderItemSchema = z.object({ item: z.string(), quantity: z.number().int(), product_id: z.string() });
export const orderSchema = z.object({
  order_id: z.string(),
  items: z.array(orderItemSchema),
  total_cost: z.number(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  bookVault_ref: z.string().nullable(),
  tracking_ref: z.string().nullable(),
  reviewed: z.boolean(),
});
export const orderHistorySchema = z.array(orderSchema);
export type Order = z.infer<typeof orderSchema>;

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
