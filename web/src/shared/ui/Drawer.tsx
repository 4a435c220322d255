import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cx } from "./cx.ts";
import styles from "./Drawer.module.css";
import { XIcon } from "./icons.tsx";
import { useReturnFocus } from "./returnFocus.ts";

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the panel for screen readers, e.g. 'Menu'. */
  title: string;
  side?: "left" | "right";
  children: ReactNode;
}

/** A panel sliding in from the side on small screens (the navigation menu); a modal dialog underneath. */
export function Drawer({ open, onOpenChange, title, side = "left", children }: DrawerProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content {...returnFocus} className={cx(styles.content, side === "right" && styles.right)} aria-describedby={undefined}>
          <RadixDialog.Title className="visually-hidden">{title}</RadixDialog.Title>
          <RadixDialog.Close className={styles.close} aria-label="Close menu">
            <XIcon />
          </RadixDialog.Close>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
