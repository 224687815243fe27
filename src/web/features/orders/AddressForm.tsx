/**
 * A delivery address form (issue 27): the customer's correction in their order history, and the
 * owner's correction and a replacement's address on the order's page. The server checks it by the
 * checkout's rule and answers every bad field in words, shown above the buttons.
 */
import { useId, useState, type FormEvent } from 'react';
import type { DeliveryAddressInput } from '@shared/contracts/orders';
import { ADDRESS_FIELDS, ADDRESS_LABELS, ADDRESS_MAX, type DeliveryAddress } from '@shared/delivery-address';
import { Button } from '../../components/Button';
import styles from './Aftercare.module.css';

const EMPTY: DeliveryAddress = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  county: '',
  postcode: '',
  country: 'GB',
  phone: '',
};

export function AddressFields({
  value,
  onChange,
}: {
  value: DeliveryAddress;
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
          <input
            id={`${id}-${field}`}
            className={styles.input}
            value={value[field]}
            maxLength={ADDRESS_MAX[field] * 2}
            autoComplete="off"
            onChange={(event) => onChange({ ...value, [field]: event.target.value })}
          />
        </div>
      ))}
    </div>
  );
}

export function AddressForm({
  initial,
  label,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: DeliveryAddress | null;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (address: DeliveryAddressInput) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState<DeliveryAddress>(initial ?? EMPTY);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <form className={styles.form} aria-label={label} onSubmit={submit} noValidate>
      <AddressFields value={value} onChange={setValue} />
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
