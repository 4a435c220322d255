import { DropdownMenu as RadixMenu } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx.ts";
import styles from "./DropdownMenu.module.css";
import { useReturnFocus } from "./returnFocus.ts";

interface DropdownMenuProps {
  /** The element that opens the menu; it gets the keyboard and ARIA wiring. */
  trigger: ReactNode;
  /** A heading inside the menu, e.g. the signed-in e-mail. */
  label?: ReactNode;
  align?: "start" | "center" | "end";
  children: ReactNode;
}

/** A menu of actions or links, opened by a button; arrow keys move, Escape closes, focus returns to the button. */
export function DropdownMenu({ trigger, label, align = "end", children }: DropdownMenuProps) {
  const returnFocus = useReturnFocus();
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its controls stay focusable, which
    // axe reports (aria-hidden-focus). The menu still keeps Tab inside, closes on Escape and on a click outside.
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content {...returnFocus} className={styles.content} align={align} sideOffset={6}>
          {label && <RadixMenu.Label className={styles.label}>{label}</RadixMenu.Label>}
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

/** One entry; pass `asChild` with a router Link inside for navigation entries. */
export function DropdownMenuItem({
  destructive = false,
  className,
  ...rest
}: ComponentProps<typeof RadixMenu.Item> & { destructive?: boolean }) {
  return <RadixMenu.Item className={cx(styles.item, destructive && styles.destructive, className)} {...rest} />;
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className={styles.separator} />;
}
