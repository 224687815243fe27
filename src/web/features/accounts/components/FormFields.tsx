/** Labelled inputs of the account forms, and the inline message area. */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './auth.module.css';

export function Field({ label, hint, ref, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input ref={ref} id={id} className={styles.input} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The spec's show-password toggle: one checkbox that shows every password field of the form. */
export function ShowPasswordToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.toggle}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      Show password
    </label>
  );
}

export type Notice = { tone: 'error' | 'info' | 'success'; text: string; action?: ReactNode };

/** A message inside the form: errors are alerts (read out at once), the rest polite status. */
export function FormNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return <div role="status" aria-live="polite" className="visually-hidden" />;
  return (
    <div className={`${styles.notice} ${styles[notice.tone]}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      <span>{notice.text}</span>
      {notice.action}
    </div>
  );
}
