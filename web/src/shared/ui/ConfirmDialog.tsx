import { AlertDialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Alert } from "./Alert.tsx";
import { Button } from "./Button.tsx";
import styles from "./Dialog.module.css";
import { useReturnFocus } from "./returnFocus.ts";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What will happen, e.g. 'This action cannot be undone.' */
  description: ReactNode;
  /** Details of what is affected (learner, amount, status...). */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  /**
   * Runs the action. The dialog stays open with a spinner until it settles: it closes on success and shows the
   * thrown error's message otherwise, so the user can retry or cancel.
   */
  onConfirm: () => unknown;
}

/** Asks before a destructive action. An alert dialog: it does not close when clicking outside. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  tone = "danger",
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const returnFocus = useReturnFocus();

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content {...returnFocus} className={styles.content}>
          <div className={styles.header}>
            <div>
              <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
              <AlertDialog.Description className={styles.description}>{description}</AlertDialog.Description>
            </div>
          </div>
          <div className={styles.body}>
            {children}
            {error && (
              <Alert tone="error" className={styles.error}>
                {error}
              </Alert>
            )}
          </div>
          <div className={styles.footer}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={tone} loading={pending} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
