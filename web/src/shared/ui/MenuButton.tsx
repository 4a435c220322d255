import { cx } from "./cx.ts";
import { MenuIcon } from "./icons.tsx";
import styles from "./MenuButton.module.css";

interface MenuButtonProps {
  /** Whether the menu drawer it opens is open. */
  expanded: boolean;
  onOpen: () => void;
  /** The site's class, which decides where the button shows (`display`). */
  className?: string;
}

/** The "Open menu" button of a phone-width top bar: opens the site's menu drawer. */
export function MenuButton({ expanded, onOpen, className }: MenuButtonProps) {
  return (
    <button
      type="button"
      className={cx(styles.button, className)}
      aria-label="Open menu"
      aria-expanded={expanded}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <MenuIcon size={22} />
    </button>
  );
}
