/**
 * How long the shop keeps personal data (issue 28, decision 146), as plain rules both sides read:
 * the retention job (flows/apply-retention.ts) and the privacy page say the same periods, built
 * from the same configuration (ORDER_RETENTION_YEARS, CONTACT_RETENTION_MONTHS, MAIL_RETENTION_DAYS).
 */

/** An account never verified and never used for a purchase is removed after this many days. */
export const UNVERIFIED_ACCOUNT_DAYS = 30;

/** The periods the shop keeps data for (the server's configuration; the privacy page shows them). */
export interface RetentionPeriods {
  orderYears: number;
  contactMonths: number;
  mailDays: number;
  unverifiedAccountDays: number;
}

/**
 * The start of the UK tax year holding `at` (6 April, 00:00 in London). 6 April is always in
 * British Summer Time (the clocks go forward on the last Sunday of March), so it is 5 April,
 * 23:00 UTC.
 */
export function taxYearStart(at: Date): Date {
  const year = at.getUTCFullYear();
  const thisYears = new Date(Date.UTC(year, 3, 5, 23));
  return at >= thisYears ? thisYears : new Date(Date.UTC(year - 1, 3, 5, 23));
}

/**
 * Orders made before this moment have been kept `years` after the end of their tax year and lose
 * their personal fields: an order's tax year ends where the next one starts, so its record is due
 * once `years` whole tax years have begun after that.
 */
export function orderRetentionBoundary(now: Date, years: number): Date {
  const start = taxYearStart(now);
  return new Date(Date.UTC(start.getUTCFullYear() - years, 3, 5, 23));
}

/** "6 years", "1 month": a period as the privacy page says it. */
export const period = (n: number, unit: 'year' | 'month' | 'day'): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * What deleting an account does, in the words the profile's screen and the confirmation mail both
 * use (decision 145): what goes, what stays and why.
 */
export const ERASURE_DELETED = [
  'your account and its sign-in (every device is signed out at once)',
  'your wishlist, your basket and your saved delivery address',
  'your contact messages, and your address in the copies of the e-mails we sent you',
  'any unused links we e-mailed you (verification, password reset, reviews)',
] as const;

export const erasureKept = (orderYears: number): string =>
  `Each order's record of the books, amounts, date and status is kept for ${period(orderYears, 'year')} after the end of its tax year, because UK tax law requires us to keep sales records. It is no longer linked to you: your name, delivery address, phone number and e-mail address are removed from it at once, or, for an order still on its way, as soon as it is delivered or cancelled.`;

export const ERASURE_REVIEWS = {
  delete: 'Your reviews are deleted.',
  anonymise: 'Your reviews stay on the books’ pages, shown as written by “A customer”.',
} as const;
