/** Wishlist calls (docs/api.md, "Wishlist and cart"). */
import { z } from 'zod';
import { productIdSchema, userIdSchema } from './cart';

export const wishlistEntrySchema = z.object({ product_id: z.string() });

export const wishlistEntriesSchema = z.array(wishlistEntrySchema);

export const wishlistChangeBodySchema = z.object({ user_id: userIdSchema, product_id: productIdSchema });
