/**
 * A modal confirmation (decision 052): the shop's Dialog as an `alertdialog` with the question, a
 * Cancel and a confirm button. Escape and a click outside cancel; focus returns to the button that
 * opened it. Styled like the shop, unlike window.confirm.
 */
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import styles from './ConfirmDialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Submit',
  cancelLabel = 'Cancel',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      title={title}
      busy={busy}
      size="narrow"
      role="alertdialog"
      describedBy={children ? bodyId : undefined}
      onClose={onCancel}
    >
      {children ? (
        <div id={bodyId} className={styles.body}>
          {children}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
