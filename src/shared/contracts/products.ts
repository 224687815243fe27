/**
 * The product as every API answer shows it (docs/api.md, "Product shape"). Prices are pounds here;
 * inside the server they are integer pence.
 *
 * A book's own fields are declared once, in PRODUCT_FIELDS: each field's form rule (what the admin
 * form sends, with the sentence shown when it is refused) and its type in answers. Everything
 * else derives from it: the answer schema (`productSchema`), the form's and the multipart reader's
 * field names (`PRODUCT_FIELD_NAMES`), the form parser (`parseProductFields`), the stored record
 * (`ProductFields`) and the server's row mapping (modules/products/repository.ts). Adding a field
 * is one entry here, a column in the schema with its migration, and the pages that show it.
 */
import { z } from 'zod';
import { PRODUCT_AGES } from '../constants';
import { penceToPounds, poundsToPence } from '../money';
import { messageSchema } from './common';

export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const PRODUCT_LIMITS = { name: 200, type: 60, description: 10000 } as const;
/** The highest price the form accepts: £100,000.00. */
export const PRODUCT_PRICE_MAX_PENCE = 100_000_00;

export const productAgeSchema = z.enum([...PRODUCT_AGES, '']);

/** A multipart text field: the string sent (a missing field reads as ''), cleaned, then checked as `rule` says. */
function formField<Rule extends z.ZodType>(rule: Rule, clean: (text: string) => unknown = (text) => text.trim()) {
  return z
    .string()
    .optional()
    .transform((text) => clean(text ?? ''))
    .pipe(rule);
}

const PRICE_RULE = 'The price must be a positive amount in pounds with at most 2 decimals (e.g. 7.99).';

interface FieldSpec {
  /** The admin form's rule: the text sent → the value stored. Its messages are the answer's 400 sentences. */
  form: z.ZodType<unknown, string | undefined>;
  /** The field's type in API answers. */
  answer: z.ZodType;
  /** Money: stored in pence (column `<name>Pence`), typed and answered in pounds (decision 002). */
  money?: true;
}

/** Fields are checked in this order; the first problem is the answer. */
export const PRODUCT_FIELDS = {
  /** The external print catalogue (BookVault) ID, chosen by the admin. */
  id: {
    form: formField(
      z
        .string()
        .min(1, 'The book-vault ID is required.')
        .regex(PRODUCT_ID_PATTERN, 'The book-vault ID may use letters, digits, dots, dashes and underscores only (at most 64).'),
    ),
    answer: z.string(),
  },
  name: {
    form: formField(z.string().min(1, 'The name is required.').max(PRODUCT_LIMITS.name, `The name must be at most ${PRODUCT_LIMITS.name} characters.`)),
    answer: z.string(),
  },
  type: {
    form: formField(z.string().max(PRODUCT_LIMITS.type, `The type must be at most ${PRODUCT_LIMITS.type} characters.`)),
    answer: z.string(),
  },
  description: {
    form: formField(
      z.string().max(PRODUCT_LIMITS.description, `The description must be at most ${PRODUCT_LIMITS.description} characters.`),
      (text) => text.replace(/\r\n/g, '\n').trim(),
    ),
    answer: z.string(),
  },
  /** 'Kids', 'Adults', or '' meaning all ages. */
  age: {
    form: formField(z.enum([...PRODUCT_AGES, ''], { message: 'The age must be Kids, Adults or empty.' })),
    answer: productAgeSchema,
  },
  /** Pounds with at most two decimals (7.99) in the form and in answers; pence when stored. */
  price: {
    form: formField(
      z
        .number({ error: (issue) => (issue.input === undefined ? 'The price is required.' : PRICE_RULE) })
        .int(PRICE_RULE)
        .min(1, PRICE_RULE)
        .max(PRODUCT_PRICE_MAX_PENCE, PRICE_RULE),
      (text) => (text.trim() === '' ? undefined : (poundsToPence(text) ?? Number.NaN)),
    ),
    answer: z.number(),
    money: true,
  },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof PRODUCT_FIELDS;
export type ProductFieldName = keyof Fields;
/** The form's and the multipart body's field names, in checking order. */
export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELDS) as ProductFieldName[];
/** The fields kept in pence. */
export type ProductMoneyField = { [K in ProductFieldName]: Fields[K] extends { money: true } ? K : never }[ProductFieldName];
export const isMoneyField = (name: ProductFieldName): name is ProductMoneyField => 'money' in PRODUCT_FIELDS[name];

function shapeOf<Part extends 'form' | 'answer'>(part: Part): { [K in ProductFieldName]: Fields[K][Part] } {
  return Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, PRODUCT_FIELDS[name][part]])) as { [K in ProductFieldName]: Fields[K][Part] };
}

/** The product form as multipart sends it: strings (or missing) in, the stored fields out (money in pence). */
export const productFormSchema = z.object(shapeOf('form'));
/** A book's fields as stored: text trimmed, money in pence. */
export type ProductFields = z.output<typeof productFormSchema>;
/** The form's values as typed (every field a string). */
export type ProductFormValues = Record<ProductFieldName, string>;

export const productSchema = z.object({
  ...shapeOf('answer'),
  /** Image addresses in slot order: the first is the main image, the second is shown on hover. */
  imageUrls: z.array(z.string()),
  /** The spec's comma-separated form of the same list. */
  image_URLs: z.string(),
});

export const productListSchema = z.array(productSchema);

/** The delete call's answer: `archived` when the book had been sold and was archived instead (decision 039). */
export const productDeletedSchema = messageSchema.extend({ archived: z.boolean() });
export type ProductDeleted = z.infer<typeof productDeletedSchema>;

export type Product = z.infer<typeof productSchema>;
export type ProductAgeValue = z.infer<typeof productAgeSchema>;

export type FieldsResult = { ok: true; value: ProductFields } | { ok: false; message: string };

/**
 * Checks the product form's text fields (as multipart sends them: strings or missing) and answers
 * the fields as stored (money in pence), or the first problem as a sentence naming the field.
 */
export function parseProductFields(raw: Partial<Record<string, string>>): FieldsResult {
  const result = productFormSchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]!.message };
}

/** The answer's product from the stored fields (money in pence) and its image addresses in slot order. */
export function toProductAnswer(fields: ProductFields, imageUrls: string[]): Product {
  const answer: Record<string, unknown> = {};
  for (const name of PRODUCT_FIELD_NAMES) answer[name] = isMoneyField(name) ? penceToPounds(fields[name]) : fields[name];
  return { ...(answer as Omit<Product, 'imageUrls' | 'image_URLs'>), imageUrls, image_URLs: imageUrls.join(',') };
}
