/**
 * The product as every API answer shows it (docs/api.md, "Product shape"). Prices are pounds here;
 * inside the server they are integer pence.
 */
import { z } from 'zod';

export const productAgeSchema = z.enum(['Kids', 'Adults', '']);

export const productSchema = z.object({
  /** The external print catalogue (BookVault) ID, chosen by the admin. */
  id: z.string(),
  name: z.string(),
  type: z.string(),
  description: z.string(),
  /** 'Kids', 'Adults', or '' meaning all ages. */
  age: productAgeSchema,
  /** Pounds with at most two decimals (7.99). */
  price: z.number(),
  /** Image addresses in slot order: the first is the main image, the second is shown on hover. */
  imageUrls: z.array(z.string()),
  /** The spec's comma-separated form of the same list. */
  image_URLs: z.string(),
});

export const productListSchema = z.array(productSchema);

export type Product = z.infer<typeof productSchema>;
export type ProductAgeValue = z.infer<typeof productAgeSchema>;
