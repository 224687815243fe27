/**
 * The modal the login, sign-up and change-password forms live in, over the home page. A native
 * <dialog> opened with showModal(): focus moves in and stays in, Escape closes, the page behind is
 * inert. Closing (the × link or Escape) goes back to /.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CloseIcon } from '../../../components/icons';
import styles from './auth.module.css';

export function AuthDialog({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // A form drawn in the browser (not by the server) asked for focus while the dialog was closed.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        navigate('/');
      }}
    >
      <div className={styles.card}>
        <Link to="/" className={styles.close} aria-label="Close">
          <CloseIcon width={22} height={22} aria-hidden="true" />
        </Link>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
        {footer && <p className={styles.footer}>{footer}</p>}
      </div>
    </dialog>
  );
}
