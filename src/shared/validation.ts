/**
 * Form rules of the spec (section 5) as plain functions, used by the web forms and by the server,
 * so both sides accept and refuse exactly the same input with the same words (MSG).
 */
import { PASSWORD_MIN_LENGTH } from './constants';
import * as MSG from './messages';

/** At least 6 characters, letters and digits only, at least one digit. */
const PASSWORD_RULE = new RegExp(`^(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN_LENGTH},}$`);
/** Longer than any real password; keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

export function isValidPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && PASSWORD_RULE.test(password);
}

/** The spec's "simple pattern with an @ and a dot": something@something.something, no spaces. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

/** E-mail addresses are compared case-insensitively: stored and looked up lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Create account: the first problem with the form, or null (spec: mismatch first, then the rule). */
export function signUpProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return MSG.passwordsDoNotMatch;
  if (!isValidPassword(password)) return MSG.passwordRule;
  return null;
}

/** Change password: the first problem with the form, or null. */
export function changePasswordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return MSG.passwordsMustMatch;
  if (!isValidPassword(password)) return MSG.passwordRule;
  return null;
}
