/** Cart calls (docs/api.md, "Wishlist and cart"); the wishlist's are in wishlist.ts. */
import { z } from 'zod';
import { CART_QTY_MAX, CART_QTY_MIN } from '../constants';
import { productSchema } from './products';

export const productIdSchema = z
  .string({ message: 'product_id is required.' })
  .trim()
  .min(1, 'product_id is required.')
  .max(200);
export const userIdSchema = z.string({ message: 'user_id is required.' }).min(1, 'user_id is required.');
export const qtySchema = z
  .number({ message: `qty must be a whole number from ${CART_QTY_MIN} to ${CART_QTY_MAX}.` })
  .int(`qty must be a whole number from ${CART_QTY_MIN} to ${CART_QTY_MAX}.`)
  .min(CART_QTY_MIN, `qty must be a whole number from ${CART_QTY_MIN} to ${CART_QTY_MAX}.`)
  .max(CART_QTY_MAX, `qty must be a whole number from ${CART_QTY_MIN} to ${CART_QTY_MAX}.`);

/** A cart line as the browser sends it to check out or check a code; any price or other field it carries is ignored. */
export const checkoutItemSchema = z.looseObject({ product_id: productIdSchema, qty: qtySchema });

/** Where the books go (ISO 3166-1 alpha-2): a basket is priced for its delivery zone (decision 148). GB when left out. */
export const deliveryCountrySchema = z
  .string({ message: 'country must be a two-letter country code.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'country must be a two-letter country code (ISO 3166-1, such as GB).')
  .optional()
  .default('GB');

export const userIdParamsSchema = z.object({ userId: z.string() });

export const cartLineSchema = z.object({ product_id: z.string(), qty: z.number().int() });
export const cartLinesSchema = z.array(cartLineSchema);
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartProductSchema = productSchema.extend({ qty: z.number().int() });
export const cartProductsSchema = z.array(cartProductSchema);
export type CartProduct = z.infer<typeof cartProductSchema>;

export const updateCartBodySchema = z.object({ user_id: userIdSchema, product_id: productIdSchema, qty: qtySchema });
export const removeCartBodySchema = z.object({ user_id: userIdSchema, product_id: productIdSchema });
export const mergeCartBodySchema = z.object({
  user_id: userIdSchema,
  items: z
    .array(z.object({ product_id: productIdSchema, qty: qtySchema }))
    .max(200, 'At most 200 lines can be merged.'),
});

export const okSchema = z.object({ success: z.literal(true) });
