/** The contact form's request and answer (docs/api.md, "Contact"). */
import { z } from 'zod';

export const CONTACT_TEXT_MAX = 5000;

export const CONTACT_ORDER_REF_MAX = 100;

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
