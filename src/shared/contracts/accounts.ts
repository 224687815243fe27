/**
 * Accounts (docs/api.md, "Accounts"): requests and answers of the sign-in calls, shared by the server
 * (Fastify validates with them) and the web client (it parses answers with them).
 *
 * The password rule is not in these schemas on purpose: the service checks it with
 * `isValidPassword` so the answer is exactly the spec's sentence (MSG.passwordRule).
 */
import { z } from 'zod';
import * as MSG from '../messages';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, isValidEmail, normaliseEmail } from '../validation';

export const emailSchema = z
  .string({ message: 'Please enter your email address.' })
  .max(EMAIL_MAX_LENGTH, { message: MSG.invalidEmail })
  .refine(isValidEmail, { message: MSG.invalidEmail })
  .transform(normaliseEmail);

/** Any string up to the maximum: the rule is checked by the service (create, change) or not at all (login). */
export const passwordSchema = z
  .string({ message: 'Please enter your password.' })
  .min(1, { message: 'Please enter your password.' })
  .max(PASSWORD_MAX_LENGTH, { message: MSG.passwordRule });

export const credentialsBodySchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.input<typeof credentialsBodySchema>;

export const roleSchema = z.enum(['customer', 'user', 'admin']);
export const methodSchema = z.enum(['google', 'facebook']).nullable();

/** A signed-in session as the server answers it. */
export const sessionAnswerSchema = z.object({
  token: z.string(),
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  method: methodSchema,
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** POST /api/create_account (201) and POST /api/login for customers and users. */
export const accountAnswerSchema = sessionAnswerSchema.extend({
  verified: z.boolean(),
  message: z.string(),
});
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

/** POST /api/login for an admin: step one of two. `token` is the browser-bound verification token. */
export const adminPendingAnswerSchema = z.object({
  admin: z.literal(true),
  message: z.string(),
  token: z.string(),
});
export type AdminPendingAnswer = z.infer<typeof adminPendingAnswerSchema>;

export const loginAnswerSchema = z.union([adminPendingAnswerSchema, accountAnswerSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const socialProviderSchema = z.enum(['google', 'facebook'], { message: 'Provider must be google or facebook.' });

/** POST /api/social_login */
export const socialLoginBodySchema = z.object({
  token: z
    .string({ message: 'The sign-in token is missing.' })
    .min(1, { message: 'The sign-in token is missing.' })
    .max(8192),
  provider: socialProviderSchema,
});

/** GET /api/check_verification */
export const checkVerificationQuerySchema = z.object({ email: emailSchema });
export const checkVerificationAnswerSchema = z.object({ verified: z.boolean() });

/** A mailed single-use secret in a query or body. */
const mailedTokenSchema = z
  .string({ message: 'The link is missing its token.' })
  .min(1, { message: 'The link is missing its token.' })
  .max(512);

/** GET /api/verify_email (+): the mailed link. A missing token just redirects with verified=false. */
export const verifyEmailQuerySchema = z.object({ token: z.string().max(512).optional() });

/** GET /api/admin/verify_admin: the mailed token; the bearer is the login's verification token. A missing one is a 401 (docs/api.md). */
export const verifyAdminQuerySchema = z.object({ token: z.string().max(512).optional() });

/** POST /api/resend_verification/{email} */
export const resendVerificationParamsSchema = z.object({ email: emailSchema });

/** POST /api/request_password_reset (+) */
export const requestPasswordResetBodySchema = z.object({ email: emailSchema });

/** POST /api/change_password */
export const changePasswordBodySchema = z.object({ token: mailedTokenSchema, password: passwordSchema });

/**
 * POST /api/choose_password (+): the password chosen after a verification link was opened outside
 * the signing-up browser. The reset token travels in the `choose_password` cookie, not the body
 * (decisions/130); the answer is accountAnswerSchema (signed in, verified).
 */
export const choosePasswordBodySchema = z.object({ password: passwordSchema });
/** GET /api/choose_password (+): the account this browser may choose a password for. */
export const passwordChoiceAnswerSchema = z.object({ email: z.string() });

export const messageAnswerSchema = z.object({ message: z.string() });
export const successAnswerSchema = z.object({ success: z.literal(true) });
