/** Shapes every part of the API shares. */
import { z } from 'zod';

/** An answer that is one sentence: every error (4xx, 5xx) and some successes ("Product deleted"). */
export const messageSchema = z.object({ message: z.string() });

/** A keyset-paged list's query: the opaque cursor of the previous page's next_cursor, and how many (1 to 100, 25). */
export const pageQueryFields = {
  cursor: z.string().max(200, 'is too long').optional(),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .optional()
    .default(25),
};
