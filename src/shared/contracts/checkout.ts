/** Checkout (docs/api.md, "Checkout and orders"): a basket turned into a payment, the demo payment page. Money in pounds. */
import { z } from 'zod';
import { checkoutItemSchema, deliveryCountrySchema } from './cart';
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
  /** Where the books go (ISO 3166-1 alpha-2): the basket is priced for its delivery zone (decision 148). */
  country: deliveryCountrySchema,
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
  /** The countries of the delivery zone the basket was priced for (ISO codes), for the address form's country list. */
  countries: z.array(z.string()),
  /** The destination chosen in the basket, and its zone's name and estimate (decision 148). */
  country: z.string(),
  zone: z.string(),
  estimate: z.string().nullable(),
});

export type DemoCheckout = z.infer<typeof demoCheckoutSchema>;

export const demoPayBodySchema = z.object({
  email: z.string().trim().max(320).optional(),
  address: deliveryAddressInputSchema,
});

export type DemoPayBody = z.input<typeof demoPayBodySchema>;

export const demoPayAnswerSchema = z.object({ order_id: z.string(), redirect: z.string() });

// ---- delivery zones (issue 29, decision 148): pounds, as the rest of the API ---------------------

/** One delivery zone as the API gives it. */
export const deliveryZoneSchema = z.object({
  name: z.string(),
  countries: z.array(z.string()),
  first_book: z.number(),
  each_further_book: z.number(),
  free_over: z.number().nullable(),
  estimate: z.string().nullable(),
});

export type DeliveryZoneJson = z.infer<typeof deliveryZoneSchema>;

/** GET /api/server/delivery_zones and GET/PUT /api/admin/delivery_zones. */
export const deliveryZonesAnswerSchema = z.object({ zones: z.array(deliveryZoneSchema) });

export type DeliveryZonesAnswer = z.infer<typeof deliveryZonesAnswerSchema>;

/**
 * PUT /api/admin/delivery_zones: the whole list. Shapes only here; the rules (no country twice,
 * prices £0 or more in pounds and pence, at least one zone) are checked by the service, which names
 * every problem at once.
 */
export const deliveryZonesBodySchema = z.object({
  zones: z
    .array(
      z.object({
        name: z.string({ message: 'must be text' }).max(500, 'is too long'),
        countries: z
          .array(
            z
              .string({ message: 'must be text' })
              .max(20, 'is too long')
              .transform((code) => code.trim().toUpperCase()),
          )
          .max(300, 'has too many countries'),
        first_book: z.number({ message: 'must be a number of pounds' }),
        each_further_book: z.number({ message: 'must be a number of pounds' }),
        free_over: z.number({ message: 'must be a number of pounds or null' }).nullable().optional().default(null),
        estimate: z
          .string({ message: 'must be text or null' })
          .max(500, 'is too long')
          .nullable()
          .optional()
          .default(null),
      }),
      { message: 'zones must be a list.' },
    )
    .max(100, 'At most 100 zones.'),
});

export type DeliveryZonesBody = z.infer<typeof deliveryZonesBodySchema>;
