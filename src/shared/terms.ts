/**
 * The periods and laws the shop's terms of sale rest on (docs/shared after-sale facts, decision
 * 140), in one place so that a lawyer's correction is one change: the terms page (/terms) reads
 * them, and so can any mail that repeats them. Summaries of UK law, not legal advice.
 */

/** Consumer Contracts Regulations 2013: days after delivery in which a buyer may cancel without a reason. */
export const CANCEL_DAYS_AFTER_DELIVERY = 14;
/** Days in which the shop refunds once it has the books back (or proof they were posted). */
export const REFUND_DAYS = 14;
/** Days in which a buyer sends the books back after telling the shop they cancel. */
export const RETURN_DAYS = 14;
/** Consumer Rights Act 2015: days from delivery in which faulty goods may be rejected for a full refund. */
export const REJECT_FAULTY_DAYS = 30;
/** How long a card refund takes to show on the statement (Stripe). */
export const REFUND_STATEMENT_TIME = '5 to 10 working days';

export const CONSUMER_CONTRACTS_REGULATIONS =
  'Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013';
export const CONSUMER_RIGHTS_ACT = 'Consumer Rights Act 2015';

/** The date the terms page shows as its last change (dd/mm/yyyy, as the privacy policy's). */
export const TERMS_LAST_UPDATED = '28/11/2026';
