/**
 * A modal dialog on the native <dialog> (decision 052): the browser keeps focus inside it, Escape
 * closes it, focus returns to what opened it. Its body is the caller's (a form with its own
 * buttons, or the reviews' ConfirmDialog); while `busy` (a request under way) it cannot be closed,
 * so a click outside never leaves a half-known outcome behind.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  title: string;
  busy?: boolean;
  /** Wider, for a form with a table (the refund's lines); narrow, for a question and two buttons. */
  size?: 'narrow' | 'normal' | 'wide';
  /** `alertdialog` for a question that needs an answer before anything else (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that says what the dialog is about, besides its title. */
  describedBy?: string;
  onClose(): void;
  children: ReactNode;
}

export function Dialog({
  open,
  title,
  busy = false,
  size = 'normal',
  role = 'dialog',
  describedBy,
  onClose,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`${styles.dialog} ${size === 'normal' ? '' : styles[size]}`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog box itself, outside its content) closes it.
        if (event.target === ref.current && !busy) onClose();
      }}
    >
      {open && (
        <div className={styles.content}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
