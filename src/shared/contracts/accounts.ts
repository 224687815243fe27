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

// --- Privacy rights (issue 28, decision 145) ------------------------------------------------

const moneySchema = z.number();

/**
 * "Download my data" and the owner's export: one JSON file with exactly these fields, for one
 * address. Nothing else is ever copied in (no hash, token, note or other person's data): the
 * flow (flows/personal-data.ts) builds each field by name.
 */
export const personalDataSchema = z.object({
  exportedAt: z.string(),
  email: z.string(),
  account: z
    .object({
      email: z.string(),
      verified: z.boolean(),
      /** 'password', 'google', 'facebook', or 'link' (an account made by a review link, without a password). */
      signInMethod: z.enum(['password', 'google', 'facebook', 'link']),
      createdAt: z.string(),
    })
    .nullable(),
  orders: z.array(
    z.object({
      id: z.string(),
      placedAt: z.string(),
      status: z.string(),
      lines: z.array(z.object({ bookId: z.string(), name: z.string(), unitPrice: moneySchema, quantity: z.number() })),
      subtotal: moneySchema,
      shipping: moneySchema,
      discount: moneySchema,
      total: moneySchema,
      currency: z.string(),
      discountCode: z.string().nullable(),
      email: z.string(),
      deliveryAddress: z.record(z.string(), z.string()).nullable(),
      trackingRef: z.string().nullable(),
      carrier: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      history: z.array(z.object({ status: z.string(), at: z.string(), mailSubject: z.string().nullable() })),
    }),
  ),
  reviews: z.array(
    z.object({ bookId: z.string(), bookName: z.string(), rating: z.number(), text: z.string(), createdAt: z.string() }),
  ),
  wishlist: z.array(z.object({ bookId: z.string(), bookName: z.string(), addedAt: z.string() })),
  basket: z.array(z.object({ bookId: z.string(), bookName: z.string(), quantity: z.number(), addedAt: z.string() })),
  contactMessages: z.array(z.object({ sentAt: z.string(), orderRef: z.string(), text: z.string() })),
  mails: z.array(z.object({ subject: z.string(), date: z.string() })),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** What the shop holds for an address, in counts (the owner's screen, and the audit list). */
export const privacyCountsSchema = z.record(z.string(), z.number().int());
export type PrivacyCounts = z.infer<typeof privacyCountsSchema>;

export const reviewChoiceSchema = z.enum(['delete', 'anonymise'], {
  message: "Please choose what happens to your reviews: 'delete' or 'anonymise'.",
});
export type ReviewChoice = z.infer<typeof reviewChoiceSchema>;

/** GET /api/server/my_data/{userId} */
export const myDataParamsSchema = z.object({ userId: z.string().max(64) });

/**
 * POST /api/server/delete_account: the password again; an account without a password sends no
 * password and is mailed a single-use link, whose token it then sends instead.
 */
export const deleteAccountBodySchema = z.object({
  password: passwordSchema.optional(),
  token: mailedTokenSchema.optional(),
  reviews: reviewChoiceSchema,
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
/** `deleted: false`: the confirmation link has been mailed (an account without a password). */
export const deleteAccountAnswerSchema = z.object({ deleted: z.boolean(), message: z.string() });
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswerSchema>;

/** GET /api/admin/privacy?email=… */
export const privacyLookupQuerySchema = z.object({ email: emailSchema });
export const privacyLookupAnswerSchema = z.object({
  email: z.string(),
  counts: privacyCountsSchema,
  /** An owner account cannot be erased from this screen. */
  isOwner: z.boolean(),
  data: personalDataSchema,
});
export type PrivacyLookupAnswer = z.infer<typeof privacyLookupAnswerSchema>;

/** POST /api/admin/privacy/export */
export const privacyExportBodySchema = z.object({ email: emailSchema });
/** POST /api/admin/privacy/erase: reviews are deleted unless the person asked to keep them anonymised. */
export const privacyEraseBodySchema = z.object({ email: emailSchema, reviews: reviewChoiceSchema.default('delete') });
export const privacyEraseAnswerSchema = z.object({ message: z.string(), counts: privacyCountsSchema });
export type PrivacyEraseAnswer = z.infer<typeof privacyEraseAnswerSchema>;

/** GET /api/admin/privacy/requests: the audit list, newest first (the address only as its hash). */
export const privacyRequestsAnswerSchema = z.object({
  requests: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['export', 'erase']),
      requestedBy: z.string(),
      emailHash: z.string(),
      counts: privacyCountsSchema,
      createdAt: z.string(),
    }),
  ),
});
export type PrivacyRequests = z.infer<typeof privacyRequestsAnswerSchema>;
