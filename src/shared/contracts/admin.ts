/**
 * The admin area's contract (docs/api.md, "Admin"): order fulfilment, discount codes and the product
 * form's fields. The product calls are multipart, so their fields are checked by
 * `parseProductFields` rather than by a JSON body schema.
 */
import { z } from 'zod';
import {
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_PERCENT_MIN,
  ORDER_STATUSES,
  PRODUCT_AGES,
  type OrderStatus,
  type ProductAge,
} from '../constants';
import { poundsToPence } from '../money';

// ---------------------------------------------------------------- orders

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** Statuses an order may be set to from `current`: itself (to add references) and every later one. */
export function allowedStatuses(current: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.slice(ORDER_STATUSES.indexOf(current));
}

export const adminOrderItemSchema = z.object({
  item: z.string(),
  quantity: z.number().int(),
  product_id: z.string(),
});

export const adminOrderSchema = z.object({
  order_id: z.string(),
  items: z.array(adminOrderItemSchema),
  /** Pounds. */
  total_cost: z.number(),
  /** ISO timestamp. */
  date: z.string(),
  status: orderStatusSchema,
  currency: z.string(),
  user_email: z.string(),
  bookVault_ref: z.string().nullable(),
  tracking_ref: z.string().nullable(),
  reviewed: z.boolean(),
});
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

export const messageSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------- discounts

/** The spec's client check: "a simple pattern with an @ and a dot". The server checks with zod's e-mail rule. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidDiscountPercent(value: unknown): boolean {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= DISCOUNT_PERCENT_MIN && n <= DISCOUNT_PERCENT_MAX;
}

export const discountAgeSchema = z.enum([...PRODUCT_AGES, '']);

export const sendDiscountBodySchema = z.object({
  percentage: z
    .number({ message: 'must be a whole number from 1 to 99' })
    .int({ message: 'must be a whole number from 1 to 99' })
    .min(DISCOUNT_PERCENT_MIN, { message: 'must be a whole number from 1 to 99' })
    .max(DISCOUNT_PERCENT_MAX, { message: 'must be a whole number from 1 to 99' }),
  types: z.array(z.string().max(100)).max(50).default([]),
  ages: z.array(discountAgeSchema).max(3).default([]),
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

// ---------------------------------------------------------------- products

export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const PRODUCT_LIMITS = { name: 200, type: 60, description: 10000 } as const;

export interface ProductFields {
  id: string;
  name: string;
  type: string;
  description: string;
  age: ProductAge;
  pricePence: number;
}

export type FieldsResult = { ok: true; value: ProductFields } | { ok: false; message: string };

/**
 * Checks the product form's text fields (as multipart sends them: strings or missing) and answers
 * the fields with the price in pence, or the first problem as a sentence naming the field.
 */
export function parseProductFields(raw: Record<string, string | undefined>): FieldsResult {
  const id = (raw.id ?? '').trim();
  const name = (raw.name ?? '').trim();
  const type = (raw.type ?? '').trim();
  const description = (raw.description ?? '').replace(/\r\n/g, '\n').trim();
  const age = (raw.age ?? '').trim();
  const price = (raw.price ?? '').trim();

  if (!id) return { ok: false, message: 'The book-vault ID is required.' };
  if (!PRODUCT_ID_PATTERN.test(id)) {
    return { ok: false, message: 'The book-vault ID may use letters, digits, dots, dashes and underscores only (at most 64).' };
  }
  if (!name) return { ok: false, message: 'The name is required.' };
  if (name.length > PRODUCT_LIMITS.name) return { ok: false, message: `The name must be at most ${PRODUCT_LIMITS.name} characters.` };
  if (type.length > PRODUCT_LIMITS.type) return { ok: false, message: `The type must be at most ${PRODUCT_LIMITS.type} characters.` };
  if (description.length > PRODUCT_LIMITS.description) {
    return { ok: false, message: `The description must be at most ${PRODUCT_LIMITS.description} characters.` };
  }
  if (age !== '' && !(PRODUCT_AGES as readonly string[]).includes(age)) {
    return { ok: false, message: 'The age must be Kids, Adults or empty.' };
  }
  if (!price) return { ok: false, message: 'The price is required.' };
  const pricePence = poundsToPence(price);
  if (pricePence === null || pricePence <= 0 || pricePence > 100_000_00) {
    return { ok: false, message: 'The price must be a positive amount in pounds with at most 2 decimals (e.g. 7.99).' };
  }
  return { ok: true, value: { id, name, type, description, age: age as ProductAge, pricePence } };
}

/** The delete call's answer: `archived` when the book had been sold and was archived instead (decision 039). */
export const productDeletedSchema = messageSchema.extend({ archived: z.boolean() });
export type ProductDeleted = z.infer<typeof productDeletedSchema>;
