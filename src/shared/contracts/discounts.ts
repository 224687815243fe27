/**
 * Discount codes (docs/api.md, "Admin" and "Checkout and orders"): the admin's form that mails a
 * code, and the basket's check of a typed code.
 */
import { z } from 'zod';
import { DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN } from '../constants';
import { checkoutItemSchema } from './cart';
import { productAgeSchema } from './products';

/** The spec's client check: "a simple pattern with an @ and a dot". The server checks with zod's e-mail rule. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  email: z.string().trim().toLowerCase().pipe(z.email({ message: 'must be a valid e-mail address' })),
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
