/**
 * A delivery address form (issue 27): the customer's correction in their order history, and the
 * owner's correction and a replacement's address on the order's page. Country is a choice of the
 * countries the server accepts for the order (`address_countries`: the zone it was priced with,
 * decisions 143 and 164), shown even when there is only one. The server checks the rest by the
 * checkout's rule and answers every bad field in words, shown above the buttons.
 */
import { useId, useState, type FormEvent } from 'react';
import type { DeliveryAddressInput } from '@shared/contracts/orders';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  ADDRESS_MAX,
  byCountryName,
  countryName,
  type DeliveryAddress,
} from '@shared/delivery-address';
import { HOME_COUNTRY } from '@shared/delivery-zones';
import { Button } from '../../components/Button';
import styles from './Aftercare.module.css';

/**
 * What the form starts with: the order's address, or an empty one. Its country only when the order
 * may go there (else none, so the person chooses); an empty one's the home country, or the only one.
 */
export function startingAddress(initial: DeliveryAddress | null, countries: readonly string[]): DeliveryAddress {
  const country = initial?.country ?? (countries.length === 1 ? countries[0]! : HOME_COUNTRY);
  return {
    name: '',
    line1: '',
    line2: '',
    city: '',
    county: '',
    postcode: '',
    phone: '',
    ...initial,
    country: countries.includes(country) ? country : '',
  };
}

/** Country: a select of the countries the order may go to, by name; one country is shown, fixed. */
function CountrySelect({
  id,
  value,
  countries,
  onChange,
}: {
  id: string;
  value: string;
  countries: readonly string[];
  onChange: (country: string) => void;
}) {
  const fixed = countries.length === 1 && countries[0] === value;
  const known = countries.includes(value);
  return (
    <>
      <select
        id={id}
        className={styles.input}
        value={known ? value : ''}
        disabled={fixed}
        aria-describedby={fixed ? `${id}-only` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {!known && (
          <option value="" disabled>
            Choose a country
          </option>
        )}
        {byCountryName(countries).map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </select>
      {fixed && (
        <p id={`${id}-only`} className={styles.hint}>
          Delivery was priced for this country only.
        </p>
      )}
    </>
  );
}

export function AddressFields({
  value,
  countries,
  onChange,
}: {
  value: DeliveryAddress;
  /** The countries the server accepts for this order (`address_countries`). */
  countries: readonly string[];
  onChange: (next: DeliveryAddress) => void;
}) {
  const id = useId();
  return (
    <div className={styles.addressFields}>
      {ADDRESS_FIELDS.map((field) => (
        <div key={field} className={`${styles.field} ${field.startsWith('line') ? styles.wide : ''}`}>
          <label htmlFor={`${id}-${field}`} className={styles.label}>
            {ADDRESS_LABELS[field]}
          </label>
          {field === 'country' ? (
            <CountrySelect
              id={`${id}-${field}`}
              value={value.country}
              countries={countries}
              onChange={(country) => onChange({ ...value, country })}
            />
          ) : (
            <input
              id={`${id}-${field}`}
              className={styles.input}
              value={value[field]}
              maxLength={ADDRESS_MAX[field] * 2}
              autoComplete="off"
              onChange={(event) => onChange({ ...value, [field]: event.target.value })}
            />
          )}
        </div>
      ))}
    </div>
  );
}

export function AddressForm({
  initial,
  countries,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: DeliveryAddress | null;
  /** The countries the server accepts for this order (`address_countries`). */
  countries: readonly string[];
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (address: DeliveryAddressInput) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState<DeliveryAddress>(() => startingAddress(initial, countries));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <form className={styles.form} aria-label={label} onSubmit={submit} noValidate>
      <AddressFields value={value} countries={countries} onChange={setValue} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
