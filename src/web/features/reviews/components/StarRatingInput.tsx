/**
 * The 1-to-5 star rating of a review form: a real radio group (fieldset + legend), so Tab reaches
 * it and the arrow keys choose, as with any radio buttons. Each radio lies over its star, so a
 * click or tap on the star chooses it; hovering previews the rating.
 */
import { useState } from 'react';
import { STAR_COUNT, StarShape } from '../../../components/Stars';
import styles from './StarRatingInput.module.css';

interface StarRatingInputProps {
  name: string;
  value: number;
  onChange(value: number): void;
  legend?: string;
  errorId?: string;
  error?: string | null;
}

const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

export function StarRatingInput({
  name,
  value,
  onChange,
  legend = 'Your rating',
  errorId,
  error,
}: StarRatingInputProps) {
  const [preview, setPreview] = useState(0);
  const shown = preview || value;
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.row}>
        <div className={styles.stars} onMouseLeave={() => setPreview(0)}>
          {Array.from({ length: STAR_COUNT }, (_, i) => i + 1).map((n) => (
            <label key={n} className={styles.star} onMouseEnter={() => setPreview(n)}>
              <input
                className={styles.input}
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={starLabel(n)}
              />
              <StarShape filled={n <= shown} />
            </label>
          ))}
        </div>
        <span className={styles.caption} aria-hidden="true">
          {shown ? `${shown} out of ${STAR_COUNT}` : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
