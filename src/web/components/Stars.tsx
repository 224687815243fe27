/**
 * A read-only row of five stars for a rating: `<Stars value={4.33} />` shows four filled stars
 * (the spec rounds the average) and reads "Rated 4 out of 5" to a screen reader.
 */
import styles from './Stars.module.css';

export const STAR_COUNT = 5;

/** The whole number of stars a rating shows: rounded, between 0 and 5. */
export function starsFor(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(STAR_COUNT, Math.max(0, Math.round(value)));
}

export function StarShape({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      className={filled ? styles.filled : styles.empty}
    >
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
    </svg>
  );
}

export function Stars({ value, size = 'md', label }: { value: number; size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const filled = starsFor(value);
  return (
    <span
      className={`${styles.stars} ${styles[size]}`}
      role="img"
      aria-label={label ?? `Rated ${filled} out of ${STAR_COUNT}`}
    >
      {Array.from({ length: STAR_COUNT }, (_, i) => (
        <StarShape key={i} filled={i < filled} />
      ))}
    </span>
  );
}
