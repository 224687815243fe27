/** Quantity: an integer above 0, else back to 1; minus never goes below 1 (spec section 5). */
import { useId, useState } from 'react';
import { CART_QTY_MAX } from '@shared/constants';
import styles from './ProductPage.module.css';

/** The quantity a typed text stands for: a whole number 1 to 99, anything else 1. */
function parseQuantity(text: string): number {
  if (!/^\s*\d+\s*$/.test(text)) return 1;
  const value = Number(text);
  return value >= 1 ? Math.min(value, CART_QTY_MAX) : 1;
}

export function QuantityStepper({ value, onChange }: { value: number; onChange(value: number): void }) {
  const id = useId();
  // While the field is being edited it may be empty; it settles on blur.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={styles.stepper}>
      <label htmlFor={id} className={styles.stepperLabel}>
        Quantity
      </label>
      <div className={styles.stepperControls}>
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={value <= 1}
          onClick={() => onChange(Math.max(1, value - 1))}
        >
          −
        </button>
        <input
          id={id}
          inputMode="numeric"
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            if (text.trim() === '') {
              setDraft('');
              return;
            }
            setDraft(null);
            onChange(parseQuantity(text));
          }}
          onBlur={() => {
            if (draft !== null) onChange(1);
            setDraft(null);
          }}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={value >= CART_QTY_MAX}
          onClick={() => onChange(Math.min(CART_QTY_MAX, value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
