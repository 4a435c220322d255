import { Dialog as RadixDialog } from "radix-ui";
import type { FormEvent, ReactNode, Ref } from "react";
import { Button, type ButtonVariant } from "./Button.tsx";
import { cx } from "./cx.ts";
import styles from "./Dialog.module.css";
import formStyles from "./FormDialog.module.css";
import { XIcon } from "./icons.tsx";
import { useReturnFocus } from "./returnFocus.ts";

interface FormDialogProps {
  title: ReactNode;
  description?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's text, e.g. 'Add Invoice'. */
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** While the submission runs: the submit button spins and the dialog cannot be dismissed half-way. */
  pending?: boolean;
  formRef?: Ref<HTMLFormElement>;
  size?: "normal" | "wide";
  children: ReactNode;
}

/**
 * A modal dialog holding a form: header, scrolling fields, and a footer with Cancel and the submit button, all inside
 * one `<form>` so Enter submits it. Focus stays inside, Escape and Cancel close it (not while submitting).
 */
export function FormDialog({
  title,
  description,
  open,
  onOpenChange,
  onSubmit,
  submitLabel,
  submitVariant = "primary",
  pending = false,
  formRef,
  size = "normal",
  children,
}: FormDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next || !pending) && onOpenChange(next)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          {...returnFocus}
          className={cx(styles.content, size === "wide" && styles.wide)}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <form ref={formRef} className={formStyles.form} onSubmit={onSubmit} noValidate>
            <div className={styles.header}>
              <div>
                <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
                {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
              </div>
              <RadixDialog.Close className={styles.close} aria-label="Close" disabled={pending}>
                <XIcon />
              </RadixDialog.Close>
            </div>
            <div className={cx(styles.body, formStyles.fields)}>{children}</div>
            <div className={styles.footer}>
              <RadixDialog.Close asChild>
                <Button variant="secondary" disabled={pending}>
                  Cancel
                </Button>
              </RadixDialog.Close>
              <Button type="submit" variant={submitVariant} loading={pending}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
