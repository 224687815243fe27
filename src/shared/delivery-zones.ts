/**
 * Delivery zones (issue 29, decision 148): where the shop sends books and what delivery costs
 * there. Each zone has countries (ISO 3166-1 alpha-2, each in one zone at most), a price for the
 * first book and for each further book, an optional "free over" amount on the books' total after a
 * discount code, and an optional estimate shown to the shopper. Integer pence here; the API speaks
 * pounds (contracts/checkout.ts). The default is the spec: one zone, the UK, £3.83 a basket.
 */
import { SHIPPING_PENCE } from './constants';

export interface DeliveryZone {
  name: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countries: string[];
  firstBookPence: number;
  eachFurtherBookPence: number;
  /** Delivery is free when the books come to this much or more after a discount code; null: never free. */
  freeOverPence: number | null;
  /** Shown to the shopper, e.g. "2–4 working days"; null: none. */
  estimate: string | null;
}

/** Where a basket goes when the shopper has not chosen (and has no saved address). */
export const HOME_COUNTRY = 'GB';

/** The spec's delivery, exactly: the shop's zones until the owner saves others. */
export const DEFAULT_DELIVERY_ZONES: readonly DeliveryZone[] = [
  {
    name: 'United Kingdom',
    countries: [HOME_COUNTRY],
    firstBookPence: SHIPPING_PENCE,
    eachFurtherBookPence: 0,
    freeOverPence: null,
    estimate: null,
  },
];

export const ZONE_NAME_MAX = 60;
export const ZONE_ESTIMATE_MAX = 60;
export const ZONES_MAX = 30;
/** £1,000: a price above it is a typing mistake. */
export const ZONE_PRICE_MAX_PENCE = 100_000;

/** The zone a country is in, or null when the shop does not send there. */
export function zoneOf(zones: readonly DeliveryZone[], country: string): DeliveryZone | null {
  const code = country.trim().toUpperCase();
  return zones.find((zone) => zone.countries.includes(code)) ?? null;
}

/** Every country the shop sends to, in the zones' order. */
export const zoneCountries = (zones: readonly DeliveryZone[]): string[] => zones.flatMap((zone) => zone.countries);

/**
 * The delivery price of `books` books to a zone whose books come to `booksAfterCodePence` after a
 * discount code: first book + each further book, or 0 at or over the zone's threshold; 0 for no books.
 */
export function deliveryPence(zone: DeliveryZone, books: number, booksAfterCodePence: number): number {
  if (books <= 0) return 0;
  if (zone.freeOverPence !== null && booksAfterCodePence >= zone.freeOverPence) return 0;
  return zone.firstBookPence + (books - 1) * zone.eachFurtherBookPence;
}

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * What is wrong with a list of zones, one sentence per problem naming the zone (empty: fine).
 * Country codes must be upper-case ISO alpha-2 already (the contract normalises them).
 */
export function zoneListProblems(zones: readonly DeliveryZone[]): string[] {
  const problems: string[] = [];
  if (zones.length === 0) problems.push('Keep at least one delivery zone: without one the shop can not sell.');
  if (zones.length > ZONES_MAX) problems.push(`At most ${ZONES_MAX} delivery zones.`);
  const seenNames = new Map<string, number>();
  const seenCountries = new Map<string, string>();
  zones.forEach((zone, index) => {
    const label = zone.name.trim() ? `Zone "${zone.name.trim()}"` : `Zone ${index + 1}`;
    const name = zone.name.trim();
    if (!name) problems.push(`${label}: please give it a name.`);
    else if (name.length > ZONE_NAME_MAX)
      problems.push(`${label}: the name must be at most ${ZONE_NAME_MAX} characters.`);
    else if (seenNames.has(name.toLowerCase())) problems.push(`${label}: another zone has this name.`);
    seenNames.set(name.toLowerCase(), index);
    if (zone.countries.length === 0) problems.push(`${label}: add at least one country.`);
    for (const country of zone.countries) {
      if (!/^[A-Z]{2}$/.test(country)) {
        problems.push(`${label}: "${country}" is not a two-letter country code (ISO 3166-1, such as GB or IE).`);
        continue;
      }
      const other = seenCountries.get(country);
      if (other !== undefined)
        problems.push(
          other === label
            ? `${label}: ${country} is listed twice.`
            : `${label}: ${country} is already in ${other.replace(/^Zone/, 'zone')}; a country can be in one zone only.`,
        );
      else seenCountries.set(country, label);
    }
    const prices: [string, number | null][] = [
      ['the price of the first book', zone.firstBookPence],
      ['the price of each further book', zone.eachFurtherBookPence],
      ['the free-delivery amount', zone.freeOverPence],
    ];
    for (const [what, pence] of prices) {
      if (pence === null) continue;
      if (!Number.isSafeInteger(pence) || pence < 0)
        problems.push(`${label}: ${what} must be £0.00 or more, in pounds and pence.`);
      else if (pence > ZONE_PRICE_MAX_PENCE)
        problems.push(`${label}: ${what} must be at most ${money(ZONE_PRICE_MAX_PENCE)}.`);
    }
    if (zone.estimate !== null && zone.estimate.trim().length > ZONE_ESTIMATE_MAX)
      problems.push(`${label}: the estimate must be at most ${ZONE_ESTIMATE_MAX} characters.`);
  });
  return problems;
}

/** The sentence shown outside the UK: the printer ships delivered duty unpaid (decision 148). */
export const IMPORT_CHARGES_NOTICE =
  'Sent from the UK: the recipient may have to pay import VAT and charges on delivery, collected by the carrier.';

/** True when the destination is outside the shop's home country (the import notice, the customs declaration). */
export const isAbroad = (country: string) => country.toUpperCase() !== HOME_COUNTRY;

/** A zone as the API shows it: pounds (contracts/checkout.ts `deliveryZoneSchema`). */
export interface DeliveryZoneInPounds {
  name: string;
  countries: string[];
  first_book: number;
  each_further_book: number;
  free_over: number | null;
  estimate: string | null;
}

const toPounds = (pence: number) => Math.round(pence) / 100;
const toPence = (pounds: number) => Math.round(pounds * 100);

export const zoneInPounds = (zone: DeliveryZone): DeliveryZoneInPounds => ({
  name: zone.name,
  countries: zone.countries,
  first_book: toPounds(zone.firstBookPence),
  each_further_book: toPounds(zone.eachFurtherBookPence),
  free_over: zone.freeOverPence === null ? null : toPounds(zone.freeOverPence),
  estimate: zone.estimate,
});

/** A zone the API answered (whole pence in pounds) back in pence. */
export const zoneFromPounds = (zone: DeliveryZoneInPounds): DeliveryZone => ({
  name: zone.name,
  countries: zone.countries,
  firstBookPence: toPence(zone.first_book),
  eachFurtherBookPence: toPence(zone.each_further_book),
  freeOverPence: zone.free_over === null ? null : toPence(zone.free_over),
  estimate: zone.estimate,
});
