/**
 * Where a book is sent: the delivery address's fields, their limits and their rules, as plain
 * functions used by the checkout form (a message under each bad field as the shopper types) and by
 * the server (contracts/orders.ts wraps them in the zod schema), so both sides accept and refuse
 * exactly the same input with the same words (decision 110). The server holds the address a
 * payment provider collected to the same rule: one that breaks it is kept (the payment is real)
 * but waits for the owner before it is printed (decision 133).
 */

export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'county', 'postcode', 'country', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface DeliveryAddress {
  name: string;
  line1: string;
  /** '' when not given. */
  line2: string;
  city: string;
  /** '' when not given. */
  county: string;
  postcode: string;
  /** ISO 3166-1 alpha-2, upper case ('GB'). */
  country: string;
  /** '' only on an address a payment provider collected without one. */
  phone: string;
}

/** Longest accepted value of each field, in characters (code points: an emoji is one), as a print partner's label has room for about this much. */
export const ADDRESS_MAX: Record<AddressField, number> = {
  name: 80,
  line1: 100,
  line2: 100,
  city: 60,
  county: 60,
  postcode: 12,
  country: 2,
  phone: 24,
};

const OPTIONAL = new Set<AddressField>(['line2', 'county']);

/** What each field is called in a message. */
export const ADDRESS_LABELS: Record<AddressField, string> = {
  name: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
  phone: 'Phone number',
};

/** A UK postcode: outward code (A9, A99, A9A, AA9, AA99, AA9A), optional space, inward code (9AA). */
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/;
/** Digits with the usual separators and an optional leading +; 7 to 15 digits in all. */
const PHONE = /^\+?[0-9 ()-]+$/;
/** Control characters and the angle brackets of markup: no postal address needs them. */
const FORBIDDEN = /[\p{Cc}<>]/u;
/**
 * Invisible format characters (Unicode category Cf: bidirectional overrides and marks such as
 * U+202E, zero-width spaces and joiners, tag characters, soft hyphens; a byte order mark is white
 * space to JavaScript and normaliseAddress folds it into a space) and
 * halves of a character (lone surrogates): they reorder or hide the text around them on the
 * owner's screen, in the CSV and on the printer's label, and a typed address never needs them.
 */
const INVISIBLE = /[\p{Cf}\p{Cs}]/u;

/** A text's length in characters (code points), not UTF-16 units: '🦊' is 1, as a person counts it. */
export const characterCount = (text: string): number => [...text].length;

/** A character's code as people write it: '\u202e' → 'U+202E'. */
export const codePointName = (character: string): string =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** 'U+202E' for the first invisible character of a text. */
const firstInvisible = (text: string): string => codePointName(INVISIBLE.exec(text)![0]);

/**
 * A text cut at its invisible characters: the pieces at odd positions are the characters, so that
 * a page can show each as its code instead (the owner's order page does, for a kept address that
 * breaks the rule). 'Ann \u202eredaeR' → ['Ann ', '\u202e', 'redaeR'].
 */
export const splitAtInvisible = (text: string): string[] => text.split(/([\p{Cf}\p{Cs}])/u);

/** ' sw1a  1aa ' → 'SW1A 1AA'. Other countries' codes are trimmed and upper-cased only. */
export function normalisePostcode(postcode: string, country: string): string {
  const compact = postcode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country !== 'GB') return compact;
  const bare = compact.replace(/ /g, '');
  return bare.length > 3 ? `${bare.slice(0, -3)} ${bare.slice(-3)}` : bare;
}

/** Trims every field, folds inner runs of spaces, upper-cases country and postcode. */
export function normaliseAddress(input: Partial<Record<AddressField, unknown>>): DeliveryAddress {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');
  const country = text(input.country).toUpperCase();
  return {
    name: text(input.name),
    line1: text(input.line1),
    line2: text(input.line2),
    city: text(input.city),
    county: text(input.county),
    postcode: normalisePostcode(text(input.postcode), country),
    country,
    phone: text(input.phone),
  };
}

/**
 * The problem with each bad field of a normalised address, by field (empty when the address is
 * fine). `countries` is the shop's list of countries it sends to.
 */
export function addressProblems(
  address: DeliveryAddress,
  countries: readonly string[],
): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    const label = ADDRESS_LABELS[field];
    if (!value) {
      if (!OPTIONAL.has(field))
        problems[field] =
          field === 'country' ? 'Please choose a country.' : `Please enter your ${label.toLowerCase()}.`;
    } else if (characterCount(value) > ADDRESS_MAX[field]) {
      problems[field] = `${label} must be at most ${ADDRESS_MAX[field]} characters.`;
    } else if (FORBIDDEN.test(value)) {
      problems[field] = `${label} must not contain < or > or control characters.`;
    } else if (INVISIBLE.test(value)) {
      problems[field] =
        `${label} contains an invisible character (${firstInvisible(value)}) that can reorder or hide text: please type it again without it.`;
    }
  }
  if (!problems.country && !countries.includes(address.country)) {
    problems.country = `We can only send books to ${countries.map(countryName).join(', ')}.`;
  }
  if (!problems.postcode && address.country === 'GB' && !UK_POSTCODE.test(address.postcode)) {
    problems.postcode = 'Please enter a UK postcode, such as SW1A 1AA.';
  }
  if (!problems.phone) {
    const digits = address.phone.replace(/\D/g, '').length;
    if (!PHONE.test(address.phone) || digits < 7 || digits > 15) {
      problems.phone =
        'Please enter a phone number: digits, spaces and an optional + (the courier may call about a delivery).';
    }
  }
  return problems;
}

/** Every problem of a normalised address, one message per bad field, in the form's order (empty when it is fine). */
export function addressProblemList(address: DeliveryAddress, countries: readonly string[]): string[] {
  const problems = addressProblems(address, countries);
  return ADDRESS_FIELDS.flatMap((field) => (problems[field] ? [problems[field]] : []));
}

/** The country's English name ('GB' → 'United Kingdom'), or the code when it has none. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Country codes in the order of their English names, as a picker lists them ('IE', 'FR' → 'FR', 'IE'). */
export const byCountryName = (codes: readonly string[]): string[] =>
  [...codes].sort((a, b) => countryName(a).localeCompare(countryName(b), 'en-GB'));

/** The address as the lines of a label: name, lines, town, county, postcode, country (empty parts left out). */
export function addressLines(address: DeliveryAddress): string[] {
  return [
    address.name,
    address.line1,
    address.line2,
    address.city,
    address.county,
    address.postcode,
    countryName(address.country),
  ].filter(Boolean);
}
