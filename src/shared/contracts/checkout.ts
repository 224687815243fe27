/** Checkout (docs/api.md, "Checkout and orders"): a basket turned into a payment, the demo payment page. Money in pounds. */
import { z } from 'zod';
import { checkoutItemSchema } from './cart';
import { discountCodeInputSchema } from './discounts';
import { deliveryAddressInputSchema } from './orders';

export const createCheckoutBodySchema = z.object({
  cartItems: z
    .array(checkoutItemSchema, { message: 'cartItems must be a list.' })
    .max(200, 'At most 200 lines per order.'),
  user_id: z.string().nullable().optional().default(null),
  user_email: z.string().max(320).optional().default(''),
  /** Ignored: shipping is always the shop's own. */
  shipping_cost: z.unknown().optional(),
  currency: z.string().optional(),
  discount_code: discountCodeInputSchema.nullable().optional(),
});

export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const createCheckoutAnswerSchema = z.object({ sessionId: z.string(), url: z.string() });

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
  /** The countries the shop sends to (ISO codes), for the address form's country list. */
  countries: z.array(z.string()),
});

export type DemoCheckout = z.infer<typeof demoCheckoutSchema>;

export const demoPayBodySchema = z.object({
  email: z.string().trim().max(320).optional(),
  address: deliveryAddressInputSchema,
});

export type DemoPayBody = z.input<typeof demoPayBodySchema>;

export const demoPayAnswerSchema = z.object({ order_id: z.string(), redirect: z.string() });
