/**
 * The basket's destination (decision 148): a picker of the countries the shop has a zone for, the
 * zone's estimate, how its free-delivery amount applies (on the books after any code), and, outside
 * the UK, that the recipient may pay import VAT and charges on delivery.
 */
import { useId } from 'react';
import { byCountryName, countryName } from '@shared/delivery-address';
import { IMPORT_CHARGES_NOTICE, isAbroad, zoneCountries, type DeliveryZone } from '@shared/delivery-zones';
import { formatPence } from '@shared/money';
import type { CartPrice } from '@shared/pricing';
import styles from './DeliveryChoice.module.css';

export function DeliveryChoice({
  zones,
  zone,
  country,
  price,
  onChoose,
}: {
  zones: readonly DeliveryZone[];
  zone: DeliveryZone;
  country: string;
  price: CartPrice;
  onChoose: (country: string) => void;
}) {
  const id = useId();
  const countries = byCountryName(zoneCountries(zones));
  const name = countryName(country);
  const threshold = zone.freeOverPence;
  return (
    <div className={styles.delivery}>
      <label htmlFor={`${id}-country`} className={styles.label}>
        Deliver to
      </label>
      <select
        id={`${id}-country`}
        className={styles.select}
        value={country}
        autoComplete="shipping country"
        onChange={(event) => onChoose(event.target.value)}
      >
        {countries.map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </select>
      {zone.estimate && <p className={styles.note}>Delivery usually takes {zone.estimate}.</p>}
      {threshold !== null && (
        <p className={styles.note} data-testid="free-delivery">
          {price.shippingPence === 0
            ? `Free delivery to ${name}: your books come to ${formatPence(threshold)} or more after any discount code.`
            : `Free delivery to ${name} on books of ${formatPence(threshold)} or more after any discount code: ${formatPence(threshold - price.booksAfterCodePence)} to go.`}
        </p>
      )}
      {isAbroad(country) && (
        <p className={styles.notice} role="note">
          {IMPORT_CHARGES_NOTICE}
        </p>
      )}
    </div>
  );
}
