/** The fields a cancel and a refund share: the reason (the contract's fixed list, in the owner's words) and a note. */
import { REFUND_REASONS, type RefundReason } from '@shared/contracts/orders';
import page from '../../../styles/admin.module.css';
import styles from './AfterSale.module.css';

const REASONS = Object.entries(REFUND_REASONS) as Array<[RefundReason, string]>;

interface Props {
  id: string;
  value: RefundReason | '';
  onChange(reason: RefundReason): void;
  /** Shown while nothing is chosen (the refund asks; a cancel starts from "Customer cancelled"). */
  placeholder?: string;
  invalid?: boolean;
}

export function ReasonField({ id, value, onChange, placeholder, invalid }: Props) {
  return (
    <div className={page.field}>
      <label className={page.label} htmlFor={id}>
        Reason
      </label>
      <select
        id={id}
        className={page.input}
        value={value}
        required
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value as RefundReason)}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {REASONS.map(([reason, label]) => (
          <option key={reason} value={reason}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The owner's note, kept with the refund or cancel. */
export function NoteField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange(note: string): void;
  disabled?: boolean;
}) {
  return (
    <div className={page.field}>
      <label className={page.label} htmlFor={id}>
        Note <span className={page.hint}>(optional, kept with the order)</span>
      </label>
      <textarea
        id={id}
        className={`${page.input} ${styles.note}`}
        value={value}
        maxLength={1000}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
