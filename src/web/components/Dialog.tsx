/**
 * A modal dialog on the native <dialog> (as the reviews' ConfirmDialog, decision 052): the browser
 * keeps focus inside it, Escape closes it, focus returns to what opened it. Its body is the
 * caller's (a form with its own buttons); while `busy` (a request under way) it cannot be closed,
 * so a click outside never leaves a half-known outcome behind.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  title: string;
  busy?: boolean;
  /** Wider, for a form with a table (the refund's lines). */
  wide?: boolean;
  onClose(): void;
  children: ReactNode;
}

export function Dialog({ open, title, busy = false, wide = false, onClose, children }: DialogProps) {
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
      aria-labelledby={titleId}
      className={`${styles.dialog} ${wide ? styles.wide : ''}`}
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
