/**
 * The basket's destination country (decision 148): the shopper's own choice (kept in this
 * browser), else the country of their last delivery address, else the UK; always one the shop has
 * a zone for. The basket panel's Checkout reads the kept choice without loading the zones: the
 * server prices the checkout and refuses a country in no zone with a sentence.
 */
import { useCallback, useState } from 'react';
import { HOME_COUNTRY, zoneCountries, zoneOf, type DeliveryZone } from '@shared/delivery-zones';

const KEY = 'deliveryCountry';

/** The kept choice, or null. */
export function keptDestination(): string | null {
  try {
    const value = localStorage.getItem(KEY);
    return value && /^[A-Z]{2}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** The destination to price for: the first of the choice, the saved address's country and GB that is in a zone. */
export function destinationIn(zones: readonly DeliveryZone[], candidates: readonly (string | null)[]): string {
  const found = [...candidates, HOME_COUNTRY].find((code) => code && zoneOf(zones, code));
  return found ?? zoneCountries(zones)[0] ?? HOME_COUNTRY;
}

export function useDestinationChoice() {
  const [chosen, setChosen] = useState<string | null>(keptDestination);
  const choose = useCallback((country: string) => {
    try {
      localStorage.setItem(KEY, country);
    } catch {
      /* storage unavailable: keep it in memory */
    }
    setChosen(country);
  }, []);
  return [chosen, choose] as const;
}
