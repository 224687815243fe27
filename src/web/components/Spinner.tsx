import styles from './Spinner.module.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.center} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** For a button whose action is running: the button's text says what is happening ("Saving…"). */
export function InlineSpinner() {
  return <span className={styles.inline} aria-hidden="true" />;
}
