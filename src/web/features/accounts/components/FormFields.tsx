/** Labelled inputs of the account forms, and the inline message area. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './auth.module.css';

export function Field({
  label,
  hint,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {/* data-autofocus: AuthDialog focuses it once the dialog is open (a closed dialog's fields cannot take focus). */}
      <input
        ref={ref}
        id={id}
        className={styles.input}
        aria-describedby={hint ? hintId : undefined}
        data-autofocus={input.autoFocus ? '' : undefined}
        {...input}
      />
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

export interface NewPassword {
  password: string;
  confirm: string;
}

/**
 * The password, 'Confirm password' and the show-password toggle: the fields of every form that
 * sets a password (sign-up, the reset link's, the one a verification link hands its browser).
 * The form checks them (`signUpProblem`, `changePasswordProblem`).
 */
export function NewPasswordFields({
  value,
  onChange,
  disabled = false,
  label = 'New password',
  hint,
  autoFocus = true,
}: {
  value: NewPassword;
  onChange: (next: NewPassword) => void;
  disabled?: boolean;
  label?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const fields = [
    { name: 'password', label, hint, autoFocus },
    { name: 'confirm', label: 'Confirm password', hint: undefined, autoFocus: false },
  ] as const;
  return (
    <>
      {fields.map((field) => (
        <Field
          key={field.name}
          {...field}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          required
          disabled={disabled}
          value={value[field.name]}
          onChange={(event) => onChange({ ...value, [field.name]: event.target.value })}
        />
      ))}
      <ShowPasswordToggle checked={shown} onChange={setShown} />
    </>
  );
}
