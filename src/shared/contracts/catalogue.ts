/** Requests and answers of the storefront calls (docs/api.md, "Catalogue"). */
import { z } from 'zod';

/** At most this many ids in one `get_products?ids=` call. */
export const MAX_PRODUCT_IDS = 200;
/** Only the first characters of a search are used; longer queries are answered, not refused. */
export const SEARCH_QUERY_USED_CHARS = 200;
export const CONTACT_TEXT_MAX = 5000;
export const CONTACT_ORDER_REF_MAX = 100;

export const getProductsQuerySchema = z.object({
  /** Comma-separated product ids; without it, the whole catalogue. */
  ids: z.string().max(20000, { message: 'too many ids' }).optional(),
});

export const getProductQuerySchema = z
  .object({
    name: z.string().max(500).optional(),
    id: z.string().max(500).optional(),
  })
  .refine((query) => Boolean(query.name || query.id), { message: 'give a product name or id', path: ['name'] });

export const searchQuerySchema = z.object({
  /** Any string; '' answers []. */
  query: z.string().optional().default(''),
});

export const contactBodySchema = z.object({
  email: z
    .string({ message: 'Please enter your email address.' })
    .trim()
    .max(254, { message: 'That email address is too long.' })
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
  orderRef: z
    .string()
    .trim()
    .max(CONTACT_ORDER_REF_MAX, { message: `The order reference can be at most ${CONTACT_ORDER_REF_MAX} characters.` })
    .nullish()
    .transform((value) => value ?? ''),
  text: z
    .string({ message: 'Please write a message.' })
    .trim()
    .min(1, { message: 'Please write a message.' })
    .max(CONTACT_TEXT_MAX, { message: `Your message can be at most ${CONTACT_TEXT_MAX} characters.` }),
});

export const contactResponseSchema = z.object({ success: z.literal(true) });

export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** Splits `ids=a,b,c` into distinct, non-empty ids, in the order given. */
export function parseIdList(ids: string): string[] {
  return [...new Set(ids.split(',').map((id) => id.trim()).filter(Boolean))];
}
