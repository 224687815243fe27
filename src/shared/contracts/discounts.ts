/**
 * Discount codes (docs/api.md, "Admin" and "Checkout and orders"): the admin's form that mails a
 * code, the basket's check of a typed code, the codes sent and revoking one:
 * - GET  /api/admin/dashboard/discount-codes?cursor=&limit=   → discountCodePageSchema
 * - POST /api/admin/discount-codes/:code/revoke               → revokeDiscountCodeAnswerSchema
 *   (404 unknown code, 409 a used code or one a checkout holds; every error is `{ message }`)
 */
import { z } from 'zod';
import { DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN } from '../constants';
import { checkoutItemSchema, deliveryCountrySchema } from './cart';
import { productAgeSchema } from './products';
import { pageQueryFields } from './common';

export function isValidDiscountPercent(value: unknown): boolean {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= DISCOUNT_PERCENT_MIN && n <= DISCOUNT_PERCENT_MAX;
}

export const sendDiscountBodySchema = z.object({
  percentage: z
    .number({ message: 'must be a whole number from 1 to 99' })
    .int({ message: 'must be a whole number from 1 to 99' })
    .min(DISCOUNT_PERCENT_MIN, { message: 'must be a whole number from 1 to 99' })
    .max(DISCOUNT_PERCENT_MAX, { message: 'must be a whole number from 1 to 99' }),
  types: z.array(z.string().max(100)).max(50).default([]),
  ages: z.array(productAgeSchema).max(3).default([]),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'must be a valid e-mail address' })),
});
export type SendDiscountBody = z.input<typeof sendDiscountBodySchema>;
export type SendDiscountInput = z.output<typeof sendDiscountBodySchema>;

export const sentDiscountSchema = z.object({
  code: z.string(),
  percentage: z.number().int(),
  types: z.array(z.string()),
  ages: z.array(z.string()),
  email: z.string(),
  expiresAt: z.string(),
});
export type SentDiscount = z.infer<typeof sentDiscountSchema>;

/** A code as the shopper types it (checked against the stored codes case-insensitively). */
export const discountCodeInputSchema = z.string().trim().max(100, 'That discount code is too long.');

export const validateDiscountBodySchema = z.object({
  code: discountCodeInputSchema.min(1, 'Enter a discount code.'),
  cartItems: z.array(checkoutItemSchema).max(200).default([]),
  /** The delivery country the answer's discount and total are priced for (the code also takes off delivery). */
  country: deliveryCountrySchema,
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

/** GET /api/admin/dashboard/discount-codes: newest sent first. */
export const discountCodePageQuerySchema = z.object({
  ...pageQueryFields,
});

export type DiscountCodePageQuery = z.input<typeof discountCodePageQuerySchema>;

/** unused: can still be used; used: an order used it; expired: unused and past its expiry; revoked: the owner revoked it unused. */
export const DISCOUNT_CODE_STATES = ['unused', 'used', 'expired', 'revoked'] as const;

export const discountCodeStateSchema = z.enum(DISCOUNT_CODE_STATES);

/** A code as the owner sees it. */
export const adminDiscountCodeSchema = z.object({
  /** Shown in full: the owner made it. */
  code: z.string(),
  email: z.string(),
  percentage: z.number().int(),
  /** Empty: every type / every age. */
  types: z.array(z.string()),
  ages: z.array(z.string()),
  /** ISO instants. */
  sent_at: z.string(),
  expires_at: z.string(),
  state: discountCodeStateSchema,
  /** The order that used it, null when unused. */
  used: z.object({ order_id: z.string(), order_date: z.string().nullable() }).nullable(),
  /** ISO instant it was revoked, null when not. */
  revoked_at: z.string().nullable(),
  /** Revoke is offered: unused, not yet revoked (an expired unused code may still be revoked). */
  can_revoke: z.boolean(),
});

export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const discountCodePageSchema = z.object({
  codes: z.array(adminDiscountCodeSchema),
  next_cursor: z.string().nullable(),
  /** Every code ever sent. */
  total: z.number().int(),
});

export type DiscountCodePage = z.infer<typeof discountCodePageSchema>;

/**
 * POST /api/admin/discount-codes/:code/revoke (no body): the code afterwards. Revoking a revoked
 * code again answers the same (200). 404 `{ message }` for an unknown code; 409 `{ message }` for
 * a used code, and for a code an open checkout holds at that moment (a shopper is paying with it;
 * the sentence says until when). A revoked code is refused at the basket and at checkout with the
 * expired code's words ("This discount code has expired."), and no checkout can take it.
 */
export const revokeDiscountCodeParamsSchema = z.object({
  code: z.string().trim().min(1, 'must be a code').max(100, 'is too long'),
});

export const revokeDiscountCodeAnswerSchema = z.object({ message: z.string(), code: adminDiscountCodeSchema });

export type RevokeDiscountCodeAnswer = z.infer<typeof revokeDiscountCodeAnswerSchema>;
