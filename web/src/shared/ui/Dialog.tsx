import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cx } from "./cx.ts";
import styles from "./Dialog.module.css";
import { XIcon } from "./icons.tsx";
import { useReturnFocus } from "./returnFocus.ts";

interface DialogProps {
  title: ReactNode;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  /** An element that opens the dialog (e.g. a Button); leave out when `open` is controlled from outside. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Buttons along the bottom edge, e.g. Cancel and Save. */
  footer?: ReactNode;
  size?: "normal" | "wide";
  children?: ReactNode;
}

/** A modal dialog: focus stays inside while open, Escape and the close button close it, focus returns after. */
export function Dialog({ title, description, trigger, open, onOpenChange, footer, size = "normal", children }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          {...returnFocus}
          className={cx(styles.content, size === "wide" && styles.wide)}
          // Without a description Radix must be told so, or it warns that the dialog is not described.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className={styles.header}>
            <div>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
            </div>
            <RadixDialog.Close className={styles.close} aria-label="Close">
              <XIcon />
            </RadixDialog.Close>
          </div>
          {children && <div className={styles.body}>{children}</div>}
          {footer && <div className={styles.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a footer button that closes the dialog: `<DialogClose asChild><Button variant="secondary">Cancel</Button></DialogClose>`. */
export const DialogClose = RadixDialog.Close;
