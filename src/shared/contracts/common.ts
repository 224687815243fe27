/** Shapes every part of the API shares. */
import { z } from 'zod';

/** An answer that is one sentence: every error (4xx, 5xx) and some successes ("Product deleted"). */
export const messageSchema = z.object({ message: z.string() });
